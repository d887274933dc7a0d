import type { AnswerVerdict, PlayBundle } from '../../contract';
import { judgeAgainstKey, scoreOf } from '../../contract/play-rules';
import { answerPoints, scoringOf } from '../../contract/points';
import { clockMs, questionClockSeconds } from '../../contract/question-clock';
import type { AnswerJudgement, ChosenAnswer, InProgressAttempt } from './db';
import { callServer } from './server-call';

/** How long a player waits for an answer's verdict before the answer is kept without one. */
export const VERDICT_TIMEOUT_MS = 3_000;

/** Whether this copy of the trivia carries the answer key (a set-up kiosk's). */
export const hasAnswerKey = (bundle: PlayBundle) => Object.values(bundle.answers).some((answers) => answers.some((a) => a.isCorrect !== undefined));

/** A kiosk's own verdict, from the key in its copy of the trivia. */
export const judgeWithKey = (bundle: PlayBundle, chosen: ChosenAnswer): AnswerJudgement => judgeAgainstKey(bundle.answers[chosen.questionId] ?? [], chosen);

/**
 * An answer's points by the device's own measure of it (contract/points.ts): what a kiosk scores
 * offline, and what the server scores a kiosk's round when its times add up.
 */
function devicePoints(bundle: PlayBundle, state: InProgressAttempt, answer: ChosenAnswer, correct: boolean): number {
  const clock = clockMs(questionClockSeconds(bundle.questions.find((q) => q.id === answer.questionId), bundle.group.questionSeconds), state.extraTime) ?? 0;
  return answerPoints(correct, answer.elapsedMs ?? clock, clock);
}

/** A kiosk's own verdict, with the answer's points on a points trivia. */
function kioskVerdict(bundle: PlayBundle, state: InProgressAttempt, chosen: ChosenAnswer): AnswerJudgement {
  const verdict = judgeWithKey(bundle, chosen);
  return scoringOf(bundle.group) === 'points' ? { ...verdict, points: devicePoints(bundle, state, chosen, verdict.correct) } : verdict;
}

/**
 * One answer's verdict: from the kiosk's key, or from the server for a round it dealt (the answer
 * is recorded there and is final). Undefined when there is none to have now (no connection, a slow
 * reply, a round the device dealt without the key): the answer is kept and judged by the server
 * when the round reaches it.
 */
export async function judgeAnswer(bundle: PlayBundle, state: InProgressAttempt, chosen: ChosenAnswer): Promise<AnswerJudgement | undefined> {
  if (hasAnswerKey(bundle)) return kioskVerdict(bundle, state, chosen);
  if (!state.token) return undefined;
  const answer = await callServer<AnswerVerdict>(
    'POST',
    `/api/player-attempts/${state.attemptClientId}/answers`,
    { token: state.token, ...chosen },
    { timeoutMs: VERDICT_TIMEOUT_MS },
  );
  if (answer.kind !== 'success' || !answer.body) return undefined;
  const { correct, correctAnswerId, correctAnswerIds, timedOut, points } = answer.body;
  return { correct, correctAnswerId, correctAnswerIds, ...(timedOut ? { timedOut } : {}), ...(points === undefined ? {} : { points }) };
}

/** A finished round as the device counts it: its correct answers and its score in the trivia's scoring. */
export interface RoundTally {
  correctAnswers: number;
  score: number;
}

/**
 * A finished round's tally, or null when some answer has no verdict (the server will say). A
 * points trivia's score is each correct answer's points by the device's own measure of it (a
 * kiosk's is the server's when its times add up; a phone's is replaced by the server's, timed by
 * the server, as soon as the round reaches it).
 */
export function roundTally(bundle: PlayBundle, state: InProgressAttempt): RoundTally | null {
  const keyed = hasAnswerKey(bundle);
  const correct = new Set<number>();
  for (const answer of state.answers) {
    const verdict = keyed ? judgeWithKey(bundle, answer) : state.verdicts?.[answer.questionId];
    if (!verdict) return null;
    if (verdict.correct) correct.add(answer.questionId);
  }
  if (scoringOf(bundle.group) === 'percent') return { correctAnswers: correct.size, score: scoreOf(correct.size, state.questionIds.length) };
  const points = state.answers.reduce((sum, answer) => sum + devicePoints(bundle, state, answer, correct.has(answer.questionId)), 0);
  return { correctAnswers: correct.size, score: points };
}
