import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** A decorative icon element, e.g. `<ChartIcon />`. */
  icon?: ReactNode;
  /** A button or link that gets the visitor going. */
  action?: ReactNode;
  /** Heading level of the title, to fit the page outline. */
  headingLevel?: 2 | 3;
  className?: string;
}

export function EmptyState({
  title,
  description,
  icon,
  action,
  headingLevel = 2,
  className,
}: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div
      className={cn(
        'flex flex-col items-center rounded-card border border-dashed border-ink-300 bg-white/60 px-6 py-12 text-center',
        className,
      )}
    >
      {icon ? (
        <div className="mb-4 grid size-12 place-items-center rounded-full bg-brand-50 text-brand-600 [&>svg]:size-6">
          {icon}
        </div>
      ) : null}
      <Heading className="text-lg font-semibold text-ink-900">{title}</Heading>
      {description ? (
        <p className="mt-2 max-w-md text-sm leading-relaxed text-ink-600">{description}</p>
      ) : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
