import { prepared } from '../../db/prepared-statements';
import { CAMPAIGN_PLACE_COUNTED, type CampaignPlace } from '../../contract';
import { campaignSort, SLOWEST, triviaSort, triviaStandingAhead } from './order-by';
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

/**
 * A player's place in a campaign's ranking as its public ranking serves it (every site,
 * `campaignSort`: higher total, lower mean time with none last, lower player id): one plus the
 * standings ahead, counted along campaign_standings_order_idx from the top down to the player's
 * total, at most CAMPAIGN_PLACE_COUNTED of them (a total is a weighted sum, with no bounded set of
 * values to keep counts of, so the walk is what bounds the cost). $1 the campaign, $2 the player,
 * $3 how many to count at most.
 */
const CAMPAIGN_PLACE_SQL = prepared(`
  WITH me AS MATERIALIZED (
    SELECT * FROM campaign_standings WHERE campaign_id = $1 AND site_id = ${EVERY_SITE} AND player_id = $2
  )
  SELECT c.name,
         (SELECT count(*) FROM (
            SELECT 1 FROM campaign_standings t
             WHERE t.campaign_id = $1 AND t.site_id = ${EVERY_SITE} AND t.total_score >= me.total_score
               AND (t.total_score > me.total_score
                    OR CASE WHEN me.average_completion_time IS NULL THEN t.average_completion_time IS NOT NULL OR t.player_id < me.player_id
                            ELSE t.average_completion_time < me.average_completion_time
                                 OR (t.average_completion_time = me.average_completion_time AND t.player_id < me.player_id) END)
             ORDER BY ${campaignSort('t')}
             LIMIT $3) ahead)::int AS ahead
    FROM me JOIN campaigns c ON c.id = me.campaign_id`);

/** The player's place in each of the campaigns (ids in order), those where a standing of theirs ranks. */
export async function campaignPlaces(em: Queryable, campaignIds: number[], playerId: number): Promise<CampaignPlace[]> {
  const places: CampaignPlace[] = [];
  for (const campaignId of campaignIds) {
    const [row]: { name: string; ahead: number }[] = await em.query(CAMPAIGN_PLACE_SQL, [campaignId, playerId, CAMPAIGN_PLACE_COUNTED]);
    if (row) places.push(row.ahead < CAMPAIGN_PLACE_COUNTED ? { campaignId, name: row.name, place: row.ahead + 1 } : { campaignId, name: row.name });
  }
  return places;
}
