import { useEffect, useState } from 'react';
import { HELD_BATCH_MAX, HELD_DEVICE_ONLINE, heldDeviceLabel, REVIEW_REASON_LABELS, type HeldAttempt, type HeldBatchDecision, type HeldFilter, type HeldSummary } from '../../../contract';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../lib/toast-store';
import { LoadMore } from '../../shared/ranking/load-more';
import { ReviewList, useFocusAfterDecision } from '../../shared/moderation/review-list';
import { useHeldAttempts, useHeldSummary, useReviewAttempt, useReviewBatch, type HeldBatchTarget, type ReviewAction } from './api/held-attempts';
import { BatchBar, NOTHING_SELECTED, resultsText, type Selection } from './held/batch-bar';
import { BatchConfirm } from './held/batch-confirm';
import { HeldFilters } from './held/held-filters';
import { HeldRow, playerName } from './held/held-row';
import { formatScore } from '../../lib/format';
import { useRankingTrivia } from './api/get-ranking-trivia';

/** The filter in words, for the bulk confirmation ('Motivo «Tiempo no plausible», dispositivo «Stand Norte»'). */
function filterText(filter: HeldFilter, summary: HeldSummary | undefined): string {
  const parts: string[] = [];
  if (filter.reason) parts.push(`motivo «${REVIEW_REASON_LABELS[filter.reason]}»`);
  if (filter.device) {
    const device = filter.device === HELD_DEVICE_ONLINE ? null : (summary?.devices.find((d) => d.device?.id === filter.device)?.device ?? null);
    parts.push(`dispositivo «${filter.device === HELD_DEVICE_ONLINE || device ? heldDeviceLabel(device) : 'elegido'}»`);
  }
  return parts.length ? parts.join(', ') : 'todos los resultados en revisión';
}

/** What a bulk decision did, for its toast: how many, those skipped (already decided), those left. */
function batchOutcome(reply: HeldBatchDecision, filtered: boolean): string {
  const parts = [];
  if (reply.skipped.length) parts.push(`${resultsText(reply.skipped.length)} ya ${reply.skipped.length === 1 ? 'estaba decidido' : 'estaban decididos'} y no se ${reply.skipped.length === 1 ? 'cambió' : 'cambiaron'}.`);
  if (reply.remaining) parts.push(`Quedan ${resultsText(reply.remaining)} en revisión${filtered ? ' con este filtro' : ''}.`);
  return parts.join(' ');
}

/**
 * "Resultados en revisión": the trivia's results held out of the ranking, filtered by reason and
 * device (each option with its count), page by page. Each row says what an organiser needs to
 * decide (and what to do with its reason), with 'Aprobar' (it ranks from now on) and 'Descartar'
 * (after a confirmation; it never ranks). Several, or all that match the filter, are decided at
 * once after a confirmation that says how many. After a single decision the keyboard focus moves
 * to the next result's 'Aprobar' (or the heading when none is left); after a bulk one, to the heading.
 */
