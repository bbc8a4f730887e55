import { CONTROLS_HEIGHT } from './carousel';

/** One Hot Topics box (SPEC §2 Home page, item 1): an icon, a title, a subtitle and its carousel. */
export function TopicBox({
  title,
  icon,
  subtitle,
  children,
  busy,
}: {
  title: string;
  icon: React.ReactNode;
  subtitle: string;
  children: React.ReactNode;
  busy: boolean;
}) {
  const id = title.toLowerCase().replace(/\W+/g, '-');
  return (
    <div
      className="flex min-w-0 flex-col rounded-3xl bg-ink-50/80 p-4 ring-1 ring-ink-200/70 sm:p-5"
      aria-busy={busy || undefined}
    >
      <div className="mb-4 flex items-center gap-3">
        <span className="grid size-10 place-items-center rounded-xl bg-white text-brand-600 ring-1 ring-ink-200">
          {icon}
        </span>
        <div>
          <h3 id={id} className="text-lg font-semibold text-ink-900">
            {title}
          </h3>
          <p className="text-xs text-ink-500">{subtitle}</p>
        </div>
      </div>
      {children}
    </div>
  );
}

/** Card plus the carousel's control row: the loaded carousel takes exactly this space. */
export function SkeletonCard() {
  return (
    <div>
      <div className="h-[23rem] rounded-card bg-white p-5 ring-1 ring-ink-200/70" aria-hidden="true">
        <div className="h-5 w-24 rounded-full bg-ink-100 motion-safe:animate-pulse" />
        <div className="mt-4 h-5 w-3/4 rounded bg-ink-100 motion-safe:animate-pulse" />
        <div className="mt-3 h-4 w-full rounded bg-ink-100 motion-safe:animate-pulse" />
        <div className="mt-2 h-4 w-5/6 rounded bg-ink-100 motion-safe:animate-pulse" />
        <div className="mt-2 h-4 w-2/3 rounded bg-ink-100 motion-safe:animate-pulse" />
      </div>
      <div className={CONTROLS_HEIGHT} />
    </div>
  );
}

/** A placeholder the size of a card, for empty and error states. */
export function CardPlaceholder({ children }: { children: React.ReactNode }) {
  return (
    <div className="mb-20 sm:mb-12 grid h-[23rem] place-items-center rounded-card bg-white p-6 text-center text-sm text-ink-500 ring-1 ring-ink-200/70">
      {children}
    </div>
  );
}
