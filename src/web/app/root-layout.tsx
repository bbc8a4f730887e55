import { lazy, Suspense, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { readLocalFlag } from '#web/lib/token-storage.ts';
import { NavBar } from './nav-bar';
import { usePageLoading } from './page-loading';
import { PERF_FLAG_KEY } from './perf-flag';
import { ErrorBoundary, RouteError } from './route-error';
import { ScrollRestoration } from './scroll-restoration';

// Only fetched when the debug flag is set, so normal visitors never download web-vitals.
const PerfMonitor = lazy(() => import('./perf-monitor'));

function NavigationProgress() {
  if (!usePageLoading()) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden"
    >
      <div className="h-full w-full origin-left bg-linear-to-r from-brand-500 via-accent-500 to-brand-500 motion-safe:animate-pulse" />
    </div>
  );
}

function Footer() {
  return (
    <footer className="border-t border-ink-200/70 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-ink-500 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>
          © {new Date().getFullYear()} Futurecast. Publish a prediction about the future and find out how good
          it is.
        </p>
        <ul className="flex gap-4">
          <li>
            <Link to="/submit" className="rounded hover:text-ink-800">
              Submit
            </Link>
          </li>
          <li>
            <Link to="/analytics" className="rounded hover:text-ink-800">
              Analytics
            </Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}

/** Holds the viewport while the first page's code arrives, so the footer never jumps down (CLS). */
function PageFallback() {
  return <div className="min-h-dvh" aria-busy="true" />;
}

export function RootLayout() {
  const { pathname } = useLocation();
  const [showPerf] = useState(() => readLocalFlag(PERF_FLAG_KEY) === '1');
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <NavigationProgress />
      <NavBar />
      {/* At least a screen tall (less the 4rem bar): the footer starts below the fold, so a page
          whose content arrives after its first paint never shifts it inside the viewport. */}
      <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 focus:outline-none">
        {/* Suspends only on the first page: later navigations keep the old page until the next is ready. */}
        <Suspense fallback={<PageFallback />}>
          <ErrorBoundary fallback={<RouteError />} resetKey={pathname}>
            <Outlet />
          </ErrorBoundary>
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
      {showPerf ? (
        <Suspense fallback={null}>
          <PerfMonitor />
        </Suspense>
      ) : null}
    </div>
  );
}
