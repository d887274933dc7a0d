import { describe, expect, it } from 'vitest';
import { clockAnnouncement, clockMs, longestTimedRoundSeconds } from '../../contract/question-clock';
import { judgeAgainstKey } from '../../contract/play-rules';

describe('the clock per question', () => {
  it('runs the trivia’s seconds, twice as long with more time, and not at all on an untimed trivia', () => {
    expect(clockMs(10, false)).toBe(10_000);
    expect(clockMs(10, true)).toBe(20_000);
    expect(clockMs(null, true)).toBeNull();
    expect(clockMs(undefined, false)).toBeNull();
  });

  it('speaks at half the clock when that is 10 s or more, and at 5 s; never every second', () => {
    const spoken = (clock: number) => Array.from({ length: clock + 1 }, (_, left) => clockAnnouncement(clock - left, clock)).filter((words) => words !== null);
    expect(spoken(30)).toEqual(['Quedan 15 segundos', 'Quedan 5 segundos']);
    expect(spoken(20)).toEqual(['Quedan 10 segundos', 'Quedan 5 segundos']);
    expect(spoken(10)).toEqual(['Quedan 5 segundos']);
    expect(spoken(5)).toEqual(['Quedan 5 segundos']);
  });

  it('bounds a timed round by its clocks, feedback and grace; an untimed one not at all', () => {
    expect(longestTimedRoundSeconds(5, 10_000)).toBe(75);
    expect(longestTimedRoundSeconds(5, 20_000)).toBe(125);
    expect(longestTimedRoundSeconds(5, null)).toBeNull();
  });

  it('judges no answer as wrong, telling the correct one', () => {
    expect(judgeAgainstKey([{ id: 1, isCorrect: false }, { id: 2, isCorrect: true }], null)).toEqual({ correct: false, correctAnswerId: 2 });
  });
});
