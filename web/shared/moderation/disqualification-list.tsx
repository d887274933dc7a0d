import { Ban, RotateCcw, ShieldCheck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Disqualification } from '../../../contract';
import { Button } from '../../components/ui/button';
import { DateTime } from '../time-zone/event-time-zone';
import { toast } from '../../lib/toast-store';
import { useRestoreDisqualification } from './api/moderation-mutations';
import { ReasonDialog } from './reason-dialog';
import { ReviewList, useFocusAfterDecision } from './review-list';

export const playerName = (d: Disqualification) => `${d.firstName} ${d.lastName}`.trim();

const by = (moderator: Disqualification['disqualifiedBy']) => (moderator ? ` por ${moderator.name}` : '');

export interface DisqualificationListProps<T extends Disqualification> {
  titleId: string;
  /** Where the entries count no more, in the admin's words. */
  description: string;
  /** The record, holding and restored, newest first. */
  list: { status: 'pending' | 'error' | 'success'; data?: T[] };
  /** What was taken out ("Resultado de 80%", "Todos sus resultados en esta trivia"…). */
  what: (d: T) => string;
  /** A hover title for `what` (the trivias a campaign decision covers). */
  whatTitle?: (d: T) => string | undefined;
  /** Beside what was taken out: where the decision was made, when that is elsewhere. */
  origin?: (d: T) => ReactNode;
  /** The restore confirmation's message: what will count again. */
  restoreMessage: (d: T) => string;
}

/**
 * "Descalificados": the disqualified entries that hold (a result, or a player with all their
 * results), each with who, when and why, and 'Restaurar' (with a reason); restored ones stay below
 * as the record. After a restoration the focus moves to the next 'Restaurar', or the heading.
 * The trivia's and the campaign's admin rankings show it with their own words.
 */
export function DisqualificationList<T extends Disqualification>({ titleId, description, list, what, whatTitle, origin, restoreMessage }: DisqualificationListProps<T>) {
  const restore = useRestoreDisqualification();
  const [restoring, setRestoring] = useState<T | null>(null);
  const holding = list.data?.filter((d) => d.restoredAt === null);
  const restored = list.data?.filter((d) => d.restoredAt !== null) ?? [];
  const { sectionRef, headingRef, decided } = useFocusAfterDecision(holding, restore.isPending || restoring !== null, 'data-restore');

  return (
    <ReviewList
      titleId={titleId}
      title="Descalificados"
      description={description}
      status={list.status}
      count={holding?.length ?? 0}
      badge={(n) => (n === 1 ? '1 descalificado' : `${n} descalificados`)}
      loadingLabel="Cargando descalificados"
      errorTitle="No se pudieron cargar los descalificados"
      emptyText="No hay descalificados."
      sectionRef={sectionRef}
      headingRef={headingRef}
      more={
        restored.length > 0 && (
          <details className="text-sm">
            <summary className="cursor-pointer font-medium text-slate-700 dark:text-slate-300">Restaurados ({restored.length})</summary>
            <ul className="mt-2 space-y-2">
              {restored.map((d) => (
                <li key={d.id} className="rounded-lg bg-slate-50 px-3 py-2 text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
                  <span className="font-medium">{playerName(d)}</span> · {what(d)} · descalificado{by(d.disqualifiedBy)} ({d.reason}); restaurado
                  {by(d.restoredBy)} el <DateTime value={d.restoredAt!} /> ({d.restoreReason})
                </li>
              ))}
            </ul>
          </details>
        )
      }
      after={
        <ReasonDialog
          open={restoring !== null}
          title="¿Restaurar en el ranking?"
          message={restoring ? restoreMessage(restoring) : ''}
          confirmLabel="Restaurar"
          pending={restore.isPending}
          onCancel={() => setRestoring(null)}
          onConfirm={(reason) =>
            restoring &&
            restore.mutate(
              { id: restoring.id, reason },
              {
                onSuccess: () => {
                  decided(restoring.id);
                  setRestoring(null);
                  toast({ title: 'Restaurado en el ranking', description: playerName(restoring), variant: 'success' });
                },
              },
            )
          }
        />
      }
    >
      {holding?.map((d) => (
        <li key={d.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6" aria-label={`Descalificación de ${playerName(d)}`}>
          <div className="min-w-0 space-y-1.5">
            <p className="font-semibold break-words text-slate-900 dark:text-slate-100">{playerName(d)}</p>
            <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
              <span className="inline-flex items-center gap-1 break-words" title={whatTitle?.(d)}>
                <Ban className="size-3.5 shrink-0 text-slate-400 dark:text-slate-500" aria-hidden />
                {what(d)}
              </span>
              {origin?.(d)}
              <span>
                Descalificado{by(d.disqualifiedBy)} el <DateTime value={d.disqualifiedAt} />
              </span>
            </p>
            <p className="inline-flex max-w-full items-start gap-1.5 rounded-lg bg-red-50 px-2 py-1 text-sm text-red-900 ring-1 ring-red-200 ring-inset dark:bg-red-400/10 dark:text-red-200 dark:ring-red-400/25">
              <ShieldCheck className="mt-0.5 size-3.5 shrink-0" aria-hidden />
              <span className="break-words">Motivo: {d.reason}</span>
            </p>
          </div>
          <Button
            size="sm"
            variant="secondary"
            className="shrink-0 max-sm:h-10"
            icon={<RotateCcw className="size-4" aria-hidden />}
            aria-label={`Restaurar a ${playerName(d)}`}
            data-restore={d.id}
            disabled={restore.isPending}
            onClick={() => setRestoring(d)}
          >
            Restaurar
          </Button>
        </li>
      ))}
    </ReviewList>
  );
}
