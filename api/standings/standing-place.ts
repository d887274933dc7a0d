import { prepared } from '../../db/prepared-statements';
import { triviaSort, triviaStandingAhead } from './order-by';
import { EVERY_SITE, type Queryable } from './refresh';

/**
 * A player's place in a trivia's ranking as the public ranking serves it (every site, each
 * player's best counted result, `triviaSort`'s order): one plus the standings ahead of theirs.
 * One statement: the player's standing by its primary key, then an index-only range scan of
 * trivia_standings_order_idx over the standings scored at least as high (the rest of the order
 * is checked on the index's own columns), so its cost grows with the place, not with the ranking.
 * It is a prepared statement, planned once per connection, often while the table is nearly empty,
 * so both reads are written so that no other index can serve them: the standing by its whole key
 * (the row comparisons only the primary key holds), the count in the index's order.
 */
const placeSql = () =>
  prepared(`
  WITH me AS MATERIALIZED (
    SELECT * FROM trivia_standings
     WHERE question_group_id = $1 AND site_id = ${EVERY_SITE} AND player_id = $2
       AND (question_group_id, site_id, player_id) >= ($1, ${EVERY_SITE}, $2) AND (question_group_id, site_id, player_id) <= ($1, ${EVERY_SITE}, $2)
  )
  SELECT 1 + (SELECT count(*)::int FROM (
                SELECT 1 FROM trivia_standings t
                 WHERE t.question_group_id = $1 AND t.site_id = ${EVERY_SITE} AND t.score >= me.score AND ${triviaStandingAhead('t', 'me')}
                 ORDER BY ${triviaSort('t', 'attempt_id')}) ahead) AS place
    FROM me`);
/** Built on first use: this module is imported where the standings' module may not have loaded yet. */
let built: string | undefined;

/** The player's place in the trivia's ranking; null when no counted result of theirs ranks. */
export async function triviaPlace(em: Queryable, questionGroupId: number, playerId: number): Promise<number | null> {
  const [row]: { place: number }[] = await em.query((built ??= placeSql()), [questionGroupId, playerId]);
  return row?.place ?? null;
}
