import { describe, expect, it } from 'vitest';
import { judgeTime } from '../../api/play/attempts/plausibility';
import {
  attemptLimitDetails,
  couldBeDealt,
  dealRound,
  type DealCandidate,
  type DealSettings,
  FEEDBACK_MS,
  MAX_COMPLETION_SECONDS,
  minimumRoundSeconds,
  roundSeconds,
  roundSize,
  scoreOf,
} from '../../contract/play-rules';
import { planRound, playableCount } from '../../web/offline/round';
import { buildBundle } from './offline-fixtures';

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

/** Questions 1…n; `answers[i]` answers for question i + 1 (ids 10·id, 10·id + 1, …). */
const questions = (...answers: number[]): DealCandidate[] =>
  answers.map((count, i) => ({ id: i + 1, answerIds: Array.from({ length: count }, (_, k) => (i + 1) * 10 + k) }));
const inOrder = (questionsPerRound: number): DealSettings => ({ questionsPerRound, randomizeQuestions: false, randomizeAnswers: false });
const SHUFFLED: DealSettings = { questionsPerRound: 3, randomizeQuestions: true, randomizeAnswers: true };

/** A random source that answers `draws` in turn and records the bounds it was asked for. */
function scripted(draws: number[]) {
  const bounds: number[] = [];
  const next = (bound: number) => {
    bounds.push(bound);
    return draws.shift() ?? 0;
  };
  return { next, bounds };
}

