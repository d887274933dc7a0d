import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

/** The player screen's own form controls: a label, the control and its message, wired for screen readers. */

export const PLAYER_INPUT_CLASS = 'player-input block w-full rounded-lg border px-3 py-2';

function PlayerField({ label, error, id, children }: { label: string; error?: string; id: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="player-label block font-medium">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-message`} className="player-field-error flex items-start gap-1.5 font-medium" data-testid="field-error">
          <span aria-hidden>⚠</span>
          {error}
        </p>
      )}
    </div>
  );
}

export interface PlayerTextInputProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
}

export const PlayerTextInput = forwardRef<HTMLInputElement, PlayerTextInputProps>(function PlayerTextInput({ label, error, className = '', ...rest }, ref) {
  const id = useId();
  return (
    <PlayerField label={label} error={error} id={id}>
      <input ref={ref} id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-message` : undefined} className={`${PLAYER_INPUT_CLASS} ${className}`} {...rest} />
    </PlayerField>
  );
});

export interface PlayerSelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  options: { value: number; label: string }[];
  placeholder: string;
}

/**
 * A native select (the device's own picker, arrow keys) whose chosen text is drawn by a block
 * that wraps: a closed select cuts long names short on a zoomed phone ("Sele…"), this never does.
 */
export const PlayerSelect = forwardRef<HTMLSelectElement, PlayerSelectProps>(function PlayerSelect({ label, error, options, placeholder, value, ...rest }, ref) {
  const id = useId();
  const chosen = options.find((option) => String(option.value) === String(value ?? ''));
  return (
    <PlayerField label={label} error={error} id={id}>
      <div className={`player-select ${PLAYER_INPUT_CLASS}`} data-invalid={error ? true : undefined}>
        <span className="player-select-text" aria-hidden data-testid="select-shown">
          {chosen?.label ?? placeholder}
        </span>
        <span className="player-select-chevron" aria-hidden>
          ▾
        </span>
        <select ref={ref} id={id} value={value} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-message` : undefined} {...rest}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </PlayerField>
  );
});

/** A value the player already gave, shown read-only (the registration step's document). */
export function PlayerReadOnly({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <PlayerField label={label} id={id}>
      <input id={id} className={PLAYER_INPUT_CLASS} value={value} readOnly disabled />
    </PlayerField>
  );
}
