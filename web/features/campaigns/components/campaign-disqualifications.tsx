import { Ban, RotateCcw, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import type { CampaignDisqualification } from '../../../../contract';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast-store';
import { ReasonDialog } from '../../../shared/moderation/reason-dialog';
import { ReviewList, useFocusAfterDecision } from '../../../shared/moderation/review-list';
import { useCampaignDisqualifications, useRestoreCampaignDisqualification } from '../api/campaign-disqualifications';

const playerName = (d: CampaignDisqualification) => `${d.firstName} ${d.lastName}`.trim();

const triviaNames = (d: CampaignDisqualification) => d.trivias.map((t) => t.name).join(', ');

/** What was taken out, in the admin's words: from the campaign (every trivia it covers) or at one trivia. */
function what(d: CampaignDisqualification, campaignId: number): string {
  if (d.campaign?.id === campaignId) return d.trivias.length === 1 ? `En la campaña (1 trivia: ${triviaNames(d)})` : `En la campaña (${d.trivias.length} trivias)`;
  const where = d.campaign ? ` (desde la campaña «${d.campaign.name}»)` : '';
  return d.attempt ? `Resultado de ${d.attempt.score}% en ${triviaNames(d)}${where}` : `Todos sus resultados en ${triviaNames(d)}${where}`;
}

const by = (moderator: CampaignDisqualification['disqualifiedBy']) => (moderator ? ` por ${moderator.name}` : '');

/**
 * "Descalificados" of a campaign ranking: what holds at the campaign's trivias, one entry per
 * decision (one made from the campaign names every trivia it covers), with 'Restaurar' (with a
 * reason; a campaign decision is restored at all its trivias at once); restored ones stay below as
 * the record.
 */
export function CampaignDisqualifications({ campaignId }: { campaignId: number }) {
  const list = useCampaignDisqualifications(campaignId);
  const restore = useRestoreCampaignDisqualification();
  const [restoring, setRestoring] = useState<CampaignDisqualification | null>(null);
  const holding = list.data?.filter((d) => d.restoredAt === null);
  const restored = list.data?.filter((d) => d.restoredAt !== null) ?? [];
  const { sectionRef, headingRef, decided } = useFocusAfterDecision(holding, restore.isPending || restoring !== null, 'data-restore');

  return (
    <ReviewList
      titleId="campaign-disqualifications-title"
      title="Descalificados"
      description="No cuentan en el ranking de la campaña ni en el de sus trivias, la pantalla grande ni las exportaciones. Sus resultados se conservan y pueden restaurarse."
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
                  <span className="font-medium">{playerName(d)}</span> · {what(d, campaignId)} · descalificado{by(d.disqualifiedBy)} ({d.reason}); restaurado
                  {by(d.restoredBy)} el <time dateTime={d.restoredAt!}>{formatDateTime(d.restoredAt!)}</time> ({d.restoreReason})
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
          message={
            restoring
              ? `${playerName(restoring)} volverá a contar en ${restoring.trivias.length === 1 ? `la trivia ${triviaNames(restoring)}` : `las trivias ${triviaNames(restoring)}`} y en el ranking de la campaña.`
              : ''
          }
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
              <span className="inline-flex items-center gap-1 break-words" title={triviaNames(d)}>
                <Ban className="size-3.5 shrink-0 text-slate-400 dark:text-slate-500" aria-hidden />
                {what(d, campaignId)}
              </span>
              <span>
                Descalificado{by(d.disqualifiedBy)} el <time dateTime={d.disqualifiedAt}>{formatDateTime(d.disqualifiedAt)}</time>
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
