import type { Disqualification } from '../../../contract';
import { DisqualificationList, playerName } from '../../shared/moderation/disqualification-list';
import { useDisqualifications } from './api/disqualifications';
import { formatScore } from '../../lib/format';

/** What was taken out, in the admin's words. */
const what = (d: Disqualification) => (d.attempt ? `Resultado de ${formatScore(d.attempt.score)}` : 'Todos sus resultados en esta trivia');

/** A decision made from a campaign is restored at every trivia of it: the confirmation says so. */
const restoreMessage = (d: Disqualification) =>
  d.campaign
    ? `${playerName(d)} volverá a contar en el ranking de la campaña «${d.campaign.name}» y en todas sus trivias.`
    : `${what(d)} de ${playerName(d)} volverá a contar en el ranking.`;

/** "Descalificados" of a trivia's admin ranking: a result, or a player with all their results at the trivia. */
export function Disqualifications({ id }: { id: number }) {
  return (
    <DisqualificationList
      titleId="disqualifications-title"
      description="No cuentan en el ranking público, las campañas, la pantalla grande ni las exportaciones. Sus resultados se conservan y pueden restaurarse."
      list={useDisqualifications(id)}
      what={what}
      origin={(d) => d.campaign && <span>Desde la campaña «{d.campaign.name}»</span>}
      restoreMessage={restoreMessage}
    />
  );
}
