import type { EntityManager } from 'typeorm';
import { TOTAL_BANDS, type CampaignAnalysis, type CampaignAnalysisQuery } from '../../../contract';
import type { CampaignEntity } from '../../../db/entities';
import { completionRange } from '../../standings/date-range';
import { campaignTimeZone } from '../../standings/event-time-zone';
import { EVERY_SITE } from '../../standings/refresh';
import { foldCampaignLog, loggedCampaignFigures, loggedTimeline, type CampaignFigureRow } from './analysis-logs';
import { recomputedCampaignFigures } from './recomputed-figures';
import { recomputedTimeline } from './recomputed-timeline';
import { readyLogsOf } from './trivia-analysis';

/** The campaign's trivias in its order, with their weights. */
const TRIVIAS_SQL = `
  SELECT l.question_group_id, g.name, l.weight
    FROM campaign_question_groups l
    JOIN question_groups g ON g.id = l.question_group_id
   WHERE l.campaign_id = $1
   ORDER BY l."order", l.id`;

interface TriviaRow { question_group_id: number; name: string; weight: number }

/** The campaign's analysis from its standing figures and timeline. */
function analysisOf(
  campaign: CampaignEntity,
  trivias: TriviaRow[],
  figures: CampaignFigureRow[],
  timeZone: string,
  timeline: CampaignAnalysis['timeline'],
): CampaignAnalysis {
  const maxTotal = 100 * trivias.reduce((sum, trivia) => sum + trivia.weight, 0);
  const of = (kind: CampaignFigureRow['kind']) => new Map(figures.filter((row) => row.kind === kind).map((row) => [row.key, row]));
  const perTrivia = of('t');
  const completion = of('c');
  const bands = of('b');
  const bandWidth = maxTotal / TOTAL_BANDS;
  return {
    campaignId: campaign.id,
    players: [...completion.values()].reduce((sum, row) => sum + row.players, 0),
    maxTotal,
    trivias: trivias.map((trivia) => ({
      questionGroupId: trivia.question_group_id,
      name: trivia.name,
      weight: trivia.weight,
      players: perTrivia.get(trivia.question_group_id)?.players ?? 0,
      averageScore: perTrivia.get(trivia.question_group_id)?.mean ?? null,
    })),
    completion: trivias.map((_, index) => ({ trivias: index + 1, players: completion.get(index + 1)?.players ?? 0 })),
    totals: Array.from({ length: TOTAL_BANDS }, (_, band) => ({
      from: band * bandWidth,
      to: (band + 1) * bandWidth,
      players: bands.get(band + 1)?.players ?? 0,
    })),
    timeZone,
    timeline,
  };
}

/**
 * A campaign's analysis, from the logs of its standings (kept as results arrive: what its ranking
 * shows is what is counted here, its mode, period, attempt limit and weights applied, disqualified
 * players out) and of its trivias' rounds: its timeline is the counted rounds of its trivias in its
 * period, per hour and site where they were played.
 */
export async function campaignAnalysis(em: EntityManager, campaign: CampaignEntity, { locationId }: CampaignAnalysisQuery): Promise<CampaignAnalysis> {
  const trivias: TriviaRow[] = await em.query(TRIVIAS_SQL, [campaign.id]);
  const timeZone = await campaignTimeZone(em, campaign.id);
  await readyLogsOf(em, trivias.map((trivia) => trivia.question_group_id), timeZone);
  await foldCampaignLog(em, campaign.id);
  return em.transaction('REPEATABLE READ', async (tx) =>
    analysisOf(
      campaign,
      trivias,
      await loggedCampaignFigures(tx, campaign.id, locationId ?? EVERY_SITE),
      timeZone,
      await loggedTimeline(tx, { questionGroupIds: trivias.map((t) => t.question_group_id), fromDay: campaign.startDate, toDay: campaign.endDate, locationId }),
    ),
  );
}

/** The same analysis recomputed from the standings and every counted round: the logs' check. */
export async function recomputedCampaignAnalysis(em: EntityManager, campaign: CampaignEntity, { locationId }: CampaignAnalysisQuery): Promise<CampaignAnalysis> {
  const trivias: TriviaRow[] = await em.query(TRIVIAS_SQL, [campaign.id]);
  const timeZone = await campaignTimeZone(em, campaign.id);
  const maxTotal = 100 * trivias.reduce((sum, trivia) => sum + trivia.weight, 0);
  const period = completionRange(campaign.startDate, campaign.endDate, timeZone);
  return em.transaction('REPEATABLE READ', async (tx) =>
    analysisOf(
      campaign,
      trivias,
      await recomputedCampaignFigures(tx, campaign.id, locationId ?? EVERY_SITE, maxTotal),
      timeZone,
      await recomputedTimeline(tx, { questionGroupIds: trivias.map((t) => t.question_group_id), ...period, timeZone, locationId }),
    ),
  );
}
