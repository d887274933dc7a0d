import { useId } from 'react';
import type { PlayConsent } from '../../../contract';
import { CONSENT_CHECKBOX_LABEL } from '../../../contract/player-input';

export interface ConsentFieldProps {
  consent: PlayConsent;
  accepted: boolean;
  error?: string;
  onChange: (accepted: boolean) => void;
}

/**
 * The company's data-treatment text, in a box that scrolls (and takes the keyboard, so it can be
 * read without a mouse), and the unticked checkbox the player must tick to register. The text is
 * plain: its line breaks are kept, nothing in it is read as HTML.
 */
export function ConsentField({ consent, accepted, error, onChange }: ConsentFieldProps) {
  const id = useId();
  const textId = `${id}-text`;
  return (
    <fieldset className="space-y-2" data-testid="consent">
      <legend className="player-label font-medium">Tratamiento de datos</legend>
      <div
        id={textId}
        role="region"
        aria-label="Texto de tratamiento de datos"
        tabIndex={0}
        className="player-input player-consent-text max-h-48 overflow-y-auto rounded-lg border px-3 py-2 text-sm whitespace-pre-line"
      >
        {consent.text}
      </div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="player-checkbox mt-0.5 size-6 flex-none"
          checked={accepted}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-message ${textId}` : textId}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id} className="player-label font-medium">
          {CONSENT_CHECKBOX_LABEL}
        </label>
      </div>
      {error && (
        <p id={`${id}-message`} className="player-field-error flex items-start gap-1.5 font-medium" data-testid="field-error">
          <span aria-hidden>⚠</span>
          {error}
        </p>
      )}
    </fieldset>
  );
}
