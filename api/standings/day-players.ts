import type { Queryable } from './refresh';

/**
 * How many players a trivia had over a range of days, per scope, from the count log of
 * trivia_day_players (db/migrations/1797510000000-day-standings.ts): a player is counted once, on
 * their first day in the range (the row whose previous day in the scope is before the range, or
 * none), so the players of any range are a sum over the log's rows, not a distinct count over the
 * rounds. Scopes: 's0' every site, 's<id>' a site, 's' no site, 'k<uuid>' a kiosk, 'k' no kiosk.
 */

/** The scope of a ranking at a site (every site when none). */
export const siteScope = (locationId: number | undefined | null) => `s${locationId ?? 0}`;

/** How many delta rows a trivia's log may hold before a reader folds it. */
export const DAY_PLAYERS_FOLD_AFTER = 256;

/** $1 trivia, [$2, $3] days (null: open). */
const IN_RANGE = `question_group_id = $1 AND ($2::date IS NULL OR day >= $2) AND ($3::date IS NULL OR day <= $3)
   AND (previous_day IS NULL OR previous_day < $2)`;

const PLAYERS_SQL = `
  SELECT scope, sum(delta)::int AS players FROM trivia_day_player_counts
   WHERE ${IN_RANGE}
   GROUP BY scope`;

/** The sum and its number of delta rows, as two columns of a ranking statement ($1 trivia, [$2, $3] days, $4 the scope). */
export const dayPlayerColumns = `
  (SELECT coalesce(sum(delta), 0) FROM trivia_day_player_counts WHERE ${IN_RANGE} AND scope = $4)::int AS total,
  (SELECT count(*) FROM trivia_day_player_counts WHERE question_group_id = $1 AND scope = $4)::int AS parts`;

/** Folds a trivia's count log when a read summed many rows (on the primary; a replica's is folded when the primary's is). */
export async function foldDayPlayers(em: Queryable, questionGroupId: number, parts: number): Promise<void> {
  if (parts <= DAY_PLAYERS_FOLD_AFTER) return;
  await em.query(`SELECT CASE WHEN NOT pg_is_in_recovery() THEN trivia_day_player_fold($1) END`, [questionGroupId]);
}

/** The players of each scope with any, over days [fromDay, toDay] (null: open). Folds nothing: it may run in a snapshot (the ranking reads fold). */
export async function dayPlayersPerScope(em: Queryable, questionGroupId: number, fromDay: string | null, toDay: string | null): Promise<Map<string, number>> {
  const rows = (await em.query(PLAYERS_SQL, [questionGroupId, fromDay, toDay])) as { scope: string; players: number }[];
  return new Map(rows.filter((row) => row.players !== 0).map((row) => [row.scope, row.players]));
}
