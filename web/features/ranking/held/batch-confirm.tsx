import { HELD_BATCH_MAX } from '../../../../contract';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import type { ReviewAction } from '../api/held-attempts';
import { resultsText } from './batch-bar';
import { formatNumber } from '../../../lib/format';

interface BatchConfirmProps {
  action: ReviewAction | null;
  /** How many the decision takes (before the per-request bound). */
  count: number;
  /** Set when the selection is "all that match": what the filter says, in words. */
  filterText: string | null;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** '¿Aprobar 240 resultados?': says how many, what follows, that it is final, and the per-request bound. */
export function BatchConfirm({ action, count, filterText, pending, onConfirm, onCancel }: BatchConfirmProps) {
  const taken = Math.min(count, HELD_BATCH_MAX);
  const release = action === 'release';
  return (
    <Dialog
      open={action !== null}
      onClose={onCancel}
      size="sm"
      title={`¿${release ? 'Aprobar' : 'Descartar'} ${resultsText(taken)}?`}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            Cancelar
          </Button>
          <Button variant={release ? 'primary' : 'danger'} onClick={onConfirm} pending={pending}>
            {release ? 'Aprobar' : 'Descartar'} {formatNumber(taken)}
          </Button>
        </>
      }
    >
      <div className="space-y-2 text-sm text-slate-700 dark:text-slate-300">
        {filterText && <p>Todos los que coinciden con el filtro: {filterText}.</p>}
        <p>
          {release
            ? 'Contarán en el ranking de esta trivia y en las campañas que la incluyen desde ahora.'
            : 'No contarán en ningún ranking. Sus registros se conservan.'}{' '}
          La decisión es definitiva.
        </p>
        {count > HELD_BATCH_MAX && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-950 dark:bg-amber-400/10 dark:text-amber-100">
            Se deciden como máximo {formatNumber(HELD_BATCH_MAX)} por vez, los más antiguos: los {formatNumber(count - HELD_BATCH_MAX)} restantes
            seguirán en revisión.
          </p>
        )}
      </div>
    </Dialog>
  );
}
