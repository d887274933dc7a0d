import { forwardRef, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { Field, inputClass } from './field';

export interface SelectInputProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  hint?: string;
}

/** A native select (best on tablets and phones), styled like the text inputs. */
export const SelectInput = forwardRef<HTMLSelectElement, SelectInputProps>(function SelectInput({ label, error, hint, id, className = '', children, ...rest }, ref) {
  return (
    <Field label={label} error={error} hint={hint} id={id}>
      {(controlId, describedBy) => (
        <select ref={ref} id={controlId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={`${inputClass} pr-8 ${className}`} {...rest}>
          {children}
        </select>
      )}
    </Field>
  );
});

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: string;
}

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea({ label, error, hint, id, className = '', rows = 3, ...rest }, ref) {
  return (
    <Field label={label} error={error} hint={hint} id={id}>
      {(controlId, describedBy) => (
        <textarea ref={ref} id={controlId} rows={rows} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={`${inputClass} ${className}`} {...rest} />
      )}
    </Field>
  );
});

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  hint?: string;
}

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox({ label, hint, className = '', ...rest }, ref) {
  return (
    <label className={`flex cursor-pointer items-start gap-3 pointer-coarse:min-h-11 pointer-coarse:items-center ${className}`}>
      <input ref={ref} type="checkbox" className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600" {...rest} />
      <span>
        <span className="block text-sm font-medium text-slate-800 dark:text-slate-200">{label}</span>
        {hint && <span className="block text-xs text-slate-500 dark:text-slate-400">{hint}</span>}
      </span>
    </label>
  );
});
