/* SQL predicates over an attempts alias: which attempts rank and which use up a trivia's attempts. */

/**
 * The one rule of what counts in rankings, exports and counts: a completed attempt that is
 * `clean` or was `released` by an admin. Written exactly like the partial indexes' predicate
 * (db/migrations/1795400000000-attempt-review-state.ts), so PostgreSQL uses them.
 */
export const rankedAttempt = (alias: string) => `${alias}.completed_at IS NOT NULL AND ${alias}.review_status IN ('clean', 'released')`;

/**
 * The attempts that use up one of a trivia's maxAttempts: all but those held (or released) for
 * arriving over the limit, and those that named their player without proof unless an admin
 * released them (otherwise anyone could spend a player's attempts with a kiosk of the old version).
 */
export const countsTowardLimit = (alias: string) =>
  `(${alias}.review_reason IS NULL OR (${alias}.review_reason <> 'over_limit' AND (${alias}.review_reason <> 'unproven_player' OR ${alias}.review_status = 'released')))`;
