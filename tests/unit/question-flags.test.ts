import { describe, expect, it } from 'vitest';
import { FLAG_RULES, questionFlags } from '../../api/results/insights/question-flags';

const answers = (right: number, ...wrong: number[]) => [{ correct: true, chosen: right }, ...wrong.map((chosen) => ({ correct: false, chosen }))];

describe('questionFlags', () => {
  it('says nothing before enough rounds showed the question', () => {
    expect(questionFlags({ shown: FLAG_RULES.minShown - 1, facility: 0, discrimination: -1, answers: answers(0, 9, 0) })).toEqual([]);
  });

  it('flags a question almost nobody gets right, and one everybody does, at their thresholds', () => {
    expect(questionFlags({ shown: 20, facility: 0.15, discrimination: 0.5, answers: answers(3, 9, 8) })).toEqual(['almost-none-correct', 'distractor-beats-correct']);
    expect(questionFlags({ shown: 20, facility: FLAG_RULES.almostNoneCorrect, discrimination: 0.5, answers: answers(4, 4, 4) })).toEqual([]);
    expect(questionFlags({ shown: 20, facility: FLAG_RULES.allCorrect, discrimination: 0.5, answers: answers(19, 1, 0) })).toEqual(['all-correct', 'unchosen-answer']);
  });

  it('flags a question that separates little, and not one whose discrimination is unknown', () => {
    expect(questionFlags({ shown: 20, facility: 0.5, discrimination: 0.19, answers: answers(10, 5, 5) })).toEqual(['low-discrimination']);
    expect(questionFlags({ shown: 20, facility: 0.5, discrimination: FLAG_RULES.lowDiscrimination, answers: answers(10, 5, 5) })).toEqual([]);
    expect(questionFlags({ shown: 20, facility: 0.5, discrimination: null, answers: answers(10, 5, 5) })).toEqual([]);
    // Everyone right: it separates nobody, and "todos la aciertan" already says why.
    expect(questionFlags({ shown: 20, facility: 1, discrimination: 0, answers: answers(20, 0, 0) })).toEqual(['all-correct', 'unchosen-answer']);
  });

  it('flags a wrong answer chosen more than the right one, never one chosen as often', () => {
    expect(questionFlags({ shown: 20, facility: 0.4, discrimination: 0.5, answers: answers(8, 8, 4) })).toEqual([]);
    expect(questionFlags({ shown: 20, facility: 0.4, discrimination: 0.5, answers: answers(8, 9, 3) })).toEqual(['distractor-beats-correct']);
  });
});
