import { describe, expect, it } from 'vitest';
import { clockAnnouncement, clockMs, clockRule, longestTimedRoundSeconds, questionClockSeconds } from '../../contract/question-clock';
import { judgeAgainstKey } from '../../contract/play-rules';
import { clocksRead, pastServerClock, serverShownAt, withTimeouts } from '../../api/play/attempts/question-clock';

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
    expect(judgeAgainstKey([{ id: 1, isCorrect: false }, { id: 2, isCorrect: true }], { answerId: null })).toEqual({ correct: false, correctAnswerId: 2, correctAnswerIds: [2] });
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

  it('reads a round’s clocks from what its scoring read, or says it cannot', () => {
    const seconds = new Map<number, number | null>([[1, 10], [2, null], [3, 30]]);
    expect(clocksRead({ question_ids: [3, 1], extra_time: false }, seconds)).toEqual([30_000, 10_000]);
    expect(clocksRead({ question_ids: [1, 2], extra_time: true }, seconds)).toEqual([20_000, null]);
    expect(clocksRead({ question_ids: [1, 4], extra_time: false }, seconds)).toBeNull();
    expect(clocksRead({ question_ids: null, extra_time: false }, seconds)).toBeNull();
  });

  it('shows a dealt round’s question at the deal or after the verdict before it, and cannot tell without that verdict', () => {
    const started_at = new Date('2026-12-07T10:00:00Z');
    const round = { question_ids: [7, 8, 9], started_at, answers: [{ questionId: 7, answerId: 70, judgedAt: '2026-12-07T10:00:06Z' }] };
    expect(serverShownAt(round, 7)).toEqual(started_at);
    expect(serverShownAt(round, 8)).toEqual(new Date('2026-12-07T10:00:08Z'));
    expect(serverShownAt(round, 9)).toBeNull();
    const shown = new Date('2026-12-07T10:00:08Z');
    expect(pastServerClock(shown, 10_000, new Date('2026-12-07T10:00:21Z'))).toBe(false);
    expect(pastServerClock(shown, 10_000, new Date('2026-12-07T10:00:21.001Z'))).toBe(true);
    expect(pastServerClock(null, 10_000, new Date('2026-12-08T00:00:00Z'))).toBe(false);
    expect(pastServerClock(shown, null, new Date('2026-12-08T00:00:00Z'))).toBe(false);
  });

  it('keeps an answer the server timed out so, whatever a completion says was chosen', () => {
    const recorded = [{ questionId: 1, answerId: 10 }, { questionId: 2, answerId: null }];
    const sent = [{ questionId: 1, answerId: 10 }, { questionId: 2, answerId: 20, elapsedMs: 4_000 }];
    expect(withTimeouts(recorded, sent)).toEqual([{ questionId: 1, answerId: 10 }, { questionId: 2, answerId: null, elapsedMs: 4_000 }]);
    expect(withTimeouts(null, sent)).toBe(sent);
  });
});
