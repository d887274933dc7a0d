import { describe, expect, it } from 'vitest';
import { clockAnnouncement, clockMs, clockRule, longestTimedRoundSeconds, questionClockSeconds } from '../../contract/question-clock';
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

  it('bounds a timed round by its clocks, feedback and grace; a round with an untimed question not at all', () => {
    expect(longestTimedRoundSeconds(Array(5).fill(10_000))).toBe(75);
    expect(longestTimedRoundSeconds(Array(5).fill(20_000))).toBe(125);
    expect(longestTimedRoundSeconds([10_000, 30_000])).toBe(50);
    expect(longestTimedRoundSeconds([10_000, null])).toBeNull();
    expect(longestTimedRoundSeconds([])).toBeNull();
  });

  it('runs a question on its own clock, else on the trivia’s', () => {
    expect(questionClockSeconds({ clockSeconds: 30 }, 10)).toBe(30);
    expect(questionClockSeconds({ clockSeconds: null }, 10)).toBe(10);
    expect(questionClockSeconds({}, null)).toBeNull();
    expect(questionClockSeconds({ clockSeconds: 20 }, null)).toBe(20);
  });

  it('judges no answer as wrong, telling the correct one', () => {
    expect(judgeAgainstKey([{ id: 1, isCorrect: false }, { id: 2, isCorrect: true }], null)).toEqual({ correct: false, correctAnswerId: 2 });
  });

  it('says the clocks in the rules: one for all, each its own, or some; doubled with more time', () => {
    expect(clockRule([10, 10], false)).toBe('Tienes 10 segundos para cada pregunta.');
    expect(clockRule([10, 10], true)).toBe('Tienes 20 segundos para cada pregunta.');
    expect(clockRule([10, 30], false)).toBe('Cada pregunta tiene su tiempo: de 10 a 30 segundos.');
    expect(clockRule([null, 15], false)).toBe('Algunas preguntas tienen tiempo límite: 15 segundos.');
    expect(clockRule([null, 15, 45], true)).toBe('Algunas preguntas tienen tiempo límite: de 30 a 90 segundos.');
    expect(clockRule([null, null], true)).toBeNull();
    expect(clockRule([], false)).toBeNull();
  });
});
