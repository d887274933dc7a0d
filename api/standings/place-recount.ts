import type { EntityManager } from 'typeorm';
import { holdTriviaKeying } from './analysed-rounds';

/**
 * Statements that delete or write many of one trivia's standings at once, without the place
 * counts' row trigger (db/migrations/1797520000000-place-counts.ts): it sums a key's rows once per
 * changed standing, and within one transaction a key's dead versions pile up in its index range, so
 * one statement of many standings of a trivia was quadratic in a key's rows ("Borrar datos" of
 * a big trivia spent seconds in its standings' DELETE alone: docs/benchmarks.md). The trigger
 * leaves alone the trivia the transaction names (db/migrations/1797900000000-place-recount.ts).
 */
type Queryable = Pick<EntityManager, 'query'>;

const RECOUNTED = 'triviando.place_recount';

const SLOWEST = 2_147_483_647;

/** The trivia's counts, made again from its whole-trivia standings ($1). */
const RECOUNT = [
  `DELETE FROM trivia_score_counts WHERE question_group_id = $1`,
  `DELETE FROM trivia_score_time_counts WHERE question_group_id = $1`,
  `INSERT INTO trivia_score_counts (question_group_id, score, delta)
   SELECT question_group_id, score, count(*) FROM trivia_standings WHERE question_group_id = $1 AND site_id = 0 GROUP BY 1, 2`,
  `INSERT INTO trivia_score_time_counts (question_group_id, score, time_key, delta)
   SELECT question_group_id, score, coalesce(completion_time, ${SLOWEST}), count(*) FROM trivia_standings WHERE question_group_id = $1 AND site_id = 0 GROUP BY 1, 2, 3`,
];

/**
 * Runs `rewrite` with the trigger off for the trivia, then counts the trivia's standings again.
 * Holds the trivia's keying lock alone from the start, so no completion changes its standings
 * before the recount; call it after the statements that lock the trivia's attempts (a completion
 * holds its attempt's row while it waits for that lock).
 */
export async function rewriteTriviaStandings<T>(em: Queryable, questionGroupId: number, rewrite: () => Promise<T>): Promise<T> {
  await holdTriviaKeying(em, questionGroupId);
  await em.query(`SELECT set_config('${RECOUNTED}', $1::text, true)`, [questionGroupId]);
  const answer = await rewrite();
  await em.query(`SELECT set_config('${RECOUNTED}', '', true)`);
  for (const sql of RECOUNT) await em.query(sql, [questionGroupId]);
  return answer;
}

/**
 * Before deleting a trivia: its standings go with it (foreign keys) without being counted out one
 * by one; its counts are deleted when the transaction commits (the migration's TRIVIA_GONE).
 */
export async function forgoTriviaPlaceCounts(em: Queryable, questionGroupId: number): Promise<void> {
  await em.query(`SELECT set_config('${RECOUNTED}', $1::text, true)`, [questionGroupId]);
}
