import type { HTMLAttributes } from 'react';
import { cn } from '#web/lib/cn.ts';

const tones = {
  default: 'bg-white ring-1 ring-ink-200/70 shadow-card',
  muted: 'bg-ink-50 ring-1 ring-ink-200/70',
  brand: 'bg-brand-50 ring-1 ring-brand-100',
} as const;

const paddings = { none: '', sm: 'p-4', md: 'p-5 sm:p-6', lg: 'p-6 sm:p-8' } as const;

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'section' | 'article' | 'aside' | 'li';
  tone?: keyof typeof tones;
  padding?: keyof typeof paddings;
}

export function Card({ as: Tag = 'div', tone = 'default', padding = 'md', className, ...rest }: CardProps) {
  return <Tag className={cn('rounded-card', tones[tone], paddings[padding], className)} {...rest} />;
}
