import { useState, type FormEvent, type ReactNode } from 'react';
import { Dialog } from '../../components/ui/dialog';
import { FormFooter } from '../../components/ui/form-dialog';
import { TextArea } from '../../components/ui/form-controls';

const MAX_REASON = 500;

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  /** Shown above the reason (a choice that goes with it). */
  children?: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/**
 * A moderation decision with its reason ("Descalificar", "Restaurar"): the reason is required
 * (the record keeps it), checked here before anything is sent.
 */
export function ReasonDialog({ open, title, message, children, confirmLabel, danger, pending, onConfirm, onCancel }: ReasonDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      size="sm"
      footer={<FormFooter formId={FORM_ID} submitLabel={confirmLabel} danger={danger} pending={pending} onCancel={onCancel} />}
    >
      <ReasonForm message={message} onConfirm={onConfirm}>
        {children}
      </ReasonForm>
    </Dialog>
  );
}

const FORM_ID = 'moderation-reason-form';

/** The dialog's body: mounted each time the dialog opens, so a new decision starts with an empty reason. */
function ReasonForm({ message, children, onConfirm }: Pick<ReasonDialogProps, 'message' | 'children' | 'onConfirm'>) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) return setError('Escribe el motivo');
    onConfirm(trimmed);
  };

  return (
    <form id={FORM_ID} className="space-y-4" noValidate onSubmit={submit}>
      <div className="text-sm text-slate-700 dark:text-slate-300">{message}</div>
      {children}
      <TextArea
        label="Motivo"
        value={reason}
        maxLength={MAX_REASON}
        required
        error={error}
        hint="Queda en el registro de moderación."
        onChange={(e) => {
          setReason(e.target.value);
          if (error) setError(undefined);
        }}
      />
    </form>
  );
}
