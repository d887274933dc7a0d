import type { FormEventHandler, ReactNode } from 'react';
import { Button } from './button';
import { Dialog, type DialogProps } from './dialog';

export interface FormFooterProps {
  /** The id of the form the submit button sends (it sits in the dialog's footer, outside the form). */
  formId: string;
  submitLabel: ReactNode;
  submitIcon?: ReactNode;
  submitDisabled?: boolean;
  /** The submit button in red: the form takes something away ("Descalificar"). */
  danger?: boolean;
  /** The save is under way: the submit button spins and Cancelar waits for it. */
  pending: boolean;
  onCancel: () => void;
}

/** "Cancelar" and the submit button of a dialog's form. */
export function FormFooter({ formId, submitLabel, submitIcon, submitDisabled, danger, pending, onCancel }: FormFooterProps) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        Cancelar
      </Button>
      <Button type="submit" form={formId} variant={danger ? 'danger' : 'primary'} pending={pending} disabled={submitDisabled} icon={submitIcon}>
        {submitLabel}
      </Button>
    </>
  );
}

export interface FormDialogProps extends Omit<DialogProps, 'open' | 'footer'>, Omit<FormFooterProps, 'onCancel'> {
  /** Most form dialogs are mounted while open, so they start fresh each time. */
  open?: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  formClassName?: string;
  /** Shown above the form (a notice about why it cannot be sent). */
  notice?: ReactNode;
  /** While the save runs, Escape and the close button do nothing: closing would hide its outcome. */
  holdWhilePending?: boolean;
}

/**
 * The dialog around one form: its title, the form (noValidate: the caller's schema checks it and
 * its messages are in Spanish) and the footer with "Cancelar" and the submit button.
 */
export function FormDialog({ open = true, onClose, formId, onSubmit, formClassName = 'space-y-4', notice, holdWhilePending, children, ...rest }: FormDialogProps) {
  const { submitLabel, submitIcon, submitDisabled, pending, ...frame } = rest;
  return (
    <Dialog
      {...frame}
      open={open}
      onClose={() => !(holdWhilePending && pending) && onClose()}
      footer={<FormFooter formId={formId} submitLabel={submitLabel} submitIcon={submitIcon} submitDisabled={submitDisabled} pending={pending} onCancel={onClose} />}
    >
      {notice}
      <form id={formId} noValidate onSubmit={onSubmit} className={formClassName}>
        {children}
      </form>
    </Dialog>
  );
}
