import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

// What React Router's <ScrollRestoration> does for data routers, for our declarative routes: a new
// page starts at the top (or at its #hash), Back and Forward return to where the reader was, and
// the positions survive a reload (sessionStorage, like the browser's own history).

const STORAGE_KEY = 'futurecast:scroll-positions';

function readPositions(): Record<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return saved !== null && typeof saved === 'object' ? (saved as Record<string, number>) : {};
  } catch {
    return {};
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** How long a restored position waits for the page to grow tall enough to hold it. */
const SETTLE_MS = 2_000;

/**
 * Scrolls to `y` each time the document grows, until it is reached, the reader scrolls by hand, or
 * SETTLE_MS pass. Returns the cleanup for the layout effect (a new navigation stops it).
 */
function settleAt(y: number): () => void {
  const reader = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  const observer = new ResizeObserver(() => {
    window.scrollTo(0, y);
    if (window.scrollY >= y - 1) stop();
  });
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of reader) window.removeEventListener(type, stop);
  };
  const timer = setTimeout(stop, SETTLE_MS);
  for (const type of reader) window.addEventListener(type, stop, { passive: true, once: true });
  observer.observe(document.body);
  return stop;
}

export function ScrollRestoration() {
  const location = useLocation();
  const action = useNavigationType();
  const positions = useRef<Record<string, number> | null>(null);
  const currentKey = useRef(location.key);
  const currentPage = useRef<string | null>(null);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // Scroll events arrive after the commit that changed the page, so they are filed under its key.
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        positions.current ??= readPositions();
        positions.current[currentKey.current] = window.scrollY;
      });
    };
    const save = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current ?? {}));
      } catch {
        // Storage full or disabled: positions last as long as the page.
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    const page = location.pathname + location.search;
    const samePage = currentPage.current === page;
    currentPage.current = page;
    // A skip link or another plain in-page anchor: the browser has already scrolled to it.
    if (samePage && action === 'POP' && location.hash !== '') return;
    if (action === 'POP') {
      positions.current ??= readPositions();
      const saved = positions.current[location.key];
      if (saved !== undefined) {
        window.scrollTo(0, saved);
        // Below a placeholder-sized stretch (the home page's .below-the-fold) the page may still be
        // shorter than it was, so the browser clamps the position; follow the page as it grows.
        if (window.scrollY < saved - 1) return settleAt(saved);
        return;
      }
    }
    if (location.hash) {
      const target = document.getElementById(safeDecode(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (action !== 'POP') window.scrollTo(0, 0);
  }, [location.key, location.pathname, location.search, location.hash, action]);

  return null;
}
