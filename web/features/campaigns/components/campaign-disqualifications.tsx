import type { CampaignDisqualification } from '../../../../contract';
import { DisqualificationList, playerName } from '../../../shared/moderation/disqualification-list';
import { useCampaignDisqualifications } from '../api/campaign-disqualifications';
import { formatScore } from '../../../lib/format';

const triviaNames = (d: CampaignDisqualification) => d.trivias.map((t) => t.name).join(', ');

/** What was taken out, in the admin's words: from the campaign (every trivia it covers) or at one trivia. */
function what(d: CampaignDisqualification, campaignId: number): string {
  if (d.campaign?.id === campaignId) return d.trivias.length === 1 ? `En la campaña (1 trivia: ${triviaNames(d)})` : `En la campaña (${d.trivias.length} trivias)`;
  const where = d.campaign ? ` (desde la campaña «${d.campaign.name}»)` : '';
  return d.attempt ? `Resultado de ${formatScore(d.attempt.score)} en ${triviaNames(d)}${where}` : `Todos sus resultados en ${triviaNames(d)}${where}`;
}

const restoreMessage = (d: CampaignDisqualification) =>
  `${playerName(d)} volverá a contar en ${d.trivias.length === 1 ? `la trivia ${triviaNames(d)}` : `las trivias ${triviaNames(d)}`} y en el ranking de la campaña.`;

/**
 * "Descalificados" of a campaign ranking: what holds at the campaign's trivias, one entry per
 * decision (one made from the campaign names every trivia it covers); a campaign decision is
 * restored at all its trivias at once.
 */
export function CampaignDisqualifications({ campaignId }: { campaignId: number }) {
  return (
    <DisqualificationList
      titleId="campaign-disqualifications-title"
      description="No cuentan en el ranking de la campaña ni en el de sus trivias, la pantalla grande ni las exportaciones. Sus resultados se conservan y pueden restaurarse."
      list={useCampaignDisqualifications(campaignId)}
      what={(d) => what(d, campaignId)}
      whatTitle={triviaNames}
      restoreMessage={restoreMessage}
    />
  );
}
