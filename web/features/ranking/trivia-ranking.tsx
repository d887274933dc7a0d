import { useState, type ReactNode } from 'react';
import type { DateRange } from 'react-day-picker';
import { Card } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/form-controls';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { Button } from '../../components/ui/button';
import type { TriviaRankingEntry } from '../../../contract';
import { ApiError, errorText } from '../../lib/api';
import { formatDuration, formatScore } from '../../lib/format';
import { SiteFilter } from '../../shared/ranking/site-filter';
import { useRankingTrivia } from './api/get-ranking-trivia';
import { useTriviaRanking } from './api/get-trivia-ranking';
import { DateRangeFilter, rangeDays } from '../../shared/ranking/date-range-filter';
import { LoadMore } from '../../shared/ranking/load-more';
import { PodiumCard } from '../../shared/ranking/podium-card';
import { RankingList } from './ranking-list';
import { TriviaNotFound, type WayBack } from './trivia-unavailable';
import { ScreenLink } from '../../shared/big-screen/screen-link';
import { useCan } from '../../shared/auth/use-can';
import '../../shared/ranking/ranking.css';

/** The trivia could not be found (the request's 404), as opposed to a failed request. */
export const isMissingTrivia = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * The trivia ranking: title, podium and filters left, ranked rows right.
 * A trivia that does not exist says so, with `back` as the way out; `headingLevel` 1 when the
 * ranking is the whole screen; `rowAction` an admin screen's action on each row; `admin` offers
 * "Mostrar intentos duplicados", a moderation view (docs/decisions.md), to the roles that moderate
 * the trivia's ranking.
 */
export function TriviaRanking({
  id,
  back,
  headingLevel,
  rowAction,
  admin,
}: {
  id: number;
  back: WayBack;
  headingLevel?: 1;
  rowAction?: (entry: TriviaRankingEntry) => ReactNode;
  admin: boolean;
}) {
  const trivia = useRankingTrivia(id);
  const moderates = useCan().can('rankings.moderate', trivia.data?.companyId);
  const [locationId, setLocationId] = useState<number | undefined>();
  const [range, setRange] = useState<DateRange | undefined>();
  const [includeDuplicates, setIncludeDuplicates] = useState(false);
  const { query: ranking, entries, more } = useTriviaRanking(id, {
    locationId,
    ...rangeDays(range),
    includeDuplicates,
  });
  const logo = trivia.data?.logoUrl ?? trivia.data?.company.logoUrl;
  if (trivia.isError && isMissingTrivia(trivia.error)) return <TriviaNotFound id={id} back={back} heading={headingLevel} />;

  return (
    <div className="space-y-6">
      {/* Wraps rather than squeezing the title: at 200 % zoom on a phone "Pantalla" goes under it. */}
      <header className="flex flex-wrap items-center gap-x-4 gap-y-3">
        {logo && <img src={logo} alt={`Logo de ${trivia.data?.company.name}`} className="size-14 rounded-xl bg-white object-contain p-1 shadow-sm" />}
        <div className="min-w-0 flex-1 basis-40">
          <p className="text-sm font-medium text-brand-700 dark:text-brand-200">Ranking</p>
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{trivia.data?.name ?? (trivia.isError ? 'Ranking de la trivia' : 'Cargando…')}</h1>
        </div>
        <ScreenLink kind="trivia" id={id} className="ml-auto shrink-0" />
      </header>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(18rem,24rem)_minmax(0,1fr)]">
        <div className="space-y-6">
          <PodiumCard
            state={ranking}
            entries={entries.slice(0, 3).map((entry) => ({
              key: entry.id,
              name: `${entry.firstName} ${entry.lastName}`,
              location: entry.location?.name ?? 'Sin sede',
              result: `${formatScore(entry.score, trivia.data?.scoring)} · ${formatDuration(entry.completionTime)}`,
            }))}
          />
          <Card className="space-y-4 p-5">
            <h2 className="font-semibold">Filtros</h2>
            <SiteFilter companyId={trivia.data?.companyId} value={locationId} onChange={setLocationId} />
            <DateRangeFilter value={range} onChange={setRange} />
            {admin && moderates && <Checkbox label="Mostrar intentos duplicados" checked={includeDuplicates} onChange={(e) => setIncludeDuplicates(e.target.checked)} />}
          </Card>
        </div>
        <section aria-label="Resultados" aria-busy={ranking.isFetching}>
          {ranking.isPending ? (
            <LoadingState label="Cargando ranking..." />
          ) : ranking.isError ? (
            <ErrorState title="Error al cargar el ranking. Por favor, intente nuevamente." message={errorText(ranking.error) || 'Error al cargar el ranking'}>
              <Button variant="secondary" className="mt-2 min-h-11" pending={ranking.isFetching} onClick={() => void ranking.refetch()}>
                Reintentar
              </Button>
            </ErrorState>
          ) : entries.length === 0 ? (
            <EmptyState title="No hay resultados para mostrar" />
          ) : (
            <>
              <RankingList key={JSON.stringify([locationId, range, includeDuplicates])} entries={entries} scoring={trivia.data?.scoring} action={rowAction} />
              <LoadMore {...more} />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
