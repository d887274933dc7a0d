import type { EntityManager } from 'typeorm';
import { eventTimeZone } from '../../contract';
import { prepared } from '../../db/prepared-statements';
import { serverTimeZone } from '../platform/lib/time-zone';
import { rankedAttempt } from './counted-attempts';

/**
 * Which rounds the analysis holds, and under which hour of the event's clock: the one owner of
 * `player_attempts.analysis_hour` and `kiosk_id`. Statement triggers turn every change of them into
 * the analysis logs' deltas (db/migrations/1796700000000-analysis-logs.ts); api/results/insights reads the
 * logs.
 *
 * - A round is held while it counts (`rankedAttempt`, the rankings' rule), under the hour its
 *   completion falls in on the trivia's clock (`question_groups.analysis_time_zone`; a trivia keyed
 *   in no zone yet takes its event's, `eventTimeZone`, computed here and passed to the statements).
 * - Its kiosk is its device when that device was a kiosk set up by staff as the round was
 *   recorded, kept from then on (a phone later set up as a kiosk does not move its earlier rounds).
 * - A zone that changed (the company's choice, or the server's) is applied by `keyInZone` before
 *   an analysis is read; a refresh waits for it (a lock per trivia, shared by refreshes).
 */
type Queryable = Pick<EntityManager, 'query'>;

/** The advisory lock class of a trivia's keying: refreshes share it, `keyInZone` and whole-trivia rewrites hold it alone. */
const KEYING_LOCK = 1_796_700_003;

/**
 * The hour the analysis holds an attempt under, over alias `state` (its completion and review state:
 * the row as it is, or as a completion is about to make it) and `g` (its trivia); null when it does
 * not count. `eventZone` is the SQL of the event's zone of a trivia keyed in none yet.
 */
const analysedHour = (state: string, eventZone: string) =>
  `CASE WHEN ${rankedAttempt(state)} THEN date_trunc('hour', ${state}.completed_at AT TIME ZONE coalesce(g.analysis_time_zone, ${eventZone})) END`;

/** The kiosk the analysis holds an attempt under, over `state` (as `analysedHour`) and `row` (its stored kiosk and device). */
const analysedKiosk = (state: string, row: string) => `CASE WHEN ${state}.completed_at IS NULL OR ${row}.kiosk_id IS NOT NULL THEN ${row}.kiosk_id
                ELSE (SELECT d.id FROM devices d WHERE d.id = ${row}.device_id AND d.kiosk_setup_at IS NOT NULL) END`;

/**
 * Brings the held rounds of the attempts in `scope` (over alias `a`) in line with the rule; rows
 * already right are not written. `eventZone` is the SQL of the event's zone of a trivia `g` keyed
 * in none yet (a parameter), read through `join`. The updated rows are named by `scope` too, not
 * only by the join: a prepared statement runs a generic plan, which for the join alone was
 * planned on a small table (a scan of every attempt, hashed) and kept as the table grew.
 */
const refreshSql = (scope: string, eventZone: string, join = '') => `
  WITH desired AS (
    SELECT a.id, ${analysedHour('a', eventZone)} AS hour, ${analysedKiosk('a', 'a')} AS kiosk
      FROM player_attempts a
      JOIN question_groups g ON g.id = a.question_group_id${join}
     WHERE ${scope}
  )
  UPDATE player_attempts a
     SET analysis_hour = d.hour, kiosk_id = d.kiosk
    FROM desired d
   WHERE a.id = d.id AND ${scope} AND (a.analysis_hour IS DISTINCT FROM d.hour OR a.kiosk_id IS DISTINCT FROM d.kiosk)`;

/**
 * The SET clauses that key a round in the statement that completes it, so a completion writes its
 * row once: over `a` (the attempt as stored), `n` (its completion and review state as the statement
 * sets them: id, question_group_id, player_id, completed_at, review_status) and `g` (its trivia),
 * `eventZone` the zone `enterKeying` answered. Its caller holds the keying lock (`enterKeying`) and
 * tells the standings' refresh so (`refreshPlayerStandings`' `keyedIn`).
 */
export const completionKeying = (eventZone: string) => `analysis_hour = ${analysedHour('n', eventZone)}, kiosk_id = ${analysedKiosk('n', 'a')}`;

