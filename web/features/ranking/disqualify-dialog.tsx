import { useState } from 'react';
import { DISQUALIFICATION_SCOPE_LABELS, DISQUALIFICATION_SCOPES, type DisqualificationScope, type Scoring, type TriviaRankingEntry } from '../../../contract';
import { toast } from '../../lib/toast-store';
import { useDisqualify } from './api/disqualifications';
import { ReasonDialog } from '../../shared/moderation/reason-dialog';
import { formatScore } from '../../lib/format';

const SCOPE_HINTS: Record<DisqualificationScope, string> = {
  attempt: 'Si tiene otros resultados, el mejor de ellos ocupa su lugar.',
  player: 'Ninguno de sus resultados en esta trivia cuenta, tampoco los que lleguen después.',
};

/** "Descalificar" a ranking row: this result or the player at this trivia, with a reason. Keyed by its row, so each starts at 'this result'. */
export function DisqualifyDialog({ entry, scoring, onClose }: { entry: TriviaRankingEntry | null; scoring: Scoring | undefined; onClose: () => void }) {
  const disqualify = useDisqualify();
  const [scope, setScope] = useState<DisqualificationScope>('attempt');
  const name = entry ? `${entry.firstName} ${entry.lastName}`.trim() : '';

  return (
    <ReasonDialog
      open={entry !== null}
      title="¿Descalificar del ranking?"
      message={entry ? `${name}: ${formatScore(entry.score, scoring)} en la posición ${entry.position}. El resultado se conserva y puede restaurarse.` : ''}
      confirmLabel="Descalificar"
      danger
      pending={disqualify.isPending}
      onCancel={onClose}
      onConfirm={(reason) =>
        entry &&
        disqualify.mutate(
          { attemptId: entry.id, scope, reason },
          {
            onSuccess: () => {
              onClose();
              toast({ title: 'Descalificado del ranking', description: name, variant: 'success' });
            },
          },
        )
      }
    >
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">Qué descalificar</legend>
        {DISQUALIFICATION_SCOPES.map((value) => (
          <label key={value} className="flex cursor-pointer items-start gap-3 pointer-coarse:min-h-11">
            <input type="radio" name="disqualification-scope" className="mt-1 size-4 accent-brand-600" checked={scope === value} onChange={() => setScope(value)} />
            <span>
              <span className="block text-sm font-medium text-slate-800 dark:text-slate-200">{DISQUALIFICATION_SCOPE_LABELS[value]}</span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">{SCOPE_HINTS[value]}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </ReasonDialog>
  );
}
