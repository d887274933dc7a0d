import { prepared } from '../../db/prepared-statements';
import { triviaStandingAhead } from './order-by';
import { EVERY_SITE, type Queryable } from './refresh';

/**
 * A player's place in a trivia's ranking as the public ranking serves it (every site, each
 * player's best counted result, `triviaSort`'s order): one plus the standings ahead of theirs.
 * One statement: the player's standing by its primary key, then an index-only range scan of
 * trivia_standings_order_idx over the standings scored at least as high (the rest of the order
 * is checked on the index's own columns), so its cost grows with the place, not with the ranking.
 */
const placeSql = () =>
  prepared(`
  SELECT 1 + (SELECT count(*)::int FROM trivia_standings t
               WHERE t.question_group_id = me.question_group_id AND t.site_id = me.site_id
                 AND t.score >= me.score AND ${triviaStandingAhead('t', 'me')}) AS place
    FROM trivia_standings me
   WHERE me.question_group_id = $1 AND me.site_id = ${EVERY_SITE} AND me.player_id = $2`);
/** Built on first use: this module is imported where the standings' module may not have loaded yet. */
let built: string | undefined;

/** The player's place in the trivia's ranking; null when no counted result of theirs ranks. */
export async function triviaPlace(em: Queryable, questionGroupId: number, playerId: number): Promise<number | null> {
  const [row]: { place: number }[] = await em.query((built ??= placeSql()), [questionGroupId, playerId]);
  return row?.place ?? null;
}