// One trivia's rounds: $1 its event's zone.
const OF_PLAYER = prepared(refreshSql('a.question_group_id = $2 AND a.player_id = $3', '$1'));
const OF_TRIVIA = refreshSql('a.question_group_id = $2', '$1');
// Every trivia's rounds: $1 the companies' ids, $2 their events' zones.
const EVERY_ROUND = refreshSql('TRUE', 'z.event_zone', '\n      JOIN unnest($1::int[], $2::text[]) AS z(company_id, event_zone) ON z.company_id = g.company_id');
/**
 * Waits for a keying of the trivia in progress, and reads its company's chosen zone in the same
 * round trip. The trivia's own zone is read after the lock, by the refresh (a keying may have just
 * set it); a company's choice is not the lock's to guard (`keyInZone` applies its changes).
 */
const SHARE_KEYING = prepared(`SELECT pg_advisory_xact_lock_shared(${KEYING_LOCK}, $1),
         (SELECT c.time_zone FROM question_groups g JOIN companies c ON c.id = g.company_id WHERE g.id = $1) AS time_zone`);

/** Takes the trivia's keying lock (shared) and answers the zone its rounds are keyed in when it has none of its own. */
export async function enterKeying(em: Queryable, questionGroupId: number): Promise<string> {
  const [row]: { time_zone: string | null }[] = await em.query(SHARE_KEYING, [questionGroupId]);
  return eventTimeZone(row?.time_zone, serverTimeZone());
}

/**
 * After a player's attempts at a trivia changed: which of them the analysis holds. In the change's
 * transaction. Answers the trivia's event zone, read on the way (the day standings key days in it).
 */
export async function refreshAnalysedRounds(em: Queryable, playerId: number, questionGroupId: number): Promise<string> {
  const zone = await enterKeying(em, questionGroupId);
  await em.query(OF_PLAYER, [zone, questionGroupId, playerId]);
  return zone;
}

/** After many of a trivia's attempts changed at once. Answers the trivia's event zone, as `refreshAnalysedRounds`. */
export async function refreshTriviaAnalysedRounds(em: Queryable, questionGroupId: number): Promise<string> {
  const zone = await enterKeying(em, questionGroupId);
  await em.query(OF_TRIVIA, [zone, questionGroupId]);
  return zone;
}

/**
 * Holds the trivia's keying lock alone until the transaction ends: every refresh of the trivia's
 * standings shares it, so none runs meanwhile (a whole-trivia rewrite, api/standings/place-recount.ts).
 */
export async function holdTriviaKeying(em: Queryable, questionGroupId: number): Promise<void> {
  await em.query(`SELECT pg_advisory_xact_lock(${KEYING_LOCK}, $1)`, [questionGroupId]);
}

/** Every round, for data written around the application (seeding, restores). */
export async function refreshEveryAnalysedRound(em: Queryable): Promise<void> {
  const companies: { id: number; time_zone: string | null }[] = await em.query(`SELECT id, time_zone FROM companies`);
  const zones = companies.map((company) => eventTimeZone(company.time_zone, serverTimeZone()));
  await em.query(EVERY_ROUND, [companies.map((company) => company.id), zones]);
}

/**
 * Keys a trivia's held rounds in `timeZone` when they are keyed in another (or none yet): in a
 * transaction of its own, holding the trivia's keying lock, so no refresh keys a round in the old
 * zone meanwhile. Rewrites every held round of the trivia once after a zone change.
 */
export async function keyInZone(em: EntityManager, questionGroupId: number, timeZone: string): Promise<void> {
  const keyedIn = async (query: Queryable) =>
    ((await query.query(`SELECT analysis_time_zone FROM question_groups WHERE id = $1`, [questionGroupId])) as { analysis_time_zone: string | null }[])[0]
      ?.analysis_time_zone;
  if ((await keyedIn(em)) === timeZone) return;
  await em.transaction(async (tx) => {
    await holdTriviaKeying(tx, questionGroupId);
    if ((await keyedIn(tx)) === timeZone) return;
    await tx.query(
      `UPDATE player_attempts SET analysis_hour = date_trunc('hour', completed_at AT TIME ZONE $2)
        WHERE question_group_id = $1 AND analysis_hour IS NOT NULL AND analysis_hour <> date_trunc('hour', completed_at AT TIME ZONE $2)`,
      [questionGroupId, timeZone],
    );
    await tx.query(`UPDATE question_groups SET analysis_time_zone = $2 WHERE id = $1`, [questionGroupId, timeZone]);
  });
}
