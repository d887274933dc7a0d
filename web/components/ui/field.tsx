import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';

export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm pointer-coarse:min-h-11 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:bg-slate-100 disabled:text-slate-500 aria-[invalid=true]:border-red-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:disabled:bg-slate-800';

/** A label, a control and its validation message, wired for screen readers. */
export function Field({ label, error, hint, children, id }: { label: string; error?: string; hint?: string; children: (id: string, describedBy?: string) => ReactNode; id?: string }) {
  const generated = useId();
  const controlId = id ?? generated;
  const messageId = `${controlId}-message`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={controlId} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      {children(controlId, error || hint ? messageId : undefined)}
      {error ? (
        <p id={messageId} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export interface TextInputProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: string;
}

export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput({ label, error, hint, id, className = '', ...rest }, ref) {
  return (
    <Field label={label} error={error} hint={hint} id={id}>
      {(controlId, describedBy) => (
        <input ref={ref} id={controlId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={`${inputClass} ${className}`} {...rest} />
      )}
    </Field>
  );
});
