import { forwardRef } from 'react';
import { CLOCK_SECONDS_CHOICES } from '../../contract';
import { SelectInput, type SelectInputProps } from './ui/form-controls';

/** The select's value as a form holds it: whole seconds, or null for the empty option. */
export const clockSecondsValue = (value: unknown): number | null => (value === '' || value === null || value === undefined ? null : Number(value));

/** The clocks offered, with the one stored when the API set one that is not among them. */
const choicesWith = (current: number | null): number[] =>
  current === null || (CLOCK_SECONDS_CHOICES as readonly number[]).includes(current) ? [...CLOCK_SECONDS_CHOICES] : [...CLOCK_SECONDS_CHOICES, current].sort((a, b) => a - b);

export interface ClockSecondsSelectProps extends Omit<SelectInputProps, 'children'> {
  /** What the empty option says (null: no clock of its own). */
  noneLabel: string;
  /** The clock stored now, offered even when it is not a usual choice. */
  current: number | null;
}

/** A clock per question in seconds (contract/question-clock.ts): the trivia's, and a question's own. Register it with `setValueAs: clockSecondsValue`. */
export const ClockSecondsSelect = forwardRef<HTMLSelectElement, ClockSecondsSelectProps>(function ClockSecondsSelect({ noneLabel, current, ...props }, ref) {
  return (
    <SelectInput ref={ref} {...props}>
      <option value="">{noneLabel}</option>
      {choicesWith(current).map((seconds) => (
        <option key={seconds} value={seconds}>
          {seconds} segundos
        </option>
      ))}
    </SelectInput>
  );
});
