import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';

/**
 * A full-screen moment that holds controls (the 'Prediction Launched!' screen): a Radix dialog, so
 * focus stays inside while it is open and Escape closes it, drawn over the whole page.
 */
export function Takeover({
  open,
  onOpenChange,
  icon,
  title,
  description,
  children,
  initialFocus,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Shown above the title. */
  icon?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  children?: ReactNode;
  /** What takes focus when it opens; otherwise the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** What takes focus when it closes (the control that opened it may be gone or disabled). */
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-brand-950/90 backdrop-blur-sm motion-safe:animate-fade-in" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            if (!initialFocus?.current) return;
            event.preventDefault();
            initialFocus.current.focus();
          }}
          onCloseAutoFocus={(event) => {
            if (!returnFocus?.current?.isConnected) return;
            event.preventDefault();
            returnFocus.current.focus();
          }}
          className="fixed inset-0 z-50 grid place-items-center overflow-y-auto p-6 text-center text-white focus:outline-none"
        >
          <div className="w-full max-w-md motion-safe:animate-scale-in">
            {icon}
            <Dialog.Title className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</Dialog.Title>
            <Dialog.Description className="mt-3 text-lg text-brand-100">{description}</Dialog.Description>
            {children}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
