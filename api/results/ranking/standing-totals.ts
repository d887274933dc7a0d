import type { Queryable } from '../../standings/refresh';

/**
 * A ranking's total (its number of rows) from the standings' count log: statement triggers on
 * trivia_standings and campaign_standings append a signed delta per ranking and site for every
 * insert or delete (db/migrations/1796000000000-standing-page-figures.ts), so the total is the sum
 * of a few rows instead of a count over every standing, and no completion waits on a shared
 * counter. The triggers fold the rankings a statement touched into one row now and then (one
 * statement in 16), and a reader folds a ranking's deltas once there are more than FOLD_AFTER.
 * The advisory lock classes below are the triggers' too.
 */
export type StandingTable = 'trivia' | 'campaign';

const TABLES: Record<StandingTable, { counts: string; key: string; lockClass: number }> = {
  trivia: { counts: 'trivia_standing_counts', key: 'question_group_id', lockClass: 1_796_000_001 },
  campaign: { counts: 'campaign_standing_counts', key: 'campaign_id', lockClass: 1_796_000_002 },
};

/** How many delta rows a ranking's total may be summed from before a reader folds them. */
export const FOLD_AFTER = 64;

/** The total and the number of delta rows it was summed from, as two columns of a ranking statement ($1 ranking, $2 site). */
export const totalColumns = (table: StandingTable) => {
  const { counts, key } = TABLES[table];
  return `(SELECT coalesce(sum(delta), 0) FROM ${counts} WHERE ${key} = $1 AND site_id = $2)::int AS total,
         (SELECT count(*) FROM ${counts} WHERE ${key} = $1 AND site_id = $2)::int AS parts`;
};

const foldSql = (table: StandingTable) => {
  const { counts, key } = TABLES[table];
  return `
  WITH gone AS (DELETE FROM ${counts} WHERE ${key} = $1 AND site_id = $2 RETURNING delta)
  INSERT INTO ${counts} (${key}, site_id, delta) SELECT $1, $2, sum(delta) FROM gone HAVING sum(delta) <> 0`;
};
const FOLD = { trivia: foldSql('trivia'), campaign: foldSql('campaign') };

/**
 * Folds a ranking's deltas into one row, in the caller's transaction (not on a read replica). One folder at a time per
 * ranking (an advisory lock held to the end of the transaction; a second one skips): the fold's
 * statement then sees the other's committed row, and deltas of transactions still running are not
 * visible to it, so they stay for the next fold.
 */
export async function foldTotal(em: Queryable, table: StandingTable, rankingId: number, siteId: number): Promise<void> {
  // A read replica (docs/scale-out.md) writes nothing: its totals are folded when the primary's are.
  const [{ locked }] = await em.query(`SELECT NOT pg_is_in_recovery() AND pg_try_advisory_xact_lock($1, $2) AS locked`, [TABLES[table].lockClass, rankingId]);
  if (locked) await em.query(FOLD[table], [rankingId, siteId]);
}

/** A trivia's ranking total at each of its sites (`EVERY_SITE`: the whole): its ranked players there. */
export async function triviaSiteTotals(em: Queryable, questionGroupId: number): Promise<Map<number, number>> {
  const rows = (await em.query(`SELECT site_id, sum(delta)::int AS total FROM trivia_standing_counts WHERE question_group_id = $1 GROUP BY site_id`, [questionGroupId])) as {
    site_id: number;
    total: number;
  }[];
  return new Map(rows.map((row) => [row.site_id, row.total]));
}
