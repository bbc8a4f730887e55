import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, type RefObject, useRef } from 'react';
import { cn } from '#web/lib/cn.ts';
import { CloseIcon } from './icons';

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Labels the dialog (aria-labelledby). */
  title: ReactNode;
  /** Describes the dialog (aria-describedby); optional. */
  description?: ReactNode;
  children?: ReactNode;
  /** Action buttons, right-aligned under the content (stacked on small screens). */
  footer?: ReactNode;
  size?: keyof typeof widths;
  /** Hides the corner close button, e.g. while a request is in flight. */
  hideCloseButton?: boolean;
  /** What takes focus when it opens (a form's first field); otherwise the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/**
 * An accessible dialog (Radix): focus is trapped, Escape and an outside click close it. Our dialogs
 * are opened by state, not by a Radix trigger, so Radix would return focus to nothing (the page
 * body); the control that had focus when it opened gets it back instead.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  hideCloseButton = false,
  initialFocus,
}: ModalProps) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-950/50 backdrop-blur-[2px] motion-safe:animate-fade-in" />
        <Dialog.Content
          // Without a description Radix would warn; tell it there is none on purpose.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            // Runs before focus moves in: the active element is still the control that opened it.
            const active = document.activeElement;
            opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
            if (initialFocus?.current) {
              event.preventDefault();
              initialFocus.current.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            opener.current = null;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto',
            'rounded-2xl bg-white p-6 shadow-2xl ring-1 ring-ink-200 focus:outline-none motion-safe:animate-scale-in',
            widths[size],
          )}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-ink-900">{title}</Dialog.Title>
            {hideCloseButton ? null : (
              <Dialog.Close
                aria-label="Close"
                className="-mt-1 -mr-2 rounded-lg p-1.5 text-ink-500 transition hover:bg-ink-100 hover:text-ink-800"
              >
                <CloseIcon className="size-5" />
              </Dialog.Close>
            )}
          </div>
          {description ? (
            <Dialog.Description className="mt-1.5 text-sm leading-relaxed text-ink-600">
              {description}
            </Dialog.Description>
          ) : null}
          {children ? <div className="mt-5">{children}</div> : null}
          {footer ? (
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Closes the surrounding Modal; wrap a Button in it (`<ModalClose asChild>`). */
export const ModalClose = Dialog.Close;
