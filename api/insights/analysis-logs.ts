import type { EntityManager } from 'typeorm';
import type { ActivityHour } from '../../contract';
import type { TriviaFigures, TriviaScope } from './trivia-figures';

/**
 * Reads of the analysis logs (db/migrations/1796700000000-analysis-logs.ts): each figure is the sum
 * of a log's rows under the filters, its folded sums and the deltas not yet folded. A reader first
 * folds a trivia's or campaign's deltas once there are more than FOLD_AFTER (the writers fold one
 * time in 32, so a log stays short unless many transactions all missed their turn).
 */
type Queryable = Pick<EntityManager, 'query'>;

export const FOLD_AFTER = 2_000;

/** The rows of `log` matching `where`: folded and not, each part read by its own index. */
const logRows = (log: string, columns: string, where: string) => `
  SELECT ${columns} FROM ${log} WHERE folded AND ${where}
  UNION ALL
  SELECT ${columns} FROM ${log} WHERE NOT folded AND ${where}`;

/** $1 trivia, $2 site, $3 kiosk, [$4, $5] days. */
const SCOPE = `question_group_id = $1 AND site_id = $2 AND kiosk_id = $3 AND ($4::date IS NULL OR day >= $4) AND ($5::date IS NULL OR day <= $5)`;

const ROUNDS_SQL = `
  SELECT score, sum(rounds)::int AS n FROM (${logRows('analysis_round_log', 'score, rounds', SCOPE)}) r
   GROUP BY score HAVING sum(rounds) <> 0`;
const ANSWERS_SQL = `
  SELECT score, question_id AS "questionId", answer_id AS "answerId", sum(n)::int AS n FROM (${logRows('analysis_answer_log', 'score, question_id, answer_id, n', SCOPE)}) r
   GROUP BY 1, 2, 3 HAVING sum(n) <> 0`;
const TIMES_SQL = `
  SELECT question_id AS "questionId", tenth, sum(n)::int AS n FROM (${logRows('analysis_time_log', 'question_id, tenth, n', SCOPE)}) r
   GROUP BY 1, 2 HAVING sum(n) <> 0`;

/** Folds a log's deltas when there are many: in a transaction of its own, skipped when another is folding. */
async function foldWhenLong(em: EntityManager, log: string, owner: string, id: number, fold: string) {
  const [{ deltas } = { deltas: 0 }] = (await em.query(`SELECT count(*)::int AS deltas FROM (SELECT 1 FROM ${log} WHERE NOT folded AND ${owner} = $1 LIMIT ${FOLD_AFTER + 1}) d`, [id])) as {
    deltas: number;
  }[];
  if (deltas > FOLD_AFTER) await em.transaction((tx) => tx.query(`SELECT ${fold}($1)`, [id]));
}

export const foldTriviaLogs = (em: EntityManager, questionGroupId: number) => foldWhenLong(em, 'analysis_answer_log', 'question_group_id', questionGroupId, 'analysis_fold');
export const foldCampaignLog = (em: EntityManager, campaignId: number) => foldWhenLong(em, 'campaign_analysis_log', 'campaign_id', campaignId, 'campaign_analysis_fold');

/** A trivia's figures under the scope, from its logs (in one snapshot when `em` is a transaction's). */
export async function loggedTriviaFigures(em: Queryable, scope: TriviaScope): Promise<TriviaFigures> {
  const parameters = [scope.questionGroupId, scope.siteId, scope.kioskId, scope.fromDay, scope.toDay];
  return {
    rounds: await em.query(ROUNDS_SQL, parameters),
    answers: await em.query(ANSWERS_SQL, parameters),
    times: await em.query(TIMES_SQL, parameters),
  };
}

/** A campaign's standing figures at a site ($2, 0 every site): 't' per trivia (players, mean selected score), 'c' per trivias finished, 'b' per band of the total. */
const CAMPAIGN_SQL = `
  SELECT kind, key, sum(players)::int AS players, CASE WHEN kind = 't' THEN (sum(score_sum) / nullif(sum(players), 0))::float8 END AS mean
    FROM (${logRows('campaign_analysis_log', 'kind, key, players, score_sum', 'campaign_id = $1 AND site_id = $2')}) r
   GROUP BY kind, key HAVING sum(players) <> 0`;

export interface CampaignFigureRow {
  kind: 't' | 'c' | 'b';
  key: number;
  players: number;
  /** Of the selected scores ('t' only). */
  mean: number | null;
}

export const loggedCampaignFigures = (em: Queryable, campaignId: number, siteId: number): Promise<CampaignFigureRow[]> =>
  em.query(CAMPAIGN_SQL, [campaignId, siteId]);

/**
 * Counted rounds of the trivias $1 per hour of the event's clock in [$2, $3) (null: open) and site
 * where they were played ($4: one site; null: every site).
 */
const HOURS_SQL = `
  WITH hours AS (
    SELECT to_char(hour, 'YYYY-MM-DD"T"HH24:00') AS hour, site_id, sum(rounds)::int AS rounds
      FROM (${logRows(
        'analysis_hour_log',
        'hour, site_id, rounds',
        `question_group_id = ANY($1::int[]) AND ($2::timestamp IS NULL OR hour >= $2) AND ($3::timestamp IS NULL OR hour < $3) AND ($4::int IS NULL OR site_id = $4)`,
      )}) r
     GROUP BY 1, 2 HAVING sum(rounds) <> 0
  )
  SELECT h.hour, h.site_id AS "locationId", l.name AS site, h.rounds
    FROM hours h
    LEFT JOIN locations l ON l.id = h.site_id
   ORDER BY h.hour, l.name NULLS LAST, h.site_id`;

/** The hours of the trivias' logs from day `fromDay` to day `toDay` (inclusive; null: open), at a site or every site. */
export async function loggedRoundsPerHour(
  em: Queryable,
  scope: { questionGroupIds: number[]; fromDay: string | null; toDay: string | null; locationId?: number | null },
): Promise<ActivityHour[]> {
  const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return em.query(HOURS_SQL, [scope.questionGroupIds, scope.fromDay, scope.toDay && dayAfter(scope.toDay), scope.locationId ?? null]);
}
