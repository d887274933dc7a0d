import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { TriviaRankingEntry } from '../../../contract';
import { useRankingTrivia } from './api/get-ranking-trivia';
import { Disqualifications } from './disqualifications';
import { DisqualifyDialog } from './disqualify-dialog';
import { HeldAttempts } from './held-attempts';
import { NameChanges } from './name-changes';
import { PrizeDraws } from '../../shared/draws/prize-draws';
import { parseTriviaId } from '../../shared/ranking/trivia-id';
import { isMissingTrivia, TriviaRanking } from './trivia-ranking';
import { ADMIN_WAY_BACK, InvalidTriviaId } from './trivia-unavailable';
import { RankingRowActions } from '../../shared/moderation/ranking-row-actions';
import { EventTimeZone } from '../../shared/time-zone/event-time-zone';
import { HeldResultsCallout } from '../../shared/moderation/held-results-callout';
import { TriviaPicker } from './trivia-picker';
import { useHeldTrivias } from '../../shared/moderation/api/get-held-trivias';
import { ArrowDown } from 'lucide-react';
import { useCan } from '../../shared/auth/use-can';
import { MissingObject } from '../../shared/missing/missing-object';

/**
 * Above the ranking while results wait in review: how many, and a link down to them (the section's
 * heading takes the focus), so that whoever came for them need not know they are below the ranking.
 */
function HeldBanner({ count }: { count: number }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-50">
      <span className="min-w-0 flex-1 basis-48">
        {count === 1 ? 'Un resultado espera' : `${count} resultados esperan`} tu decisión: no {count === 1 ? 'cuenta' : 'cuentan'} en el ranking
        hasta que {count === 1 ? 'lo' : 'los'} apruebes.
      </span>
      <a href="#held-attempts-title" className="inline-flex items-center gap-1.5 font-semibold underline underline-offset-2">
        <ArrowDown className="size-4 shrink-0" aria-hidden />
        Ir a Resultados en revisión
      </a>
    </p>
  );
}

/**
 * The ranking and, for a trivia that exists, what the user's role there may do with it: each row's
 * history and 'Descalificar', its results held for review, its disqualified entries, its draws;
 * then the players' pending name changes. A trivia of a company beyond the user's reach is shown
 * as missing, as the server answers its admin reads.
 */
function AdminTriviaRanking({ id }: { id: number }) {
  const trivia = useRankingTrivia(id);
  const { can, canSomewhere, reaches } = useCan();
  const [disqualifying, setDisqualifying] = useState<TriviaRankingEntry | null>(null);
  const exists = !(trivia.isError && isMissingTrivia(trivia.error));
  const waiting = useHeldTrivias().countOf(id);
  if (trivia.data && !reaches(trivia.data.companyId)) return <MissingObject kind="trivia" id={id} back={ADMIN_WAY_BACK} />;
  const companyId = trivia.data?.companyId;
  const moderates = can('rankings.moderate', companyId);
  // A row without actions (a viewer's, a staff member's) keeps the plain ranking's layout.
  const rowActions = moderates || can('players.manage', companyId);
  return (
    <>
      {exists && waiting > 0 && <HeldBanner count={waiting} />}
      <TriviaRanking
        id={id}
        back={ADMIN_WAY_BACK}
        admin
        rowAction={rowActions ? (entry) => <RankingRowActions player={entry} companyId={companyId} onDisqualify={() => setDisqualifying(entry)} /> : undefined}
      />
      <DisqualifyDialog key={disqualifying?.id ?? 'none'} entry={disqualifying} scoring={trivia.data?.scoring} onClose={() => setDisqualifying(null)} />
      <EventTimeZone companyId={companyId}>
        {exists && can('review.decide', companyId) && <HeldAttempts id={id} />}
        {exists && moderates && <Disqualifications id={id} />}
        {trivia.data && can('draws.run', companyId) && <PrizeDraws subject={{ kind: 'trivia', id }} companyId={trivia.data.companyId} scoring={trivia.data.scoring} />}
      </EventTimeZone>
      {canSomewhere('players.manage') && <NameChanges />}
    </>
  );
}

/**
 * /ranking-admin: the trivia ranking inside the admin shell, for ?id= or a trivia picked by
 * company and name, with 'Descalificar' on each row, and below it the trivia's results held for
 * review, its disqualified entries ('Restaurar'), its prize draws and the players' pending name
 * changes. Without a trivia, the trivias whose results wait in review.
 */
export function RankingAdminPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('id');
  const id = parseTriviaId(raw);
  const shown = useRankingTrivia(id ?? 0, id !== null);
  const current = id !== null && shown.data ? { id, companyId: shown.data.companyId } : null;

  return (
    <div className="space-y-6">
      <TriviaPicker key={current ? `${current.id}` : 'none'} current={current} onPick={(picked) => setParams({ id: String(picked) })} />
      {raw === null ? <HeldResultsCallout /> : id === null ? <InvalidTriviaId back={ADMIN_WAY_BACK} /> : <AdminTriviaRanking key={id} id={id} />}
    </div>
  );
}
