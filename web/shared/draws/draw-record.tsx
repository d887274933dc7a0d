import { CheckCircle2, Download, Repeat, ShieldCheck, TriangleAlert, XCircle } from 'lucide-react';
import type { DrawFilters, DrawRecord } from '../../../contract';
import { Button, buttonClass } from '../../components/ui/button';
import { formatDate, formatScore } from '../../lib/format';
import { DateTime } from '../time-zone/event-time-zone';
import { drawExportUrl, useVerifyDraw } from './api/draws';

/** The filters of a draw in words: 'Puntuación ≥ 80 · Sede Norte · Desde 01/05/2026 · …'. */
export function filtersText(filters: DrawFilters, siteName: (id: number) => string | undefined): string {
  const parts = [
    filters.minScore !== null && `Puntuación ≥ ${filters.minScore}`,
    filters.locationId !== null && `Sede: ${siteName(filters.locationId) ?? `#${filters.locationId}`}`,
    filters.dateFrom && `Desde ${formatDate(filters.dateFrom)}`,
    filters.dateTo && `Hasta ${formatDate(filters.dateTo)}`,
    filters.onePerPlayer ? 'Una participación por jugador' : 'Cada intento participa',
    filters.excludePastWinners && 'Sin ganadores anteriores',
  ];
  return parts.filter(Boolean).join(' · ');
}

const winnerName = (name: string | null) => name ?? 'Jugador eliminado';

/** Why a draw is marked "Repetido": the first draw it repeats, what they share, and the one just before when that is another. */
export function repeatText(draw: Pick<DrawRecord, 'repeatOf' | 'repeatOfFirst' | 'repeatMatch'>): string | null {
  if (draw.repeatOf === null || draw.repeatOfFirst === null) return null;
  const same = draw.repeatMatch === 'entries' ? 'mismos participantes y premios' : 'mismos premios y filtros';
  const previous = draw.repeatOf !== draw.repeatOfFirst ? ` El anterior fue el #${draw.repeatOf}.` : '';
  return `Sorteo repetido: el primero fue el sorteo #${draw.repeatOfFirst} (${same}), que sigue en el historial.${previous}`;
}

/**
 * One draw of the record: when, who ran it, "Repetido" when an earlier draw had the same prizes
 * and the same entries or filters (a re-roll, in plain sight, whatever the filters' spelling), filters, eligible count, seed (with a warning for a
 * seed from before the server always drew it), winners; 'Verificar' re-runs it on the server from
 * the stored list and seed and shows whether the winners agree; 'Exportar CSV' downloads the list
 * and the winners (for the roles whose exports may name people).
 */
export function DrawRecordItem({ draw, siteName, exportsPeople }: { draw: DrawRecord; siteName: (id: number) => string | undefined; exportsPeople: boolean }) {
  const verify = useVerifyDraw();
  const title = `Sorteo #${draw.id}`;
  return (
    <li className="space-y-3 py-4" aria-label={title}>
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900 dark:text-slate-100">
          {title}
          {draw.repeatOf !== null && (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-400/15 dark:text-amber-200" data-testid="draw-repeat">
              <Repeat className="size-3.5" aria-hidden />
              Repetido
            </span>
          )}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <DateTime value={draw.createdAt} /> · {draw.createdBy ?? 'Usuario eliminado'}
        </p>
      </div>
      {draw.repeatOf !== null && (
        <p className="text-sm text-amber-900 dark:text-amber-200" data-testid="draw-repeat-of">
          {repeatText(draw)}
        </p>
      )}
      <p className="text-sm text-slate-600 dark:text-slate-400">{filtersText(draw.filters, siteName)}</p>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {draw.eligibleCount} {draw.eligibleCount === 1 ? 'participante' : 'participantes'} · {draw.prizes} {draw.prizes === 1 ? 'premio' : 'premios'}
      </p>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Semilla{draw.seedFromServer ? ' (elegida al azar por el servidor)' : ''}: <code className="font-mono text-xs break-all" data-testid="draw-seed">{draw.seed}</code>
      </p>
      {!draw.seedFromServer && (
        <p className="inline-flex items-start gap-1.5 text-sm text-amber-900 dark:text-amber-200" data-testid="draw-seed-unchecked">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>Sorteo anterior a que el servidor eligiera siempre la semilla: pudo indicarse a mano.</span>
        </p>
      )}
      <ol className="list-decimal space-y-1 pl-6 text-sm text-slate-900 dark:text-slate-100" aria-label={`Ganadores del sorteo #${draw.id}`}>
        {draw.winners.map((winner) => (
          <li key={`${winner.playerId}:${winner.attemptId}`}>
            {winnerName(winner.name)}
            {winner.score !== null && <span className="text-slate-600 dark:text-slate-400"> ({formatScore(winner.score, winner.scoring ?? undefined)})</span>}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="secondary" icon={<ShieldCheck className="size-4" aria-hidden />} pending={verify.isPending} onClick={() => verify.mutate(draw.id)}>
          Verificar
        </Button>
        {exportsPeople && (
          <a href={drawExportUrl(draw.id)} className={buttonClass('secondary', 'sm')} download>
            <Download className="size-4" aria-hidden />
            Exportar CSV
          </a>
        )}
      </div>
      <div role="status" className="text-sm">
        {verify.isError && <p className="text-red-700 dark:text-red-300">No se pudo verificar el sorteo.</p>}
        {verify.data &&
          (verify.data.matches ? (
            <p className="inline-flex items-start gap-1.5 text-emerald-800 dark:text-emerald-300">
              <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>
                Verificado: con la misma lista y semilla salen los mismos ganadores ({verify.data.winners.map((w) => winnerName(w.name)).join(', ')}).
              </span>
            </p>
          ) : (
            <p className="inline-flex items-start gap-1.5 text-red-700 dark:text-red-300">
              <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>La verificación no coincide con los ganadores guardados.</span>
            </p>
          ))}
      </div>
    </li>
  );
}
