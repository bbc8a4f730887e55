import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

export interface PageHeaderProps {
  title: ReactNode;
  /** A short line above the title (section or context). */
  eyebrow?: ReactNode;
  description?: ReactNode;
  /** Buttons or links, to the right on wide screens. */
  actions?: ReactNode;
  className?: string;
}

/** The page's h1 with its supporting text; one per page. */
export function PageHeader({ title, eyebrow, description, actions, className }: PageHeaderProps) {
  return (
    <header className={cn('flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="min-w-0">
        {eyebrow ? (
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-ink-900 sm:text-title">{title}</h1>
        {description ? (
          <p className="mt-2 max-w-2xl text-base leading-relaxed text-ink-600">{description}</p>
        ) : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}
