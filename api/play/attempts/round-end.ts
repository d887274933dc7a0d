import { MAX_COMPLETION_SECONDS } from '../../../contract';
import type { ChosenAnswer } from '../../../db/entities/player-attempt.entity';
import { keepDeviceDuration, placeInWindow } from './anchoring';
import { verdictTimes } from './server-timing';

/**
 * A completion's times as stored (docs/fair-play.md, "Rounds the server times" and "Anchored
 * times"): pure functions of the round as stored and of the completion as it arrived, one per
 * channel, each returning what completeAttempt judges.
 */

/** What placing a completion's times reads of its round (a row of player_attempts). */
export interface TimedRound {
  started_at: Date;
  /** Where the round's window opened (anchoring.ts, `offlineWindowOpens`); null on rows older than the column. */
  window_start: Date | null;
  dealt_by_server: boolean;
  question_ids: number[] | null;
  answers: ChosenAnswer[] | null;
}

/** A completion's start and end as stored, and whether the server can vouch for them. */
export interface RoundTimes {
  startedAt: Date;
  completedAt: Date;
  unanchored: boolean;
  /** A round the device dealt: the completionTime it reported, which its stored times must agree with (plausibility.ts). */
  reportedSeconds?: number;
}

/** A push's arrival, which closes a synced round's window. */
export interface Arrival {
  receivedAt: Date;
  fairPlay: { offlineWindowMs: number };
}

/**
 * An online completion (PATCH /api/player-attempts/:id): a round answered verdict by verdict ends
 * at its last verdict; any other ends when the completion arrived, never before the last verdict
 * the server gave. The device's own measure is not asked for.
 */
export function timeOnlineCompletion(round: TimedRound, arrivedAt: Date): RoundTimes {
  const verdicts = verdictTimes(round);
  if (round.dealt_by_server && verdicts.complete) return { startedAt: round.started_at, completedAt: verdicts.last!, unanchored: false };
  return { startedAt: round.started_at, completedAt: new Date(Math.max(arrivedAt.getTime(), verdicts.last?.getTime() ?? 0)), unanchored: false };
}

/**
 * A synced completion: a round the server dealt and judged answer by answer ends at its last
 * verdict, whatever the completion claims. Any other has its end placed in its window (placeRoundEnd)
 * and keeps the device's own measure of it when placing squeezed it (`keepDeviceDuration`); it is
 * unanchored when its end falls outside the window, when the window is wider than
 * OFFLINE_WINDOW_HOURS, or when the window cannot hold the device's measure.
 */
export function timeSyncedCompletion(round: TimedRound, completion: { completedAt: Date; reportedSeconds: number }, push: Arrival): RoundTimes {
  const verdicts = verdictTimes(round);
  if (round.dealt_by_server && verdicts.complete) return { startedAt: round.started_at, completedAt: verdicts.last!, unanchored: false };
  const end = placeRoundEnd(round, completion.completedAt, push, verdicts.last);
  const reportedMs = Math.min(completion.reportedSeconds, MAX_COMPLETION_SECONDS) * 1000;
  const window = { opensAt: windowOpened(round), closesAt: push.receivedAt };
  const { startedAt, completedAt, fits } = keepDeviceDuration({ startedAt: round.started_at, completedAt: end.at }, reportedMs, window);
  // A round the server dealt is timed by the server alone: the device's own count started before the deal reached it.
  const reported = round.dealt_by_server ? {} : { reportedSeconds: completion.reportedSeconds };
  return { startedAt, completedAt, unanchored: end.unanchored || !fits, ...reported };
}

/** Where the round's window opened: as stored with it, or its start on rows older than `window_start`. */
const windowOpened = (round: TimedRound) => round.window_start ?? round.started_at;

/**
 * A synced completion's end, placed between the round's start (or its last verdict) and the push's
 * arrival (never in the future); unanchored when the device's time falls outside that, or when the
 * round's window, from where it opened to this arrival, is wider than OFFLINE_WINDOW_HOURS.
 */
function placeRoundEnd(round: TimedRound, completedAt: Date, push: Arrival, lastVerdict: Date | null) {
  const placed = placeInWindow(completedAt, { opensAt: lastVerdict ?? round.started_at, closesAt: push.receivedAt }, Number.POSITIVE_INFINITY);
  const tooWide = push.receivedAt.getTime() - windowOpened(round).getTime() > push.fairPlay.offlineWindowMs;
  return { at: placed.at, unanchored: placed.unanchored || tooWide };
}
