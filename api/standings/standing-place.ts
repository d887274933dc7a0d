import { prepared } from '../../db/prepared-statements';
import { SLOWEST, triviaSort, triviaStandingAhead } from './order-by';
import { EVERY_SITE, type Queryable } from './refresh';

/**
 * A player's place in a trivia's ranking as the public ranking serves it (every site, each
 * player's best counted result, `triviaSort`'s order): one plus the standings ahead of theirs,
 * counted in three parts whose cost is bounded by the distinct scores and times, not by the
 * ranking's size (db/migrations/1797520000000-place-counts.ts):
 * - a higher score: a sum over the trivia's score counts (a score is a percentage: at most 101);
 * - the same score and a lower time (no time counts as the slowest): a sum over that score's time counts;
 * - the same score and time, ahead by the rest of the order: an index range of trivia_standings_order_idx
 *   within that score and time, from the most recent down to the player's own completion.
 * It is a prepared statement, planned once per connection, often while the tables are nearly
 * empty, so each read is written so that one index serves it: the standing by its whole key (the
 * row comparisons only the primary key holds), each count in its index's order. The ties are
 * counted in two ranges, one for a time and one for none; the one that does not apply is cut by
 * its one-time filter.
 */
const placeSql = () =>
  prepared(`
  WITH me AS MATERIALIZED (
    SELECT * FROM trivia_standings
     WHERE question_group_id = $1 AND site_id = ${EVERY_SITE} AND player_id = $2
       AND (question_group_id, site_id, player_id) >= ($1, ${EVERY_SITE}, $2) AND (question_group_id, site_id, player_id) <= ($1, ${EVERY_SITE}, $2)
  )
  SELECT (1
          + (SELECT coalesce(sum(delta), 0) FROM (
               SELECT c.delta FROM trivia_score_counts c WHERE c.question_group_id = $1 AND c.score > me.score
                ORDER BY c.question_group_id, c.score) higher)
          + (SELECT coalesce(sum(delta), 0) FROM (
               SELECT c.delta FROM trivia_score_time_counts c WHERE c.question_group_id = $1 AND c.score = me.score AND c.time_key < coalesce(me.completion_time, ${SLOWEST})
                ORDER BY c.question_group_id, c.score, c.time_key) faster)
          + (SELECT count(*) FROM (
               SELECT 1 FROM trivia_standings t
                WHERE t.question_group_id = $1 AND t.site_id = ${EVERY_SITE} AND t.score = me.score AND t.completion_time = me.completion_time
                  AND t.completed_at >= me.completed_at AND ${triviaStandingAhead('t', 'me')}
                ORDER BY ${triviaSort('t', 'attempt_id')}) timed_ties)
          + (SELECT count(*) FROM (
               SELECT 1 FROM trivia_standings t
                WHERE me.completion_time IS NULL AND t.question_group_id = $1 AND t.site_id = ${EVERY_SITE} AND t.score = me.score AND t.completion_time IS NULL
                  AND t.completed_at >= me.completed_at AND ${triviaStandingAhead('t', 'me')}
                ORDER BY ${triviaSort('t', 'attempt_id')}) untimed_ties))::int AS place
    FROM me`);
/** Built on first use: this module is imported where the standings' module may not have loaded yet. */
let built: string | undefined;

/** The player's place in the trivia's ranking; null when no counted result of theirs ranks. */
export async function triviaPlace(em: Queryable, questionGroupId: number, playerId: number): Promise<number | null> {
  const [row]: { place: number }[] = await em.query((built ??= placeSql()), [questionGroupId, playerId]);
  return row?.place ?? null;
}
