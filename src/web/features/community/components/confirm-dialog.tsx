import { useRef } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { Modal } from '#web/components/ui/modal.tsx';

/**
 * 'Are you sure?' before deleting something for good: the project's dialog (focus trapped inside,
 * Escape cancels, focus back on the control that opened it). Focus starts on Cancel, so a stray Enter
 * deletes nothing. It stays open while the request runs and shows a failure inside itself.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  error,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      initialFocus={cancel}
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
      title={title}
      description={description}
      size="sm"
      hideCloseButton={pending}
      footer={
        <>
          <button
            ref={cancel}
            type="button"
            className={buttonClasses({ variant: 'secondary' })}
            disabled={pending}
            onClick={() => onOpenChange(false)}
          >
            Cancel
          </button>
          <Button variant="danger" loading={pending} loadingText={pendingLabel} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {error ? <Alert variant="error">{error}</Alert> : null}
    </Modal>
  );
}
