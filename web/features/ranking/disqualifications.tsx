import type { Disqualification, Scoring } from '../../../contract';
import { DisqualificationList, playerName } from '../../shared/moderation/disqualification-list';
import { useDisqualifications } from './api/disqualifications';
import { formatScore } from '../../lib/format';
import { useRankingTrivia } from './api/get-ranking-trivia';

/** What was taken out, in the admin's words (a result's score in the trivia's `scoring`). */
const whatOf = (scoring: Scoring | undefined) => (d: Disqualification) =>
  d.attempt ? `Resultado de ${formatScore(d.attempt.score, scoring)}` : 'Todos sus resultados en esta trivia';

/** A decision made from a campaign is restored at every trivia of it: the confirmation says so. */
const restoreMessageOf = (what: (d: Disqualification) => string) => (d: Disqualification) =>
  d.campaign
    ? `${playerName(d)} volverá a contar en el ranking de la campaña «${d.campaign.name}» y en todas sus trivias.`
    : `${what(d)} de ${playerName(d)} volverá a contar en el ranking.`;

/** "Descalificados" of a trivia's admin ranking: a result, or a player with all their results at the trivia. */
export function Disqualifications({ id }: { id: number }) {
  const what = whatOf(useRankingTrivia(id).data?.scoring);
  return (
    <DisqualificationList
      titleId="disqualifications-title"
      description="No cuentan en el ranking público, las campañas, la pantalla grande ni las exportaciones. Sus resultados se conservan y pueden restaurarse."
      list={useDisqualifications(id)}
      what={what}
      origin={(d) => d.campaign && <span>Desde la campaña «{d.campaign.name}»</span>}
      restoreMessage={restoreMessageOf(what)}
    />
  );
}
