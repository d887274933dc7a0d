import type { PlayBundle } from '../../contract';
import type { RoundPlan } from './outbox';

/** Fisher–Yates on a copy. */
export function shuffled<T>(items: readonly T[], random = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

const playableQuestions = (bundle: PlayBundle) => bundle.questions.filter((q) => (bundle.answers[q.id]?.length ?? 0) > 0);

/**
 * One round: questions and answers shuffled according to the group's flags,
 * then cut to questionsPerRound. Questions without answers cannot be played and are left out.
 */
export function planRound(bundle: PlayBundle, random = Math.random): RoundPlan {
  const { group } = bundle;
  const playable = playableQuestions(bundle);
  const ordered = group.randomizeQuestions ? shuffled(playable, random) : playable;
  // Empty when nothing is playable: startAttempt refuses such a round.
  const chosen = ordered.slice(0, Math.max(1, group.questionsPerRound));
  const answerOrder: Record<number, number[]> = {};
  for (const question of chosen) {
    const ids = (bundle.answers[question.id] ?? []).map((a) => a.id);
    answerOrder[question.id] = group.randomizeAnswers ? shuffled(ids, random) : ids;
  }
  return { groupId: group.id, questionIds: chosen.map((q) => q.id), answerOrder };
}

/** How many questions a round of this trivia can draw from (0: nothing to play yet). */
export function playableCount(bundle: PlayBundle): number {
  return playableQuestions(bundle).length;
}

/**
 * Whether a question of a stored round can still be shown from this bundle: the question is
 * there and every answer the round ordered still exists (an answer gone would change the choice).
 */
export function isPlayable(bundle: PlayBundle, questionId: number, answerIds: number[]): boolean {
  const answers = bundle.answers[questionId] ?? [];
  return bundle.questions.some((q) => q.id === questionId) && answers.length > 0 && answerIds.every((id) => answers.some((a) => a.id === id));
}

/** Correct answers among those given, checked against the bundle. */
export function countCorrect(bundle: PlayBundle, answers: { questionId: number; answerId: number }[]): number {
  return answers.filter((a) => bundle.answers[a.questionId]?.some((x) => x.id === a.answerId && x.isCorrect)).length;
}
