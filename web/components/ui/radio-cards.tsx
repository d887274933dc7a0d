/** One choice of a RadioCards group: its value, its name and a line on what it means. */
export interface RadioCardOption<T extends string> {
  value: T;
  label: string;
  help: string;
}

/**
 * A choice among a few options as a fieldset of radio cards, two a row from a tablet's width: each
 * card a label holding its radio, its name and its line of help (the arrow keys move the choice,
 * as in any radio group).
 */
export function RadioCards<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  disabled = false,
}: {
  legend: string;
  name: string;
  value: T;
  options: readonly RadioCardOption<T>[];
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 ${value === option.value ? 'border-brand-500 bg-brand-50/60 dark:border-brand-400 dark:bg-brand-400/10' : 'border-slate-200 dark:border-slate-700'}`}
          >
            <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} className="mt-0.5 size-4 shrink-0 accent-brand-600" />
            <span className="min-w-0">
              <span className="block text-sm font-medium text-slate-800 dark:text-slate-100">{option.label}</span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">{option.help}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
