import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markedSetKey, TIMED_OUT_ANSWER } from '../../api/results/insights/trivia-figures';
import { judgeAgainstKey, markedAnswers, pickedAnswerIds, sameChoice, timedOutChoice } from '../../contract/play-rules';

/** A question's answers 1…n, those in `correct` marked correct. */
const key = (n: number, correct: readonly number[]) => Array.from({ length: n }, (_, i) => ({ id: i + 1, isCorrect: correct.includes(i + 1) }));

/** Answer ids 1…10, as a subset. */
const subset = fc.uniqueArray(fc.integer({ min: 1, max: 10 }), { maxLength: 10 });

describe('"Varias correctas" marks (contract/play-rules.ts)', () => {
  it('are right only when they are exactly the correct answers, in any order; a clock run out is wrong', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 10 }), subset, (correct, marks) => {
        const answers = key(10, correct);
        const verdict = judgeAgainstKey(answers, marks.length ? markedAnswers(marks) : { answerId: null });
        const same = marks.length === correct.length && marks.every((id) => correct.includes(id));
        expect(verdict.correct).toBe(same);
        expect(verdict.correctAnswerIds).toEqual([...correct].sort((a, b) => a - b));
        expect(verdict.correctAnswerId).toBe(verdict.correctAnswerIds[0]);
      }),
      { seed: 48, numRuns: 500 },
    );
  });

  it('judge a single choice as before: right only on the one correct answer', () => {
    expect(judgeAgainstKey(key(3, [2]), { answerId: 2 })).toEqual({ correct: true, correctAnswerId: 2, correctAnswerIds: [2] });
    expect(judgeAgainstKey(key(3, [2]), { answerId: 3 }).correct).toBe(false);
    expect(judgeAgainstKey(key(3, [2]), { answerId: null }).correct).toBe(false);
  });

  it('are kept ascending without repeats, answerId the first; the same marks in another order are the same choice', () => {
    expect(markedAnswers([5, 2, 5, 9])).toEqual({ answerId: 2, answerIds: [2, 5, 9] });
    expect(sameChoice(markedAnswers([3, 1]), markedAnswers([1, 3]))).toBe(true);
    expect(sameChoice(markedAnswers([3, 1]), markedAnswers([1]))).toBe(false);
    expect(sameChoice({ answerId: 4 }, markedAnswers([4]))).toBe(true);
    expect(pickedAnswerIds(timedOutChoice({ questionId: 7, ...markedAnswers([3, 1]), elapsedMs: 10 }))).toEqual([]);
    expect(timedOutChoice({ questionId: 7, ...markedAnswers([3, 1]), elapsedMs: 10 })).toEqual({ questionId: 7, answerId: null, elapsedMs: 10 });
    expect(() => markedAnswers([])).toThrow();
  });

  it('count in the analysis under one key per set, whatever its order, below "Tiempo agotado"', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 2_000_000_000 }), { minLength: 1, maxLength: 10 }), (ids) => {
        const set = markedSetKey(ids);
        expect(set).toBe(markedSetKey([...ids].reverse()));
        expect(set).toBeLessThan(TIMED_OUT_ANSWER);
        expect(Number.isSafeInteger(set) && set >= -2 - 0x3fffffff).toBe(true);
      }),
      { seed: 48, numRuns: 300 },
    );
    expect(markedSetKey([1, 3])).not.toBe(markedSetKey([1, 2]));
  });
});
