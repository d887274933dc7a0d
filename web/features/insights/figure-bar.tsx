/** The bar's colour: the right answer, another answer, or a count. Never alone: the figure is written beside it. */
const TONES = {
  correct: 'bg-emerald-600 dark:bg-emerald-400',
  other: 'bg-slate-500 dark:bg-slate-400',
  count: 'bg-brand-600 dark:bg-brand-300',
} as const;

/** A figure written out, with a bar `fraction` (0–1) of the way across before it (hidden from screen readers). */
export function FigureBar({ fraction, figure, tone, figureWidth = 'w-12' }: { fraction: number; figure: string; tone: keyof typeof TONES; figureWidth?: string }) {
  return (
    <div className="flex items-center gap-2">
      <div className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700" aria-hidden>
        <div className={`h-full rounded-full ${TONES[tone]}`} style={{ width: `${fraction * 100}%` }} />
      </div>
      <span className={`${figureWidth} text-right tabular-nums`}>{figure}</span>
    </div>
  );
}
