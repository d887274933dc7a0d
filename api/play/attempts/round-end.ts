import { MAX_COMPLETION_SECONDS } from '../../../contract';
import type { ChosenAnswer } from '../../../db/entities/player-attempt.entity';
import { keepDeviceDuration, placeInWindow } from './anchoring';
import { verdictTimes } from './server-timing';

/** What placing a completion's times reads of its round (a row of player_attempts). */
export interface TimedRound {
  started_at: Date;
  window_start: Date | null;
  dealt_by_server: boolean;
  question_ids: number[] | null;
  answers: ChosenAnswer[] | null;
}

/** A push's arrival, which closes a synced round's window. */
interface Arrival {
  receivedAt: Date;
  fairPlay: { offlineWindowMs: number };
}

/** A completion as it arrived: online, its arrival; synced, the device's corrected time, its own measure and its push. */
export interface ArrivedCompletion {
  completedAt: Date;
  reportedSeconds?: number;
  push?: Arrival;
}

/**
 * A completion's start and end as stored, and whether they are anchored: when the round ended
 * (roundEnd), and its start moved only to keep the device's own measure when placing squeezed it
 * (honestDuration). docs/fair-play.md, "Rounds the server times" and "Anchored times".
 */
export function timeCompletion(round: TimedRound, completion: ArrivedCompletion): { startedAt: Date; completedAt: Date; unanchored: boolean } {
  const end = roundEnd(round, completion);
  const { startedAt, completedAt, fits } = honestDuration(round, completion, end);
  return { startedAt, completedAt, unanchored: end.unanchored || !fits };
}

/**
 * A synced completion's end, placed between the round's start (or its last verdict) and the push's
 * arrival (never in the future); unanchored when the device's time falls outside it, or when the
 * round's whole window, from what the server last saw of it to this arrival, is wider than
 * OFFLINE_WINDOW_HOURS.
 */
function placeRoundEnd(attempt: TimedRound, completedAt: Date, push: Arrival, lastVerdict: Date | null) {
  const placed = placeInWindow(completedAt, { opensAt: lastVerdict ?? attempt.started_at, closesAt: push.receivedAt }, Number.POSITIVE_INFINITY);
  const opened = (attempt.window_start ?? attempt.started_at).getTime();
  return { at: placed.at, unanchored: placed.unanchored || push.receivedAt.getTime() - opened > push.fairPlay.offlineWindowMs };
}

/**
 * When a round ended, as the server can vouch for it. A round the server dealt and judged answer
 * by answer ends at its last verdict, whatever the completion claims. Otherwise a synced completion
 * is placed in its window (placeRoundEnd), never before the last verdict the server gave; an online
 * one ends when it arrived.
 */
function roundEnd(attempt: TimedRound, completion: ArrivedCompletion): { at: Date; unanchored: boolean } {
  const verdicts = verdictTimes(attempt);
  if (attempt.dealt_by_server && verdicts.complete) return { at: verdicts.last!, unanchored: false };
  if (completion.push) return placeRoundEnd(attempt, completion.completedAt, completion.push, verdicts.last);
  return { at: new Date(Math.max(completion.completedAt.getTime(), verdicts.last?.getTime() ?? 0)), unanchored: false };
}

/**
 * A synced round's start and end as stored: as placed, unless placing them in the window squeezed
 * the round below the device's own measure of it (keepDeviceDuration). Rounds the server timed by
 * its verdicts, and online completions, are stored as placed.
 */
function honestDuration(attempt: TimedRound, completion: ArrivedCompletion, end: { at: Date }) {
  const placed = { startedAt: attempt.started_at, completedAt: end.at, fits: true };
  if (!completion.push || completion.reportedSeconds === undefined || (attempt.dealt_by_server && verdictTimes(attempt).complete)) return placed;
  const reportedMs = Math.min(completion.reportedSeconds, MAX_COMPLETION_SECONDS) * 1000;
  const window = { opensAt: attempt.window_start ?? attempt.started_at, closesAt: completion.push.receivedAt };
  return keepDeviceDuration(placed, reportedMs, window);
}
