/* SQL predicates over an attempts alias: which attempts rank and which use up a trivia's attempts. */

/**
 * An admin's disqualification that holds over the attempt: of the attempt itself, or of its
 * player at its trivia (ranking_disqualifications, a row not restored). A read of the small
 * ranking_disqualifications_holding_key index.
 */
export const disqualifiedAttempt = (alias: string) =>
  `EXISTS (SELECT 1 FROM ranking_disqualifications d WHERE d.question_group_id = ${alias}.question_group_id AND d.player_id = ${alias}.player_id AND d.restored_at IS NULL AND (d.attempt_id IS NULL OR d.attempt_id = ${alias}.id))`;

/**
 * The one rule of what counts in rankings, exports, counts and standings: a completed attempt
 * that is `clean` or was `released` by an admin, and is not disqualified. Its first part is
 * written exactly like the partial indexes' predicate (db/migrations/1795400000000-attempt-review-state.ts),
 * so PostgreSQL uses them.
 */
export const rankedAttempt = (alias: string) =>
  `${alias}.completed_at IS NOT NULL AND ${alias}.review_status IN ('clean', 'released') AND NOT ${disqualifiedAttempt(alias)}`;

/**
 * The attempts that use up one of a trivia's maxAttempts: all but those held (or released) for
 * arriving over the limit, and those that named their player without proof unless an admin
 * released them (otherwise anyone could spend a player's attempts with a kiosk of the old version).
 */
export const countsTowardLimit = (alias: string) =>
  `(${alias}.review_reason IS NULL OR (${alias}.review_reason <> 'over_limit' AND (${alias}.review_reason <> 'unproven_player' OR ${alias}.review_status = 'released')))`;
