import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface PlayerDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A confirmation in a native modal <dialog>: the page behind it is inert, Tab stays inside, Escape
 * cancels, and focus returns to what opened it. The safe choice (cancel) gets focus first.
 */
export function PlayerDialog({ open, title, message, confirmLabel, cancelLabel, pending, onConfirm, onCancel }: PlayerDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement as HTMLElement | null;
      dialog.showModal();
      cancelRef.current?.focus();
      return () => {
        if (dialog.open) dialog.close();
        opener?.focus();
      };
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="player-dialog"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onCancel();
      }}
    >
      {open && (
        <div className="space-y-4">
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          <div id={messageId}>{message}</div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button ref={cancelRef} type="button" className="player-dialog-button" onClick={onCancel} disabled={pending}>
              {cancelLabel}
            </button>
            <button type="button" className="player-dialog-button player-dialog-danger" onClick={onConfirm} disabled={pending}>
              {confirmLabel}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
