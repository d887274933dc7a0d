/**
 * The rules of a round that the player screen and the server both apply, each written once: how
 * a round is dealt (which questions are playable, the round's size, the deal itself, and whether a
 * round a device dealt could be the trivia's now), how an answer is judged and a round scored, how long each answer's feedback stays on screen (which
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
  /** The question's correct answer (the first of them on a "Varias correctas" question); null when the question has none. */
  correctAnswerId: number | null;
  /** Every correct answer of the question, in stored order (one but on a "Varias correctas" question). */
  correctAnswerIds: number[];
  /** The server's clock ran out before the answer reached it: it is kept as "Tiempo agotado" (answerId null). */
  timedOut?: true;
  /** A points trivia (contract/points.ts): what the answer scored, by the server's clock on a round it dealt, by a kiosk's own measure on its own. */
  points?: number;
}

/** What an answer chose: its answer, or on a "Varias correctas" question every answer marked (`answerIds`). */
export interface AnswerChoice {
  /** Null: the question's clock ran out first ("Tiempo agotado"). On a "Varias correctas" question: the first of `answerIds`. */
  answerId: number | null;
  /** A "Varias correctas" question's marked answers, ascending (`markedAnswers`). */
  answerIds?: readonly number[] | undefined;
}

/** The answers a choice picked: none when its clock ran out. */
export const pickedAnswerIds = (choice: AnswerChoice): number[] =>
  choice.answerId === null ? [] : choice.answerIds ? [...choice.answerIds] : [choice.answerId];

/** A "Varias correctas" choice as it is sent and stored: the marked answers ascending, `answerId` the first of them. */
export function markedAnswers(answerIds: readonly number[]): { answerId: number; answerIds: number[] } {
  const sorted = [...new Set(answerIds)].sort((a, b) => a - b);
  if (!sorted.length) throw new Error('markedAnswers: nothing marked');
  return { answerId: sorted[0]!, answerIds: sorted };
}

/** A choice whose question's clock ran out first ("Tiempo agotado"): nothing picked, its other fields kept. */
export function timedOutChoice<T extends AnswerChoice>(choice: T): Omit<T, 'answerId' | 'answerIds'> & { answerId: null } {
  const { answerIds: _marked, answerId: _chosen, ...rest } = choice;
  return { ...rest, answerId: null };
}

/** Whether two choices picked the same answers. */
export const sameChoice = (a: AnswerChoice, b: AnswerChoice): boolean => pickedAnswerIds(a).join() === pickedAnswerIds(b).join();

/**
 * Judges a choice against its question's answers, with their key: right when it picked exactly the
 * correct answers (one on most kinds; on "Varias correctas" all of them and no other, all or
 * nothing); a clock run out is wrong.
 */
export function judgeAgainstKey(answers: readonly { id: number; isCorrect?: boolean | undefined }[], choice: AnswerChoice): AnswerJudgement {
  const correctIds = answers.filter((a) => a.isCorrect).map((a) => a.id);
  const picked = new Set(pickedAnswerIds(choice));
  const correct = picked.size > 0 && picked.size === correctIds.length && correctIds.every((id) => picked.has(id));
  return { correct, correctAnswerId: correctIds[0] ?? null, correctAnswerIds: correctIds };
}

/** The title of the refusal a player gets for a trivia whose attempts they have used (online or on a kiosk without connection). */
export const ATTEMPT_LIMIT_MESSAGE = 'Límite de intentos alcanzado';

/** What the refusal says of the limit, the server's (`details`) and a kiosk's own alike. */
export const attemptLimitDetails = (maxAttempts: number): string =>
  `Esta trivia permite ${maxAttempts} ${maxAttempts === 1 ? 'intento' : 'intentos'} por jugador`;

/**
 * How a round is dealt: the one rule the server follows when it deals online (with
 * `crypto.randomInt`) and the device when it deals offline (with `Math.random`). The server reads
 * the candidates from its database (api/attempts/round-candidates.ts), the device from its copy of
 * the trivia (web/offline/round.ts); neither chooses questions on its own.
 */

/** A question as a deal sees it: its id and its answers' ids, in the order they are stored. */
export interface DealCandidate {
  id: number;
  answerIds: readonly number[];
  /** Its answers are always shown in stored order (a true/false question's, `shufflesAnswers`). */
  fixedAnswerOrder?: boolean;
  /** A poll: asked before the round, never one of its questions (contract/polls.ts). */
  poll?: boolean;
}

/** The trivia's settings a deal follows. */
export interface DealSettings {
  questionsPerRound: number;
  randomizeQuestions: boolean;
  randomizeAnswers: boolean;
}

/** A round as shown: its questions in order, and each question's answers in order. */
export interface DealtRound {
  questionIds: number[];
  answerOrder: Record<number, number[]>;
}

/** A random whole number from 0 to `bound` - 1: the caller's random source. */
export type RandomIndex = (bound: number) => number;

/** A question can be played in a round when it has at least one answer and is no poll. */
export const isPlayable = (question: DealCandidate): boolean => question.answerIds.length > 0 && !question.poll;

/**
 * The questions a round shows: questionsPerRound (at least 1), capped by the playable questions.
 * 0 when nothing is playable.
 */
export const roundSize = (playableCount: number, questionsPerRound: number): number => Math.min(playableCount, Math.max(1, questionsPerRound));

/** Fisher–Yates on a copy. */
function shuffled<T>(items: readonly T[], randomIndex: RandomIndex): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomIndex(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/**
 * Deals a round from the trivia's questions: the playable ones, shuffled when the trivia says so,
 * cut to the round size; each chosen question's answers shuffled when the trivia says so (but for
 * a question whose kind fixes their order). Empty
 * when nothing is playable (neither side starts such a round).
 */
export function dealRound(questions: readonly DealCandidate[], settings: DealSettings, randomIndex: RandomIndex): DealtRound {
  const playable = questions.filter(isPlayable);
  const ordered = settings.randomizeQuestions ? shuffled(playable, randomIndex) : playable;
  const chosen = ordered.slice(0, roundSize(playable.length, settings.questionsPerRound));
  const answerOrder: Record<number, number[]> = {};
  for (const question of chosen) {
    answerOrder[question.id] = settings.randomizeAnswers && !question.fixedAnswerOrder ? shuffled(question.answerIds, randomIndex) : [...question.answerIds];
  }
  return { questionIds: chosen.map((question) => question.id), answerOrder };
}

/**
 * Whether a round a device dealt (its questions, in order) could be dealt from the trivia now:
 * `size` distinct playable questions of it. `questions` holds the trivia's questions, or at least
 * those the round names; `size` is the trivia's round size now.
 */
export function couldBeDealt(questionIds: readonly number[], questions: readonly DealCandidate[], size: number): boolean {
  const playable = new Set(questions.filter(isPlayable).map((question) => question.id));
  return questionIds.length === size && new Set(questionIds).size === size && questionIds.every((id) => playable.has(id));
}
