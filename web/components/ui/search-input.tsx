import { Search } from 'lucide-react';
import { useId } from 'react';
import { Field, inputClass } from './field';

/** Lower case without accents, so "campaña" finds "Campaña" and "campana". */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('es');

/** Whether any of the texts contains every word of the query (accents and case ignored). */
export function matchesSearch(query: string, ...texts: (string | null | undefined)[]): boolean {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = folded(texts.filter(Boolean).join(' '));
  return words.every((word) => haystack.includes(word));
}

/**
 * A search box that filters a list as one types, with the count of what it shows under it
 * (announced politely to screen readers).
 */
export function SearchInput({
  label,
  value,
  onChange,
  result,
  className = '',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** "3 de 23 trivias": what the list shows now. */
  result: string;
  className?: string;
}) {
  const resultId = useId();
  return (
    <div className={className}>
      <Field label={label}>
        {(id, describedBy) => (
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400" aria-hidden />
            <input
              id={id}
              type="search"
              value={value}
              aria-describedby={[describedBy, resultId].filter(Boolean).join(' ')}
              onChange={(event) => onChange(event.target.value)}
              className={`${inputClass} pl-9`}
            />
          </div>
        )}
      </Field>
      <p id={resultId} className="mt-1 text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
        {result}
      </p>
    </div>
  );
}
