import type { PlayBundle } from '../../contract';
import { dealRound, isPlayable, type DealCandidate } from '../../contract/play-rules';
import { questionClockSeconds } from '../../contract/question-clock';
import { isPoll, kindOf, shufflesAnswers } from '../../contract/question-kinds';
import type { RoundPlan } from './outbox';

/** A question of the device's copy of the trivia as the contract's deal sees it (a poll is no round's). */
function candidateOf(bundle: PlayBundle, question: PlayBundle['questions'][number]): DealCandidate {
  return {
    id: question.id,
    answerIds: (bundle.answers[question.id] ?? []).map((a) => a.id),
    fixedAnswerOrder: !shufflesAnswers(kindOf(question)),
    ...(isPoll(question) ? { poll: true } : {}),
  };
}

/** The round the device deals itself (no deal from the server): the contract's `dealRound` over its copy of the trivia. */
export function planRound(bundle: PlayBundle, random = Math.random): RoundPlan {
  const questions = bundle.questions.map((q) => candidateOf(bundle, q));
  return { groupId: bundle.group.id, ...dealRound(questions, bundle.group, (bound) => Math.floor(random() * bound)) };
}

/** How many questions a round of this trivia can draw from (0: nothing to play yet). */
export function playableCount(bundle: PlayBundle): number {
  return playableQuestions(bundle).length;
}

const playableQuestions = (bundle: PlayBundle) => bundle.questions.filter((q) => isPlayable(candidateOf(bundle, q)));

/** The clock, in seconds, of each question a round may show (its own, else the trivia's; null: none). */
export function playableClocks(bundle: PlayBundle): (number | null)[] {
  return playableQuestions(bundle).map((q) => questionClockSeconds(q, bundle.group.questionSeconds));
}

/**
 * Whether a question of a stored round can still be shown from this bundle: the question is
 * there, playable, and every answer the round ordered still exists (an answer gone would change the choice).
 */
export function stillShowable(bundle: PlayBundle, questionId: number, answerIds: number[]): boolean {
  const stored = bundle.questions.find((q) => q.id === questionId);
  const question = stored && candidateOf(bundle, stored);
  return question !== undefined && isPlayable(question) && answerIds.every((id) => question.answerIds.includes(id));
}

/** The polls a player answers before the round (contract/polls.ts), in the trivia's order: those with answers. */
export const roundPolls = (bundle: PlayBundle) => bundle.questions.filter((q) => isPoll(q) && (bundle.answers[q.id]?.length ?? 0) > 0);
