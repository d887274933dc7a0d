import { useState } from 'react';
import { TextInput } from '../../components/ui/field';

export const MIN_QUESTIONS = 1;
export const MAX_QUESTIONS = 20;

function asCount(text: string): number | undefined {
  if (!/^\d{1,2}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= MIN_QUESTIONS && n <= MAX_QUESTIONS ? n : undefined;
}

/**
 * Number of questions: only whole numbers 1 to 20 are taken, anything else typed is ignored
 * (the AI dialog's 1–20, generateQuestionsSchema). The box may be empty while typing; leaving it shows the last valid number.
 */
export function QuestionCountInput({ value, onChange, disabled }: { value: number; onChange: (n: number) => void; disabled?: boolean }) {
  const [draft, setDraft] = useState(String(value));
  return (
    <TextInput
      label="Número de preguntas"
      hint={`Entre ${MIN_QUESTIONS} y ${MAX_QUESTIONS}.`}
      inputMode="numeric"
      className="max-w-32"
      value={draft}
      disabled={disabled}
      onChange={(event) => {
        const text = event.target.value.trim();
        const count = asCount(text);
        if (count !== undefined) {
          setDraft(text);
          onChange(count);
        } else if (text === '') setDraft('');
      }}
      onBlur={() => setDraft(String(value))}
    />
  );
}
