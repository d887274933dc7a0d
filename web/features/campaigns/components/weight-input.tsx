import { useState } from 'react';
import { inputClass } from '../../../components/ui/field';
import { toast } from '../../../lib/toast-store';

/** A non-numeric weight falls back to 10; a weight must be 1 to 100. */
export const DEFAULT_WEIGHT = 10;
export function parseWeight(text: string): number {
  const parsed = Number.parseInt(text, 10);
  return Number.isNaN(parsed) ? DEFAULT_WEIGHT : parsed;
}
export function weightProblem(weight: number): string | null {
  if (weight < 1) return 'El peso debe ser al menos 1';
  if (weight > 100) return 'El peso no puede ser mayor a 100';
  return null;
}

/** A trivia's weight in the campaign, committed when the field is left. */
export function WeightInput({ weight, label, onCommit }: { weight: number; label: string; onCommit: (weight: number) => void }) {
  const [text, setText] = useState(String(weight));
  const [shown, setShown] = useState(weight);
  // A new weight from the server (after a save or a reload) replaces what is typed.
  if (shown !== weight) {
    setShown(weight);
    setText(String(weight));
  }

  function commit() {
    const next = parseWeight(text);
    const problem = weightProblem(next);
    if (problem) {
      toast({ title: 'Error', description: problem, variant: 'destructive' });
      setText(String(weight));
      return;
    }
    setText(String(next));
    if (next !== weight) onCommit(next);
  }

  return (
    <input
      type="number"
      min={1}
      max={100}
      inputMode="numeric"
      aria-label={label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.currentTarget.blur();
      }}
      className={`${inputClass} w-20 tabular-nums`}
    />
  );
}
