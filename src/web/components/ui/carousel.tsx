import useEmblaCarousel from 'embla-carousel-react';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { cn } from '#web/lib/cn.ts';
import { useReducedMotion } from '#web/lib/use-reduced-motion.ts';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from './icons';

// An auto-rotating carousel on Embla (SPEC.md §4 'Carousels', §9 timings) following the WAI-ARIA
// tabbed carousel pattern: a labelled region, previous/next buttons, a rotation control, the dots
// as one tab list (one tab stop; arrow keys, Home and End move between slides), the slides as its
// tab panels, and a polite live region only while rotation is off. Hidden slides are inert, so
// keyboard focus never lands off-screen. Keyboard focus anywhere in it holds rotation. No
// auto-advance under reduced motion.

/**
 * The control row's height, loaded or not: arrows and rotation button (36 px), with the dots on a
 * row of their own below them on a phone. Placeholders (skeletons, empty states) reserve the same.
 */
export const CONTROLS_HEIGHT = 'mt-3 h-[4.25rem] sm:h-9';

interface CarouselTimings {
  /** Auto-advance every… */
  intervalMs: number;
  /** Rotation restarts this long after an arrow is used… */
  resumeAfterArrowMs: number;
  /** …or a dot is clicked. */
  resumeAfterDotMs: number;
}

export interface CarouselProps extends CarouselTimings {
  /** Names the region ('Community Predictions'). */
  label: string;
  /** What one slide is, for button names ('prediction' → 'Next prediction'). */
  itemName: string;
  /** Its plural, when adding an 's' is wrong ('stories'). */
  itemNamePlural?: string;
  slides: ReactNode[];
  /** Holds rotation (e.g. while a comment box is open or focused). */
  hold?: boolean;
  className?: string;
}

