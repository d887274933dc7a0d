import { MAX_COMPLETION_SECONDS, minimumRoundSeconds, roundSeconds } from '../../../contract';

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
  const seconds = roundSeconds(elapsedMs);
  const plausible =
    elapsedMs >= 0 &&
    completion.completedAt.getTime() <= completion.now.getTime() + CLOCK_SKEW_SECONDS * 1000 &&
    seconds >= minimumRoundSeconds(completion.totalQuestions) &&
    seconds <= MAX_COMPLETION_SECONDS &&
    (completion.reportedSeconds === undefined || Math.abs(completion.reportedSeconds - seconds) <= REPORTED_TIME_TOLERANCE_SECONDS);
  return { seconds, plausible };
}
