import { MAX_COMPLETION_SECONDS } from '../../contract';

/**
 * The player screen keeps each answer's feedback on screen for 2 s before the next question (or
 * the result), so a round of N questions takes at least 2·N seconds of real time. The floor leaves
 * one second for whole-second rounding and clock corrections: a round of N questions under
 * 2·N − 1 seconds was not played on the player screen.
 */
export const SECONDS_PER_ANSWER = 2;
export const minimumRoundSeconds = (totalQuestions: number) => Math.max(0, SECONDS_PER_ANSWER * totalQuestions - 1);

/** How far ahead of the server's clock a device's completedAt may be. */
export const CLOCK_SKEW_SECONDS = 60;
/** How far the time a device reports may be from its own startedAt/completedAt. */
export const REPORTED_TIME_TOLERANCE_SECONDS = 2;

export interface TimedCompletion {
  startedAt: Date;
  completedAt: Date;
  totalQuestions: number;
  /** The server's clock when the completion arrived. */
  now: Date;
  /** A synced completion's own completionTime, compared with its timestamps. */
  reportedSeconds?: number;
}

/** The stored time (whole seconds from start to completion) and whether it could have been played. */
export function judgeTime(completion: TimedCompletion): { seconds: number; plausible: boolean } {
  const elapsedMs = completion.completedAt.getTime() - completion.startedAt.getTime();
  const seconds = Math.max(0, Math.round(elapsedMs / 1000));
  const plausible =
    elapsedMs >= 0 &&
    completion.completedAt.getTime() <= completion.now.getTime() + CLOCK_SKEW_SECONDS * 1000 &&
    seconds >= minimumRoundSeconds(completion.totalQuestions) &&
    seconds <= MAX_COMPLETION_SECONDS &&
    (completion.reportedSeconds === undefined || Math.abs(completion.reportedSeconds - seconds) <= REPORTED_TIME_TOLERANCE_SECONDS);
  return { seconds, plausible };
}
