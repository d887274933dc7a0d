import type { AnswerVerdict, PlayBundle } from '../../contract';
import { judgeAgainstKey } from '../../contract/play-rules';
import type { AnswerJudgement, ChosenAnswer, InProgressAttempt } from './db';
import { callServer } from './server-call';

/** How long a player waits for an answer's verdict before the answer is kept without one. */
export const VERDICT_TIMEOUT_MS = 3_000;

/** Whether this copy of the trivia carries the answer key (a set-up kiosk's). */
export const hasAnswerKey = (bundle: PlayBundle) => Object.values(bundle.answers).some((answers) => answers.some((a) => a.isCorrect !== undefined));

/** A kiosk's own verdict, from the key in its copy of the trivia. */
export const judgeWithKey = (bundle: PlayBundle, chosen: ChosenAnswer): AnswerJudgement => judgeAgainstKey(bundle.answers[chosen.questionId] ?? [], chosen.answerId);

/**
 * One answer's verdict: from the kiosk's key, or from the server for a round it dealt (the answer
 * is recorded there and is final). Undefined when there is none to have now (no connection, a slow
 * reply, a round the device dealt without the key): the answer is kept and judged by the server
 * when the round reaches it.
 */
export async function judgeAnswer(bundle: PlayBundle, state: InProgressAttempt, chosen: ChosenAnswer): Promise<AnswerJudgement | undefined> {
  if (hasAnswerKey(bundle)) return judgeWithKey(bundle, chosen);
  if (!state.token) return undefined;
  const answer = await callServer<AnswerVerdict>(
    'POST',
    `/api/player-attempts/${state.attemptClientId}/answers`,
    { token: state.token, ...chosen },
    { timeoutMs: VERDICT_TIMEOUT_MS },
  );
  if (answer.kind !== 'success' || !answer.body) return undefined;
  return { correct: answer.body.correct, correctAnswerId: answer.body.correctAnswerId, ...(answer.body.timedOut ? { timedOut: true as const } : {}) };
}

/** The correct answers of a finished round, or null when some answer has no verdict (the server will say). */
export function correctCount(bundle: PlayBundle, state: InProgressAttempt): number | null {
  if (hasAnswerKey(bundle)) return state.answers.filter((a) => judgeWithKey(bundle, a).correct).length;
  let correct = 0;
  for (const answer of state.answers) {
    const verdict = state.verdicts?.[answer.questionId];
    if (!verdict) return null;
    if (verdict.correct) correct++;
  }
  return correct;
}
