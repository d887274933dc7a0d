/**
 * The rules of a round that the player screen and the server both apply, each written once: how
 * an answer is judged and a round scored, how long each answer's feedback stays on screen (which
 * sets the shortest round the server believes), how a round's time is measured and the longest it
 * may be, and how the attempt limit is told to the player. The player build imports this module:
 * it imports nothing (no zod), and holds only small constants and functions.
 */

/** How long each answer's feedback stays on the player screen before the next question (or the result). */
export const FEEDBACK_MS = 2_000;

/** The longest plausible round: a synced completion past it is stored but held for review. */
export const MAX_COMPLETION_SECONDS = 24 * 60 * 60;

/** A round's time as a result stores it: whole seconds from its start to its completion, never negative. */
export const roundSeconds = (elapsedMs: number): number => Math.max(0, Math.round(elapsedMs / 1000));

/**
 * The shortest plausible round of `totalQuestions` questions, in seconds: the player screen keeps
 * each answer's feedback on screen for FEEDBACK_MS, so a round of N questions takes at least that
 * N times in real time. The floor leaves one second for whole-second rounding and clock
 * corrections: a shorter round was not played on the player screen.
 */
export const minimumRoundSeconds = (totalQuestions: number): number => Math.max(0, (FEEDBACK_MS / 1000) * totalQuestions - 1);

/** Score is the rounded percentage of correct answers over the questions shown. */
export function scoreOf(correctAnswers: number, totalQuestions: number): number {
  return totalQuestions > 0 ? Math.round((100 * correctAnswers) / totalQuestions) : 0;
}

/** The verdict on one answer, judged where the key is (the server; a set-up kiosk; the theme preview). */
export interface AnswerJudgement {
  correct: boolean;
  /** The question's correct answer (the chosen one when right); null when the question has none. */
  correctAnswerId: number | null;
}

/** Judges the answer `answerId` against its question's answers, with their key. */
export function judgeAgainstKey(answers: readonly { id: number; isCorrect?: boolean | undefined }[], answerId: number): AnswerJudgement {
  const correct = answers.find((a) => a.isCorrect);
  return { correct: correct?.id === answerId, correctAnswerId: correct?.id ?? null };
}

/** The title of the refusal a player gets for a trivia whose attempts they have used (online or on a kiosk without connection). */
export const ATTEMPT_LIMIT_MESSAGE = 'Límite de intentos alcanzado';

/** What the refusal says of the limit, the server's (`details`) and a kiosk's own alike. */
export const attemptLimitDetails = (maxAttempts: number): string =>
  `Esta trivia permite ${maxAttempts} ${maxAttempts === 1 ? 'intento' : 'intentos'} por jugador`;
