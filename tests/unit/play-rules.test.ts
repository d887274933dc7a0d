import { describe, expect, it } from 'vitest';
import { judgeTime } from '../../api/play/attempts/plausibility';
import { attemptLimitDetails, FEEDBACK_MS, MAX_COMPLETION_SECONDS, minimumRoundSeconds, roundSeconds, scoreOf } from '../../contract/play-rules';

const start = new Date('2026-03-01T10:00:00Z');
const after = (seconds: number) => new Date(start.getTime() + seconds * 1000);
const judged = (seconds: number, totalQuestions: number) => judgeTime({ startedAt: start, completedAt: after(seconds), totalQuestions });

describe('the rules of a round (contract/play-rules.ts)', () => {
  it('scores the rounded percentage of correct answers', () => {
    expect([scoreOf(3, 4), scoreOf(2, 3), scoreOf(1, 3), scoreOf(0, 5), scoreOf(5, 5), scoreOf(0, 0)]).toEqual([75, 67, 33, 0, 100, 0]);
  });

  it('measures a round in whole seconds, never negative', () => {
    expect([roundSeconds(0), roundSeconds(1_499), roundSeconds(1_500), roundSeconds(61_000), roundSeconds(-3_000)]).toEqual([0, 1, 2, 61, 0]);
  });

  it("believes no round shorter than its answers' feedback allows, less a second of slack", () => {
    expect(FEEDBACK_MS).toBe(2_000);
    expect([minimumRoundSeconds(0), minimumRoundSeconds(1), minimumRoundSeconds(5)]).toEqual([0, 1, 9]);
    // The server's judgement of a synced round uses the same floor and ceiling.
    expect(judged(9, 5).plausible).toBe(true);
    expect(judged(8, 5).plausible).toBe(false);
    expect(judged(MAX_COMPLETION_SECONDS, 1).plausible).toBe(true);
    expect(judged(MAX_COMPLETION_SECONDS + 1, 1).plausible).toBe(false);
  });

  it('words the attempt limit one way, online and on a kiosk', () => {
    expect(attemptLimitDetails(1)).toBe('Esta trivia permite 1 intento por jugador');
    expect(attemptLimitDetails(3)).toBe('Esta trivia permite 3 intentos por jugador');
  });
});
