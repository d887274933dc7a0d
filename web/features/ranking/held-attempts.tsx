import { Check, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { REVIEW_REASON_LABELS, type HeldAttempt } from '../../../contract';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ErrorState, LoadingState } from '../../components/ui/states';
import { formatDateTime, formatDuration } from '../../lib/format';
import { toast } from '../../lib/toast-store';
import { useHeldAttempts, useReviewAttempt } from './api/held-attempts';

const playerName = (attempt: HeldAttempt) => `${attempt.firstName} ${attempt.lastName}`.trim();

/**
 * "Resultados en revisión": the trivia's results held out of the ranking (arrived over the
 * attempt limit, played with another number of questions, an implausible time), each with
 * 'Aprobar' (it ranks from now on) and 'Descartar' (after a confirmation; it never ranks).
 */
export function HeldAttempts({ id }: { id: number }) {
  const held = useHeldAttempts(id);
  const review = useReviewAttempt(id);
  const [discarding, setDiscarding] = useState<HeldAttempt | null>(null);

  const decide = (attempt: HeldAttempt, action: 'release' | 'discard') =>
    review.mutate(
      { id: attempt.id, action },
      {
        onSuccess: () => {
          setDiscarding(null);
          toast({ title: action === 'release' ? 'Resultado aprobado' : 'Resultado descartado', description: playerName(attempt), variant: 'success' });
        },
      },
    );

  return (
    <Card className="p-4">
      <section aria-labelledby="held-attempts-title" className="space-y-3">
        <h2 id="held-attempts-title" className="text-lg font-semibold">
          Resultados en revisión
        </h2>
        {held.isPending ? (
          <LoadingState label="Cargando resultados en revisión" />
        ) : held.isError ? (
          <ErrorState title="No se pudieron cargar los resultados en revisión" />
        ) : held.data.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">No hay resultados en revisión.</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {held.data.map((attempt) => (
              <li key={attempt.id} className="flex flex-wrap items-center gap-3 py-3" aria-label={`Resultado de ${playerName(attempt)}`}>
                <div className="min-w-48 flex-1">
                  <p className="font-medium">{playerName(attempt)}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {attempt.score}% ({attempt.correctAnswers}/{attempt.totalQuestions}) · Tiempo {formatDuration(attempt.completionTime)}
                    {attempt.location ? ` · ${attempt.location.name}` : ''}
                    {attempt.completedAt ? ` · ${formatDateTime(attempt.completedAt)}` : ''}
                  </p>
                  <p className="text-sm text-amber-700 dark:text-amber-400">Motivo: {REVIEW_REASON_LABELS[attempt.reason]}</p>
                </div>
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    icon={<Check className="size-4" aria-hidden />}
                    aria-label={`Aprobar el resultado de ${playerName(attempt)}`}
                    disabled={review.isPending}
                    onClick={() => decide(attempt, 'release')}
                  >
                    Aprobar
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    icon={<Trash2 className="size-4" aria-hidden />}
                    aria-label={`Descartar el resultado de ${playerName(attempt)}`}
                    disabled={review.isPending}
                    onClick={() => setDiscarding(attempt)}
                  >
                    Descartar
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={discarding !== null}
        title="¿Descartar el resultado?"
        message={
          discarding
            ? `El resultado de ${playerName(discarding)} (${discarding.score}%) no contará en el ranking. El registro se conserva.`
            : ''
        }
        confirmLabel="Descartar"
        pending={review.isPending}
        onConfirm={() => discarding && decide(discarding, 'discard')}
        onCancel={() => setDiscarding(null)}
      />
    </Card>
  );
}
