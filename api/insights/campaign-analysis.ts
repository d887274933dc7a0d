import type { EntityManager } from 'typeorm';
import { TOTAL_BANDS, type CampaignAnalysis, type CampaignAnalysisQuery } from '../../contract';
import type { CampaignEntity } from '../../db/entities';
import { completionRange } from '../ranking/date-range';
import { campaignTimeZone } from '../ranking/event-time-zone';
import { roundsPerHour } from './rounds-per-hour';

/** The campaign's trivias in its order, with their weights. */
const TRIVIAS_SQL = `
  SELECT l.question_group_id, g.name, l.weight
    FROM campaign_question_groups l
    JOIN question_groups g ON g.id = l.question_group_id
   WHERE l.campaign_id = $1
   ORDER BY l."order", l.id`;

/**
 * One pass over the campaign's standings at a site (0: every site): per trivia the players with a
 * selected score there and their mean (`kind` 'trivia'), the players by how many trivias they
 * finished ('completion'), and by band of the weighted total ('band', $3 the highest total).
 */
const STANDINGS_SQL = `
  WITH s AS (
    SELECT total_score, best_scores FROM campaign_standings WHERE campaign_id = $1 AND site_id = $2
  )
  SELECT 'trivia' AS kind, e.key::int AS key, count(*)::int AS players, avg(e.value::numeric)::float8 AS mean
    FROM s CROSS JOIN LATERAL jsonb_each_text(s.best_scores) e
   GROUP BY e.key
  UNION ALL
  SELECT 'completion', (SELECT count(*) FROM jsonb_object_keys(s.best_scores))::int, count(*)::int, NULL FROM s GROUP BY 2
  UNION ALL
  SELECT 'band', least(width_bucket(s.total_score::float8, 0, greatest($3::float8, 1), ${TOTAL_BANDS}), ${TOTAL_BANDS}), count(*)::int, NULL FROM s GROUP BY 2`;

interface TriviaRow { question_group_id: number; name: string; weight: number }
interface StandingRow { kind: 'trivia' | 'completion' | 'band'; key: number; players: number; mean: number | null }

/**
 * A campaign's analysis from its standings, kept as results arrive: what its ranking shows is what
 * is counted here (its mode, period, attempt limit and weights applied; disqualified players out).
 * Its timeline is the counted rounds of its trivias in its period, per hour and site where they were played.
 */
export async function campaignAnalysis(em: EntityManager, campaign: CampaignEntity, { locationId }: CampaignAnalysisQuery): Promise<CampaignAnalysis> {
  const campaignId = campaign.id;
  const trivias: TriviaRow[] = await em.query(TRIVIAS_SQL, [campaignId]);
  const timeZone = await campaignTimeZone(em, campaignId);
  const period = completionRange(campaign.startDate, campaign.endDate, timeZone);
  const maxTotal = 100 * trivias.reduce((sum, trivia) => sum + trivia.weight, 0);
  const rows: StandingRow[] = await em.query(STANDINGS_SQL, [campaignId, locationId ?? 0, maxTotal]);
  const of = (kind: StandingRow['kind']) => new Map(rows.filter((row) => row.kind === kind).map((row) => [row.key, row]));
  const perTrivia = of('trivia');
  const completion = of('completion');
  const bands = of('band');
  const bandWidth = maxTotal / TOTAL_BANDS;
  return {
    campaignId,
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
    timeline: await roundsPerHour(em, { questionGroupIds: trivias.map((trivia) => trivia.question_group_id), ...period, timeZone, locationId }),
  };
}
