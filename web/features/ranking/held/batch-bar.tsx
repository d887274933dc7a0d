import { Check, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { ReviewAction } from '../api/held-attempts';
import { Button } from '../../../components/ui/button';
import { formatNumber } from '../../../lib/format';

/** Which held results a bulk decision takes: ids chosen one by one, or every result that matches the filter. */
export type Selection = { kind: 'ids'; ids: ReadonlySet<number> } | { kind: 'all' };
export const NOTHING_SELECTED: Selection = { kind: 'ids', ids: new Set() };

/** '1 resultado', '1.000 resultados'. */
export const resultsText = (n: number) => (n === 1 ? '1 resultado' : `${formatNumber(n)} resultados`);

interface BatchBarProps {
  /** The rows shown (loaded pages). */
  shownIds: number[];
  /** How many match the filter. */
  total: number;
  selection: Selection;
  onSelect: (selection: Selection) => void;
  busy: boolean;
  onDecide: (action: ReviewAction) => void;
}

/**
 * Above the held list: select every result shown (then, when more match, all that match the
 * filter), how many are selected, and 'Aprobar' / 'Descartar' for them all (each asks first).
 */
export function BatchBar({ shownIds, total, selection, onSelect, busy, onDecide }: BatchBarProps) {
  const boxRef = useRef<HTMLInputElement>(null);
  const count = selection.kind === 'all' ? total : selection.ids.size;
  const allShown = selection.kind === 'all' || (shownIds.length > 0 && shownIds.every((id) => selection.ids.has(id)));
  const someShown = selection.kind === 'ids' && shownIds.some((id) => selection.ids.has(id));
  useEffect(() => {
    if (boxRef.current) boxRef.current.indeterminate = someShown && !allShown;
  }, [someShown, allShown]);

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 px-3 py-2.5 lg:flex-row lg:items-center lg:justify-between dark:border-slate-800">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <label className="inline-flex cursor-pointer items-center gap-2 font-medium text-slate-800 pointer-coarse:min-h-11 dark:text-slate-200">
          <input
            ref={boxRef}
            type="checkbox"
            className="size-4 cursor-pointer rounded border-slate-300 accent-brand-600 pointer-coarse:size-6"
            checked={allShown}
            onChange={(e) => onSelect(e.target.checked ? { kind: 'ids', ids: new Set(shownIds) } : NOTHING_SELECTED)}
          />
          Seleccionar los mostrados
        </label>
        <span className="text-slate-600 tabular-nums dark:text-slate-400" aria-live="polite" data-testid="held-selected">
          {count === 0 ? 'Ninguno seleccionado' : `${resultsText(count)} ${count === 1 ? 'seleccionado' : 'seleccionados'}`}
        </span>
        {allShown && total > shownIds.length && selection.kind === 'ids' && (
          <button type="button" className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-200" onClick={() => onSelect({ kind: 'all' })}>
            Seleccionar los {formatNumber(total)} que coinciden
          </button>
        )}
      </div>
      <div className="flex flex-col gap-2 min-[420px]:flex-row lg:shrink-0">
        <Button size="sm" className="max-sm:h-10 min-[300px]:whitespace-nowrap max-[300px]:h-auto max-[300px]:min-h-10 max-[300px]:py-2 min-[420px]:max-lg:flex-1" icon={<Check className="size-4" aria-hidden />} disabled={count === 0 || busy} onClick={() => onDecide('release')}>
          Aprobar seleccionados
        </Button>
        <Button
          size="sm"
          variant="secondary"
          className="text-red-700! max-sm:h-10 min-[300px]:whitespace-nowrap max-[300px]:h-auto max-[300px]:min-h-10 max-[300px]:py-2 min-[420px]:max-lg:flex-1 dark:text-red-300!"
          icon={<Trash2 className="size-4" aria-hidden />}
          disabled={count === 0 || busy}
          onClick={() => onDecide('discard')}
        >
          Descartar seleccionados
        </Button>
      </div>
    </div>
  );
}

