import { longestTimedRoundSeconds, MAX_COMPLETION_SECONDS, minimumRoundSeconds, roundSeconds } from '../../../contract';

/** How far the time a device reports may be from its own startedAt/completedAt. */
export const REPORTED_TIME_TOLERANCE_SECONDS = 2;

/** A completion's times as stored (round-end.ts places them: never after its arrival). */
export interface TimedCompletion {
  startedAt: Date;
  completedAt: Date;
  totalQuestions: number;
  /** A round the device dealt: its own completionTime, compared with its stored times. */
  reportedSeconds?: number;
  /** Each question's clock in this round (ms; null: untimed), when the server did not time the round itself: it can last no longer than they allow. */
  clocks?: readonly (number | null)[] | null;
}

/**
 * The stored time (whole seconds from start to completion) and whether it could have been played:
 * no faster than the round's feedback allows (2·N − 1 s), no longer than MAX_COMPLETION_SECONDS
 * nor, on a timed trivia, than its clocks allow (`longestTimedRoundSeconds`), and agreeing with
 * the device's own measure when it gave one. A round that ends before it starts is 0 s
 * (`roundSeconds`), under the floor of any round with a question.
 */
export function judgeTime(completion: TimedCompletion): { seconds: number; plausible: boolean } {
  const seconds = roundSeconds(completion.completedAt.getTime() - completion.startedAt.getTime());
  const plausible =
    seconds >= minimumRoundSeconds(completion.totalQuestions) &&
    seconds <= MAX_COMPLETION_SECONDS &&
    seconds <= (longestTimedRoundSeconds(completion.clocks ?? []) ?? MAX_COMPLETION_SECONDS) &&
    (completion.reportedSeconds === undefined || Math.abs(completion.reportedSeconds - seconds) <= REPORTED_TIME_TOLERANCE_SECONDS);
  return { seconds, plausible };
}
