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

/**
 * The ranking with 'Descalificar' on each row and, for a trivia that exists, its results held for
 * review and its disqualified entries; then the players' pending name changes.
 */
function AdminTriviaRanking({ id }: { id: number }) {
  const trivia = useRankingTrivia(id);
  const [disqualifying, setDisqualifying] = useState<TriviaRankingEntry | null>(null);
  const exists = !(trivia.isError && isMissingTrivia(trivia.error));
  return (
    <>
      <TriviaRanking
        id={id}
        back={ADMIN_WAY_BACK}
        admin
        rowAction={(entry) => <RankingRowActions player={entry} onDisqualify={() => setDisqualifying(entry)} />}
      />
      <DisqualifyDialog key={disqualifying?.id ?? 'none'} entry={disqualifying} onClose={() => setDisqualifying(null)} />
      <EventTimeZone companyId={trivia.data?.companyId}>
        {exists && <HeldAttempts id={id} />}
        {exists && <Disqualifications id={id} />}
        {trivia.data && <PrizeDraws subject={{ kind: 'trivia', id }} companyId={trivia.data.companyId} />}
      </EventTimeZone>
      <NameChanges />
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
