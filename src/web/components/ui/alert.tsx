import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';
import { CheckCircleIcon, CloseIcon, ErrorIcon, InfoIcon, WarningIcon } from './icons';

type AlertVariant = 'info' | 'success' | 'warning' | 'error';

const styles: Record<AlertVariant, { box: string; icon: string; Icon: typeof InfoIcon }> = {
  info: { box: 'bg-sky-50 text-sky-900 ring-sky-200', icon: 'text-sky-600', Icon: InfoIcon },
  success: {
    box: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
    icon: 'text-emerald-600',
    Icon: CheckCircleIcon,
  },
  warning: { box: 'bg-amber-50 text-amber-950 ring-amber-200', icon: 'text-amber-600', Icon: WarningIcon },
  error: { box: 'bg-red-50 text-red-900 ring-red-200', icon: 'text-red-600', Icon: ErrorIcon },
};

export interface AlertProps {
  variant?: AlertVariant;
  title?: ReactNode;
  /** The title's element: a heading where the alert heads a section of the page (default: a paragraph). */
  titleAs?: 'p' | 'h2' | 'h3';
  children?: ReactNode;
  /** When given, a close button appears and calls it. */
  onDismiss?: () => void;
  /** Buttons or links shown under the message. */
  actions?: ReactNode;
  className?: string;
}

/** Errors are announced assertively (role="alert"); the other variants politely (role="status"). */
export function Alert({
  variant = 'info',
  title,
  titleAs: Title = 'p',
  children,
  onDismiss,
  actions,
  className,
}: AlertProps) {
  const { box, icon, Icon } = styles[variant];
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-xl p-4 text-sm ring-1 ring-inset', box, className)}
    >
      <Icon className={cn('mt-0.5 size-5 shrink-0', icon)} />
      <div className="min-w-0 flex-1">
        {title ? <Title className="font-semibold">{title}</Title> : null}
        {children ? <div className={cn('leading-relaxed', Boolean(title) && 'mt-1')}>{children}</div> : null}
        {actions ? <div className="mt-3 flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          className="-m-1 size-8 shrink-0 rounded-lg p-1.5 opacity-70 transition hover:bg-black/5 hover:opacity-100"
        >
          <CloseIcon className="size-5" />
        </button>
      ) : null}
    </div>
  );
}
