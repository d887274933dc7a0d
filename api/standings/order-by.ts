/**
 * The rankings' orders, each written once: every statement that sorts by a ranking's order or
 * picks a player's best attempt by it (the recomputing statements, the standings and their reads,
 * a draw's best attempt per player) takes it from here. The screens state the same rules as
 * TIE_RULES (contract/ranking.ts). The indexes that serve these orders (player_attempts_best_idx,
 * trivia_standings_order_idx, campaign_standings_order_idx) hold the same columns in the same
 * directions, so a read in this order is a walk of the index, not a sort.
 */

/** `column`, qualified by `table` when one is named. */
const qualify = (table: string | undefined) => (column: string) => (table ? `${table}.${column}` : column);

/**
 * The trivia ranking's order of attempts: higher score, then lower time in whole seconds (none:
 * the slowest, as an ascending order puts NULLs last), then the more recent result, then the
 * higher attempt id (exact ties). `table` qualifies the columns; `id` names the attempt's id
 * column (the standings call it `attempt_id`).
 */
export function triviaSort(table?: string, id = 'id'): string {
  const column = qualify(table);
  return `${column('score')} DESC, ${column('completion_time')}, ${column('completed_at')} DESC, ${column(id)} DESC`;
}

/** A completed attempt without a time (a client that never sent one) counts as the slowest. */
export const SLOWEST = 2_147_483_647;

/**
 * The trivia ranking's order as the key `max()` picks a player's best attempt by (a campaign's
 * 'best' mode): in array comparison a NULL is greater than any number, so a missing time is
 * replaced by the slowest; `completed_ms` is the completion in epoch milliseconds.
 */
export const TRIVIA_SORT_KEY: readonly string[] = ['score', `-coalesce(completion_time, ${SLOWEST})`, 'completed_ms', 'id'];

/**
 * Whether the standing `ahead` comes before the standing `of` in the trivia ranking's order
 * (`triviaSort`), as one row comparison of the same key as TRIVIA_SORT_KEY; both name
 * trivia_standings rows.
 */
export function triviaStandingAhead(ahead: string, of: string): string {
  const key = (t: string) => `(${t}.score, -coalesce(${t}.completion_time, ${SLOWEST}), ${t}.completed_at, ${t}.attempt_id)`;
  return `${key(ahead)} > ${key(of)}`;
}

/**
 * The campaign ranking's order of players: higher total, then lower mean time (none: last), then
 * the player registered first (the lower id). Ranked by one of its trivias, `score` and `time`
 * name that trivia's selected score and time.
 */
export function campaignSort(table?: string, { score = 'total_score', time = 'average_completion_time' } = {}): string {
  const column = qualify(table);
  return `${column(score)} DESC, ${column(time)} ASC NULLS LAST, ${column('player_id')}`;
}