describe('dealing a round (contract/play-rules.ts)', () => {
  it.each([
    { playable: 0, questionsPerRound: 5, size: 0 },
    { playable: 0, questionsPerRound: 0, size: 0 },
    { playable: 3, questionsPerRound: 0, size: 1 },
    { playable: 3, questionsPerRound: 1, size: 1 },
    { playable: 3, questionsPerRound: 3, size: 3 },
    { playable: 3, questionsPerRound: 10, size: 3 },
  ])('a round of $playable playable questions at $questionsPerRound per round has $size', ({ playable, questionsPerRound, size }) => {
    expect(roundSize(playable, questionsPerRound)).toBe(size);
  });

  it.each([
    { case: 'leaves out questions without answers', answers: [2, 0, 3, 0], questionsPerRound: 5, dealt: [1, 3] },
    { case: 'deals one question when questionsPerRound is 0', answers: [2, 2, 2], questionsPerRound: 0, dealt: [1] },
    { case: 'deals one question when questionsPerRound is 1', answers: [2, 2, 2], questionsPerRound: 1, dealt: [1] },
    { case: 'cuts to questionsPerRound', answers: [0, 2, 2, 2], questionsPerRound: 2, dealt: [2, 3] },
    { case: 'deals every playable question when questionsPerRound is greater', answers: [2, 0, 2], questionsPerRound: 10, dealt: [1, 3] },
    { case: 'deals nothing when nothing is playable', answers: [0, 0], questionsPerRound: 5, dealt: [] },
  ])('$case', ({ answers, questionsPerRound, dealt }) => {
    const candidates = questions(...answers);
    const random = scripted([]);
    const round = dealRound(candidates, inOrder(questionsPerRound), random.next);
    expect(round.questionIds).toEqual(dealt);
    // Unshuffled, each question keeps its answers in their stored order, and no random draw is made.
    expect(round.answerOrder).toEqual(Object.fromEntries(dealt.map((id) => [id, candidates[id - 1]!.answerIds])));
    expect(random.bounds).toEqual([]);
  });

  it("shuffles with the caller's random source: the questions, then each dealt question's answers (Fisher–Yates)", () => {
    // Drawing 0 each time moves the last item to the front at every step: 1 2 3 4 becomes 2 3 4 1.
    const zeros = scripted([]);
    expect(dealRound(questions(3, 3, 3, 3), SHUFFLED, zeros.next)).toEqual({
      questionIds: [2, 3, 4],
      answerOrder: { 2: [21, 22, 20], 3: [31, 32, 30], 4: [41, 42, 40] },
    });
    expect(zeros.bounds).toEqual([4, 3, 2, 3, 2, 3, 2, 3, 2]);
    // Another sequence, another round: the source decides, nothing else.
    const other = scripted([0, 1, 1, 0, 0, 1, 1, 2, 0]);
    expect(dealRound(questions(3, 3, 3, 3), SHUFFLED, other.next)).toEqual({
      questionIds: [4, 3, 2],
      answerOrder: { 4: [41, 42, 40], 3: [30, 32, 31], 2: [21, 20, 22] },
    });
  });

  it("deals on the device with Math.random's kind of source (a fraction), to the same rule", () => {
    const bundle = buildBundle(4, { questionsPerRound: 3, randomizeQuestions: true, randomizeAnswers: true });
    // A fraction f draws ⌊f · bound⌋: 0 is the contract's draw of 0, 0.999 the largest index.
    expect(planRound(bundle, () => 0)).toEqual({ groupId: 7, ...dealRound(questions(3, 3, 3, 3), SHUFFLED, () => 0) });
    expect(planRound(bundle, () => 0.999)).toEqual({ groupId: 7, questionIds: [1, 2, 3], answerOrder: { 1: [10, 11, 12], 2: [20, 21, 22], 3: [30, 31, 32] } });
    const fractions = [0.8, 0.7, 0.6, 0.1, 0.2, 0.5, 0.4, 0.9, 0.3];
    const draws = scripted(fractions.map((f, i) => Math.floor(f * [4, 3, 2, 3, 2, 3, 2, 3, 2][i]!)));
    expect(planRound(bundle, () => fractions.shift()!)).toEqual({ groupId: 7, ...dealRound(questions(3, 3, 3, 3), SHUFFLED, draws.next) });
  });

  it("never shuffles a true/false question's answers, on the server's deal or the device's, though the trivia shuffles answers", () => {
    const fixed = dealRound([{ id: 1, answerIds: [10, 11], fixedAnswerOrder: true }], SHUFFLED, () => 0);
    expect(fixed.answerOrder[1]).toEqual([10, 11]);
    // The device reads the kind from its copy of the trivia; a bundle stored before kinds is a choice, shuffled.
    const bundle = buildBundle(2, { questionsPerRound: 2, randomizeQuestions: false, randomizeAnswers: true });
    const withKind = { ...bundle, questions: bundle.questions.map((q) => (q.id === 1 ? { ...q, kind: 'true_false' as const } : q)) };
    const orders = Array.from({ length: 30 }, () => planRound(withKind).answerOrder);
    expect(new Set(orders.map((order) => order[1]!.join()))).toEqual(new Set(['10,11,12']));
    expect(new Set(orders.map((order) => order[2]!.join())).size).toBeGreaterThan(1);
  });

  it('counts on the device only the questions with answers', () => {
    const bundle = buildBundle(3);
    expect(playableCount(bundle)).toBe(3);
    expect(playableCount({ ...bundle, answers: { ...bundle.answers, 2: [] } })).toBe(2);
    expect(planRound({ ...bundle, answers: { 1: bundle.answers[1]! } }).questionIds).toEqual([1]);
  });

  it.each([
    { case: 'its size of distinct playable questions', round: [3, 1], size: 2, fits: true },
    { case: 'an empty round of a trivia with nothing to play', round: [], size: 0, fits: true },
    { case: 'another size', round: [3, 1], size: 3, fits: false },
    { case: 'a question twice', round: [1, 1], size: 2, fits: false },
    { case: 'a question without answers', round: [1, 2], size: 2, fits: false },
    { case: 'a question of no candidate (another trivia, deleted)', round: [1, 9], size: 2, fits: false },
  ])('a round a device dealt could be the trivia\'s now: $case ($fits)', ({ round, size, fits }) => {
    expect(couldBeDealt(round, questions(2, 0, 2), size)).toBe(fits);
  });
});