export function HeldAttempts({ id }: { id: number }) {
  const [filter, setFilter] = useState<HeldFilter>({});
  const summary = useHeldSummary(id, filter);
  const held = useHeldAttempts(id, filter);
  const scoring = useRankingTrivia(id).data?.scoring;
  const review = useReviewAttempt(id);
  const batch = useReviewBatch(id);
  const [discarding, setDiscarding] = useState<HeldAttempt | null>(null);
  const [selection, setSelection] = useState<Selection>(NOTHING_SELECTED);
  const [confirming, setConfirming] = useState<ReviewAction | null>(null);
  const busy = review.isPending || batch.isPending;
  const { sectionRef, headingRef, decided } = useFocusAfterDecision(held.entries, busy || discarding !== null || confirming !== null, 'data-approve');
  // After a bulk decision the focus goes to the heading, once the confirmation has closed and given its own back.
  const [focusHeading, setFocusHeading] = useState(false);
  useEffect(() => {
    if (!focusHeading || busy || confirming !== null) return;
    const timer = window.setTimeout(() => {
      headingRef.current?.focus();
      setFocusHeading(false);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [focusHeading, busy, confirming, headingRef]);

  const changeFilter = (next: HeldFilter) => {
    setFilter(next);
    setSelection(NOTHING_SELECTED);
  };
  const select = (attempt: HeldAttempt, selected: boolean) => {
    const ids = new Set(selection.kind === 'all' ? held.entries.map((row) => row.id) : selection.ids);
    if (selected) ids.add(attempt.id);
    else ids.delete(attempt.id);
    setSelection({ kind: 'ids', ids });
  };
  const isSelected = (attempt: HeldAttempt) => selection.kind === 'all' || selection.ids.has(attempt.id);

  const decide = (attempt: HeldAttempt, action: ReviewAction) => {
    review.mutate(
      { id: attempt.id, action },
      {
        onSuccess: () => {
          setDiscarding(null);
          decided(attempt.id);
          if (selection.kind === 'ids' && selection.ids.has(attempt.id)) select(attempt, false);
          toast({ title: action === 'release' ? 'Resultado aprobado' : 'Resultado descartado', description: playerName(attempt), variant: 'success' });
        },
      },
    );
  };
  const deciding = (attempt: HeldAttempt, action: ReviewAction) => review.isPending && review.variables?.id === attempt.id && review.variables.action === action;

  const selectedCount = selection.kind === 'all' ? (summary.data?.total ?? 0) : selection.ids.size;
  const decideSelected = (action: ReviewAction) => {
    const target: HeldBatchTarget =
      selection.kind === 'all'
        ? { filter, throughId: summary.data?.lastId ?? 0 }
        : { ids: [...selection.ids].sort((a, b) => a - b).slice(0, HELD_BATCH_MAX) };
    batch.mutate(
      { action, target },
      {
        onSuccess: (reply) => {
          setConfirming(null);
          setSelection(NOTHING_SELECTED);
          setFocusHeading(true);
          const done = reply.ids.length;
          toast({
            title: `${resultsText(done)} ${action === 'release' ? (done === 1 ? 'aprobado' : 'aprobados') : done === 1 ? 'descartado' : 'descartados'}`,
            description: batchOutcome(reply, filtered) || undefined,
            variant: 'success',
          });
        },
      },
    );
  };

  const status = summary.status === 'error' || held.query.status === 'error' ? 'error' : summary.data && held.query.data ? 'success' : 'pending';
  const all = summary.data?.all ?? 0;
  const filtered = filter.reason !== undefined || filter.device !== undefined;

  return (
    <ReviewList
      titleId="held-attempts-title"
      title="Resultados en revisión"
      description="No cuentan en el ranking hasta que se aprueben. Un resultado descartado no vuelve a contar, pero su registro se conserva."
      status={status}
      count={held.entries.length}
      pendingCount={all}
      loadingLabel="Cargando resultados en revisión"
      errorTitle="No se pudieron cargar los resultados en revisión"
      emptyText={filtered && all > 0 ? 'Ningún resultado en revisión coincide con el filtro.' : 'No hay resultados en revisión.'}
      sectionRef={sectionRef}
      headingRef={headingRef}
      toolbar={
        summary.data &&
        all > 0 && (
          <div className="space-y-3">
            <HeldFilters summary={summary.data} filter={filter} onChange={changeFilter} />
            {held.entries.length > 0 && (
              <BatchBar
                shownIds={held.entries.map((row) => row.id)}
                total={held.total}
                selection={selection}
                onSelect={setSelection}
                busy={busy}
                onDecide={setConfirming}
              />
            )}
          </div>
        )
      }
      more={held.entries.length > 0 && held.more.total > held.entries.length ? <LoadMore {...held.more} /> : null}
      after={
        <>
          <ConfirmDialog
            open={discarding !== null}
            title="¿Descartar el resultado?"
            message={discarding ? `El resultado de ${playerName(discarding)} (${formatScore(discarding.score, scoring)}) no contará en el ranking. El registro se conserva.` : ''}
            confirmLabel="Descartar"
            pending={review.isPending}
            onConfirm={() => discarding && decide(discarding, 'discard')}
            onCancel={() => setDiscarding(null)}
          />
          <BatchConfirm
            action={confirming}
            count={selectedCount}
            filterText={selection.kind === 'all' ? filterText(filter, summary.data) : null}
            pending={batch.isPending}
            onConfirm={() => confirming && decideSelected(confirming)}
            onCancel={() => setConfirming(null)}
          />
        </>
      }
    >
      {held.entries.map((attempt) => (
        <HeldRow
          key={attempt.id}
          attempt={attempt}
          scoring={scoring}
          selected={isSelected(attempt)}
          onSelect={(selected) => select(attempt, selected)}
          showHelp={filter.reason === undefined}
          busy={busy}
          approving={deciding(attempt, 'release')}
          onApprove={() => decide(attempt, 'release')}
          onDiscard={() => setDiscarding(attempt)}
        />
      ))}
    </ReviewList>
  );
}
