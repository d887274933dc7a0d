import type { EntityManager } from 'typeorm';
import { timelineUnit, type Timeline, type TimelineUnit } from '../../../contract';
import type { TriviaFigures, TriviaScope } from './trivia-figures';

/**
 * Reads of the analysis logs (db/migrations/1796700000000-analysis-logs.ts): each figure is the sum
 * of a log's rows under the filters. A reader first folds the trivia's queue of changed rounds into
 * its logs (waiting for a writer folding it), and a campaign's deltas once there are more than
 * FOLD_AFTER (its writers fold one time in 32; the rounds' queue, one time in 128).
 */
type Queryable = Pick<EntityManager, 'query'>;

export const FOLD_AFTER = 500;

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

/** Folds a campaign's log deltas when there are many: in a transaction of its own, skipped when another is folding. */
export async function foldCampaignLog(em: EntityManager, campaignId: number) {
  const [{ deltas } = { deltas: 0 }] = (await em.query(
    `SELECT count(*)::int AS deltas FROM (SELECT 1 FROM campaign_analysis_log WHERE NOT folded AND campaign_id = $1 LIMIT ${FOLD_AFTER + 1}) d`,
    [campaignId],
  )) as { deltas: number }[];
  if (deltas > FOLD_AFTER) await em.transaction((tx) => tx.query(`SELECT campaign_analysis_fold($1)`, [campaignId]));
}

/** Empties a trivia's queue of changed rounds into its logs, in a transaction of its own, after any writer folding it. */
export async function foldTriviaLogs(em: EntityManager, questionGroupId: number) {
  const [{ queued } = { queued: false }] = (await em.query(`SELECT EXISTS (SELECT 1 FROM analysis_round_queue WHERE question_group_id = $1) AS queued`, [questionGroupId])) as { queued: boolean }[];
  if (queued) await em.transaction((tx) => tx.query(`SELECT analysis_fold($1, true)`, [questionGroupId]));
}

/** A trivia's figures under the scope, from its logs (in one snapshot when `em` is a transaction's). */
export async function loggedTriviaFigures(em: Queryable, scope: TriviaScope): Promise<TriviaFigures> {
  const parameters = [scope.questionGroupId, scope.siteId, scope.kioskId, scope.fromDay, scope.toDay];
  return {
    rounds: await em.query(ROUNDS_SQL, parameters),
    answers: await em.query(ANSWERS_SQL, parameters),
    times: await em.query(TIMES_SQL, parameters),
  };
}

/** A trivia's rounds per score in each scope (site and kiosk) over days [$2, $3] (null: open). */
const SCOPE_ROUNDS_SQL = `
  SELECT site_id, kiosk_id, score, sum(rounds)::int AS n
    FROM (${logRows('analysis_round_log', 'site_id, kiosk_id, score, rounds', `question_group_id = $1 AND ($2::date IS NULL OR day >= $2) AND ($3::date IS NULL OR day <= $3)`)}) r
   GROUP BY 1, 2, 3 HAVING sum(rounds) <> 0`;

export const loggedScopeRounds = (em: Queryable, questionGroupId: number, fromDay: string | null, toDay: string | null): Promise<{ site_id: number; kiosk_id: string; score: number; n: number }[]> =>
  em.query(SCOPE_ROUNDS_SQL, [questionGroupId, fromDay, toDay]);

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

/** The trivias' ($1) timeline rows from day $2 to the day before $3 (null: open), at site $4 (null: every site). */
const timelineRows = (log: string, slot: string) =>
  logRows(log, `${slot} AS slot, site_id, rounds`, `question_group_id = ANY($1::int[]) AND ($2::date IS NULL OR ${slot} >= $2) AND ($3::date IS NULL OR ${slot} < $3) AND ($4::int IS NULL OR site_id = $4)`);

const SPAN_SQL = `
  SELECT (max(day) - min(day) + 1)::int AS days
    FROM (SELECT slot AS day FROM (${timelineRows('analysis_day_log', 'day')}) r GROUP BY slot HAVING sum(rounds) <> 0) d`;

const slotsSql = (log: string, slot: string) => `
  WITH slots AS (
    SELECT to_char(slot, 'YYYY-MM-DD"T"HH24:00') AS start, site_id, sum(rounds)::int AS rounds
      FROM (${timelineRows(log, slot)}) r
     GROUP BY slot, site_id HAVING sum(rounds) <> 0
  )
  SELECT s.start, s.site_id AS "locationId", l.name AS site, s.rounds
    FROM slots s
    LEFT JOIN locations l ON l.id = s.site_id
   ORDER BY s.start, l.name NULLS LAST, s.site_id`;
const SLOTS_SQL: Record<TimelineUnit, string> = { hour: slotsSql('analysis_hour_log', 'hour'), day: slotsSql('analysis_day_log', 'day') };

/**
 * The trivias' timeline from their logs: counted rounds per hour (per day past MOST_HOURLY_DAYS
 * days) of the event's clock and site where they were played, from day `fromDay` to day `toDay`
 * (inclusive; null: open), at a site or every site.
 */
export async function loggedTimeline(
  em: Queryable,
  scope: { questionGroupIds: number[]; fromDay: string | null; toDay: string | null; locationId?: number | null },
): Promise<Timeline> {
  const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const parameters = [scope.questionGroupIds, scope.fromDay, scope.toDay && dayAfter(scope.toDay), scope.locationId ?? null];
  const [{ days } = { days: null }] = (await em.query(SPAN_SQL, parameters)) as { days: number | null }[];
  const unit = timelineUnit(days);
  return { unit, slots: await em.query(SLOTS_SQL[unit], parameters) };
}
