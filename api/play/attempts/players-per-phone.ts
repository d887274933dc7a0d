/**
 * Players per phone (docs/fair-play.md, "Players per phone, in any order"): a pure rule over the
 * device's ranked rounds within an hour of the new one (device-rounds.ts reads them).
 */

const HOUR_MS = 3600_000;

/** Another player's ranked round of the device, at its start (ms). */
export interface PlayerRound {
  playerId: number;
  at: number;
}

/**
 * Whether ranking a new round started at `at` would put more than `limit` distinct players in some
 * hour [s, s + 1 h) of the device's rounds: true when some hour holding `at` already has `limit`
 * players among `others` (the new round's player is not among them). The busiest such hour starts
 * at `at` or at one of the others' rounds in the hour before it. Rounds before and after `at`
 * count alike, as a push may place its rounds in any order, so every hour of a device stays within
 * the limit and a round ranked earlier never needs judging again.
 */
export function tooManyPlayersInAnHour(others: PlayerRound[], at: number, limit: number): boolean {
  const starts = [at, ...others.filter((r) => r.at <= at && r.at > at - HOUR_MS).map((r) => r.at)];
  return starts.some((start) => new Set(others.filter((r) => r.at >= start && r.at < start + HOUR_MS).map((r) => r.playerId)).size >= limit);
}
