import type { ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';

/** What ConfirmDelete needs of a react-query mutation. */
export interface DeleteMutation<V> {
  isPending: boolean;
  mutate: (variables: V, options?: { onSuccess?: () => void; onError?: (error: unknown) => void }) => void;
}

export interface ConfirmDeleteProps<T, V> {
  /** What the dialog asks about; null keeps it closed. */
  target: T | null;
  title: ReactNode;
  message: (target: T) => ReactNode;
  confirmLabel?: string;
  /** The deletion, and what it is sent for the target. */
  mutation: DeleteMutation<V>;
  variables: (target: T) => V;
  /** After the deletion (a toast, closing what showed the target); then the dialog closes. */
  onDeleted?: (target: T) => void;
  /** A refused deletion (a toast saying why); the dialog closes unless stayOpenOnError. */
  onFailed?: (error: unknown) => void;
  /** Keep the dialog open after a refusal, so the admin can try again at once. */
  stayOpenOnError?: boolean;
  onClose: () => void;
}

/** "¿Eliminar…?" wired to its deletion: Cancelar closes it, confirming deletes and closes it when done. */
export function ConfirmDelete<T, V>({ target, title, message, confirmLabel, mutation, variables, onDeleted, onFailed, stayOpenOnError, onClose }: ConfirmDeleteProps<T, V>) {
  const confirm = () => {
    if (target === null) return;
    mutation.mutate(variables(target), {
      onSuccess: () => {
        onDeleted?.(target);
        onClose();
      },
      onError: (error) => {
        if (!stayOpenOnError) onClose();
        onFailed?.(error);
      },
    });
  };
  return (
    <ConfirmDialog
      open={target !== null}
      title={title}
      message={target !== null && message(target)}
      confirmLabel={confirmLabel}
      pending={mutation.isPending}
      onCancel={onClose}
      onConfirm={confirm}
    />
  );
}
