import type { ReactNode } from 'react';
import { Card } from './card';

/** One section of a settings page: a heading, what it does, and its controls. */
export function SettingsCard({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby={id} padding="lg">
      <h2 id={id} className="text-lg font-semibold text-ink-900">
        {title}
      </h2>
      <p className="mt-1 max-w-2xl text-sm leading-relaxed text-ink-600">{description}</p>
      <div className="mt-6">{children}</div>
    </Card>
  );
}
