import { AlertTriangle, CalendarDays, Check, Clock, MapPin, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { REVIEW_REASON_LABELS, type HeldAttempt } from '../../../contract';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { formatDateTime, formatDuration } from '../../lib/format';
import { toast } from '../../lib/toast-store';
import { useHeldAttempts, useReviewAttempt, type ReviewAction } from './api/held-attempts';
import { ReviewList, useFocusAfterDecision } from '../../shared/moderation/review-list';

const playerName = (attempt: HeldAttempt) => `${attempt.firstName} ${attempt.lastName}`.trim();

/** One fact of a held result ('Tiempo 0:42', the site, the date), kept on one line when it fits. */
function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-1">
      {icon}
      <span className="min-w-0 break-words">{children}</span>
    </span>
  );
}

const FACT_ICON = 'size-3.5 shrink-0 text-slate-400 dark:text-slate-500';

/**
 * "Resultados en revisión": the trivia's results held out of the ranking (arrived over the
 * attempt limit, played with another number of questions, an implausible time), each with
 * 'Aprobar' (it ranks from now on) and 'Descartar' (after a confirmation; it never ranks).
 * After a decision the keyboard focus moves to the next result's 'Aprobar' (or the heading when
 * none is left), so it is never lost with the row that disappeared.
 */
export function HeldAttempts({ id }: { id: number }) {
  const held = useHeldAttempts(id);
  const review = useReviewAttempt(id);
  const [discarding, setDiscarding] = useState<HeldAttempt | null>(null);
  const { sectionRef, headingRef, decided } = useFocusAfterDecision(held.data, review.isPending || discarding !== null, 'data-approve');

  const decide = (attempt: HeldAttempt, action: ReviewAction) => {
    review.mutate(
      { id: attempt.id, action },
      {
        onSuccess: () => {
          setDiscarding(null);
          decided(attempt.id);
          toast({ title: action === 'release' ? 'Resultado aprobado' : 'Resultado descartado', description: playerName(attempt), variant: 'success' });
        },
      },
    );
  };
  const deciding = (attempt: HeldAttempt, action: ReviewAction) =>
    review.isPending && review.variables?.id === attempt.id && review.variables.action === action;

  return (
    <ReviewList
      titleId="held-attempts-title"
      title="Resultados en revisión"
      description="No cuentan en el ranking hasta que se aprueben. Un resultado descartado no vuelve a contar, pero su registro se conserva."
      status={held.status}
      count={held.data?.length ?? 0}
      loadingLabel="Cargando resultados en revisión"
      errorTitle="No se pudieron cargar los resultados en revisión"
      emptyText="No hay resultados en revisión."
      sectionRef={sectionRef}
      headingRef={headingRef}
      after={
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
      }
    >
      {held.data?.map((attempt) => (
        <li
          key={attempt.id}
          className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6"
          aria-label={`Resultado de ${playerName(attempt)}`}
        >
          <div className="min-w-0 space-y-1.5">
            <p className="font-semibold break-words text-slate-900 dark:text-slate-100">{playerName(attempt)}</p>
            <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600 tabular-nums dark:text-slate-400">
              <span className="font-semibold text-slate-900 dark:text-slate-100">{attempt.score}%</span>
              <span className="whitespace-nowrap">
                {attempt.correctAnswers}/{attempt.totalQuestions} correctas
              </span>
              <Fact icon={<Clock className={FACT_ICON} aria-hidden />}>Tiempo {formatDuration(attempt.completionTime)}</Fact>
              {attempt.location && <Fact icon={<MapPin className={FACT_ICON} aria-hidden />}>{attempt.location.name}</Fact>}
              {attempt.completedAt && (
                <Fact icon={<CalendarDays className={FACT_ICON} aria-hidden />}>
                  <time dateTime={attempt.completedAt}>{formatDateTime(attempt.completedAt)}</time>
                </Fact>
              )}
            </p>
            <p className="inline-flex max-w-full items-start gap-1.5 rounded-lg bg-amber-50 px-2 py-1 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset dark:bg-amber-400/10 dark:text-amber-200 dark:ring-amber-400/25">
              <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden />
              <span>Motivo: {REVIEW_REASON_LABELS[attempt.reason]}</span>
            </p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            <Button
              size="sm"
              className="max-sm:h-10 max-sm:flex-1"
              icon={<Check className="size-4" aria-hidden />}
              aria-label={`Aprobar el resultado de ${playerName(attempt)}`}
              data-approve={attempt.id}
              disabled={review.isPending}
              pending={deciding(attempt, 'release')}
              onClick={() => decide(attempt, 'release')}
            >
              Aprobar
            </Button>
            <Button
              size="sm"
              variant="secondary"
              className="text-red-700! max-sm:h-10 max-sm:flex-1 dark:text-red-300!"
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
    </ReviewList>
  );
}