export function Carousel({
  label,
  itemName,
  itemNamePlural = `${itemName}s`,
  slides,
  hold = false,
  intervalMs,
  resumeAfterArrowMs,
  resumeAfterDotMs,
  className,
}: CarouselProps) {
  const reduced = useReducedMotion();
  const [viewportRef, api] = useEmblaCarousel({ loop: slides.length > 1, align: 'start', duration: 22 });
  const [selected, setSelected] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [touching, setTouching] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [holdUntil, setHoldUntil] = useState(0);
  const id = useId();
  const count = slides.length;
  const sectionRef = useRef<HTMLElement>(null);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    onSelect();
    api.on('select', onSelect).on('reInit', onSelect);
    return () => {
      api.off('select', onSelect).off('reInit', onSelect);
    };
  }, [api]);

  // Keyboard focus inside the carousel holds rotation, so what is being read never slides away.
  // Focus a mouse click leaves on a button (:focus-visible does not match it) does not: once the
  // pointer leaves, rotation goes on.
  useEffect(() => {
    const root = sectionRef.current;
    if (!api || !root) return;
    const onIn = (e: FocusEvent) =>
      setFocusInside(e.target instanceof Element && e.target.matches(':focus-visible'));
    const onOut = (e: FocusEvent) => {
      if (!root.contains(e.relatedTarget as Node | null)) setFocusInside(false);
    };
    root.addEventListener('focusin', onIn);
    root.addEventListener('focusout', onOut);
    return () => {
      root.removeEventListener('focusin', onIn);
      root.removeEventListener('focusout', onOut);
    };
  }, [api]);

  const rotating = !reduced && !stopped && count > 1;
  const paused = hovered || touching || focusInside || hold;

  // One timer: the next advance is an interval after the last change, plus any manual hold.
  useEffect(() => {
    if (!api || !rotating || paused) return;
    const wait = Math.max(0, holdUntil - Date.now()) + intervalMs;
    const timer = setTimeout(() => api.scrollNext(), wait);
    return () => clearTimeout(timer);
  }, [api, rotating, paused, holdUntil, intervalMs, selected]);

  const go = useCallback(
    (move: 'prev' | 'next' | number) => {
      if (!api) return;
      if (move === 'prev') api.scrollPrev(reduced);
      else if (move === 'next') api.scrollNext(reduced);
      else api.scrollTo(move, reduced);
      setHoldUntil(Date.now() + (typeof move === 'number' ? resumeAfterDotMs : resumeAfterArrowMs));
    },
    [api, reduced, resumeAfterArrowMs, resumeAfterDotMs],
  );

  // The tab list's keys (WAI-ARIA tabs): the newly shown slide's tab takes focus.
  const onTabKey = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowDown: selected + 1,
      ArrowLeft: selected - 1,
      ArrowUp: selected - 1,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + count) % count;
    go(next);
    tabs.current[next]?.focus();
  };

  const arrow =
    'grid size-9 place-items-center rounded-full bg-white text-ink-700 ring-1 ring-ink-200 shadow-sm transition hover:bg-brand-50 hover:text-brand-700 disabled:opacity-40';

  return (
    <section
      ref={sectionRef}
      aria-roledescription="carousel"
      aria-label={label}
      className={cn('flex min-w-0 flex-col', className)}
      // Hover is a mouse's (or a pen's): a tap fires compatibility mouse events too, and no
      // 'mouseleave' follows it until the next tap elsewhere, which would pause rotation for good.
      onPointerEnter={(e) => setHovered(e.pointerType !== 'touch')}
      onPointerLeave={() => setHovered(false)}
      onTouchStart={() => setTouching(true)}
      onTouchEnd={() => setTouching(false)}
      onTouchCancel={() => setTouching(false)}
    >
      {/* Positioned, so Embla measures the slides and their container from the same origin:
          otherwise a window resize re-measures the slides against the (transformed) container
          and shifts every slide by the viewport's offset on the page. */}
      <div ref={viewportRef} className="relative overflow-hidden">
        <div
          id={`${id}-slides`}
          className="flex touch-pan-y"
          aria-live={rotating && !paused ? 'off' : 'polite'}
        >
          {slides.map((slide, i) => (
            <div
              key={i}
              id={`${id}-slide-${i}`}
              role="tabpanel"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              inert={i !== selected}
              className="min-w-0 shrink-0 grow-0 basis-full px-0.5 pb-1"
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {count <= 1 ? (
        <div className={CONTROLS_HEIGHT} />
      ) : (
        <div className={cn(CONTROLS_HEIGHT, 'flex flex-wrap items-center justify-between gap-x-2 gap-y-2')}>
          <div className="flex items-center gap-2">
            <button
              type="button"
              className={arrow}
              aria-controls={`${id}-slides`}
              aria-label={`Previous ${itemName}`}
              onClick={() => go('prev')}
            >
              <ChevronLeftIcon className="size-5" />
            </button>
            <button
              type="button"
              className={arrow}
              aria-controls={`${id}-slides`}
              aria-label={`Next ${itemName}`}
              onClick={() => go('next')}
            >
              <ChevronRightIcon className="size-5" />
            </button>
          </div>
          {/* Below the arrows on a phone, so every dot keeps a 24 px target (WCAG 2.5.8). */}
          <div
            role="tablist"
            aria-label={`Choose a ${itemName}`}
            onKeyDown={onTabKey}
            className="order-last flex w-full min-w-0 flex-wrap items-center justify-center sm:order-none sm:w-auto sm:flex-1"
          >
            {slides.map((_, i) => (
              <button
                key={i}
                ref={(el) => {
                  tabs.current[i] = el;
                }}
                type="button"
                role="tab"
                aria-label={`Show ${itemName} ${i + 1}`}
                aria-selected={i === selected}
                aria-controls={`${id}-slide-${i}`}
                tabIndex={i === selected ? 0 : -1}
                onClick={() => go(i)}
                className="group grid size-6 shrink-0 place-items-center rounded-full"
              >
                <span
                  className={cn(
                    'block size-2 rounded-full transition-all',
                    i === selected ? 'w-5 bg-brand-600' : 'bg-ink-300 group-hover:bg-ink-400',
                  )}
                />
              </button>
            ))}
          </div>
          {reduced ? (
            <span className="size-9" />
          ) : (
            <button
              type="button"
              className={arrow}
              aria-label={`${stopped ? 'Start' : 'Stop'} rotating ${itemNamePlural}`}
              onClick={() => setStopped((s) => !s)}
            >
              {stopped ? <PlayIcon className="size-4" /> : <PauseIcon className="size-4" />}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
