/**
 * The kinds of question, each with the rule its answers follow, written once for the editor, the
 * import, the API and the player screen. Free of zod, so the player build imports it.
 * - `choice`: two to ten answers, exactly one correct (what every question was before kinds);
 * - `true_false`: the two answers «Verdadero» and «Falso», in that order, one of them correct; a
 *   round never shuffles them;
 * - `multiple` ("Varias correctas", select all that apply): two to ten answers, one or more
 *   correct; the player marks every answer they think right and confirms, and the answer is right
 *   only when the marks are exactly the correct ones (all or nothing, docs/decisions.md);
 * - `poll` ("Encuesta"): two to ten answers, none correct; never scored, never in a round's
 *   questions: a player answers the trivia's polls before the round starts (contract/polls.ts).
 */
export const QUESTION_KINDS = ['choice', 'true_false', 'multiple', 'poll'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** How the editor, the question list and the import name each kind. */
export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  choice: 'Opción única',
  true_false: 'Verdadero o falso',
  multiple: 'Varias correctas',
  poll: 'Encuesta',
};

/** A true/false question's answers, in the order they are stored and shown. */
export const TRUE_FALSE_ANSWERS = ['Verdadero', 'Falso'] as const;

/** A question's kind; a question of a bundle stored before kinds existed is a `choice`. */
export const kindOf = (question: { kind?: QuestionKind | undefined }): QuestionKind => question.kind ?? 'choice';

/** Whether a question is a poll: asked before the round, never scored, with no answer key. */
export const isPoll = (question: { kind?: QuestionKind | undefined }): boolean => kindOf(question) === 'poll';

/** Whether the player marks several answers and confirms them (a "Varias correctas" question). */
export const isMultiple = (question: { kind?: QuestionKind | undefined }): boolean => kindOf(question) === 'multiple';

/** Whether a round may shuffle the question's answers (when its trivia shuffles answers at all). */
export const shufflesAnswers = (kind: QuestionKind): boolean => kind !== 'true_false';

export const TRUE_FALSE_ANSWERS_MESSAGE = `Una pregunta de verdadero o falso tiene dos respuestas: «${TRUE_FALSE_ANSWERS[0]}» y «${TRUE_FALSE_ANSWERS[1]}», en ese orden`;
export const TRUE_FALSE_PICTURE_MESSAGE = 'Las respuestas de verdadero o falso no llevan imagen';
export const ONE_CORRECT_MESSAGE = 'Marca exactamente una respuesta correcta';
export const SOME_CORRECT_MESSAGE = 'Marca al menos una respuesta correcta';
export const POLL_CORRECT_MESSAGE = 'Una encuesta no tiene respuesta correcta';
/** A question's kind cannot move between a poll and a scored kind: the rounds and votes it has would read as the other. */
export const POLL_KIND_LOCKED_MESSAGE = 'Una encuesta no puede pasar a ser una pregunta con respuesta correcta, ni al revés: crea una pregunta nueva';

/** Whether two kinds are on the same side of the poll line (a question may change between them). */
export const kindsInterchangeable = (from: QuestionKind, to: QuestionKind): boolean => (from === 'poll') === (to === 'poll');

/** What is wrong with how many answers are marked correct for the kind, or null: a poll none, "Varias correctas" one or more, every other kind exactly one. */
export function correctAnswersProblem(kind: QuestionKind, answers: readonly { isCorrect?: boolean | undefined }[]): string | null {
  const correct = answers.filter((a) => a.isCorrect).length;
  if (kind === 'poll') return correct === 0 ? null : POLL_CORRECT_MESSAGE;
  if (kind === 'multiple') return correct >= 1 ? null : SOME_CORRECT_MESSAGE;
  return correct === 1 ? null : ONE_CORRECT_MESSAGE;
}

/** What is wrong with a question's answers for its kind (beyond their count and which are correct), or null. */
export function kindAnswersProblem(kind: QuestionKind, answers: readonly { text: string; picture?: unknown }[]): string | null {
  if (kind !== 'true_false') return null;
  const texts = answers.map((a) => a.text.trim().toLocaleLowerCase('es'));
  if (texts.length !== 2 || TRUE_FALSE_ANSWERS.some((text, i) => texts[i] !== text.toLocaleLowerCase('es'))) return TRUE_FALSE_ANSWERS_MESSAGE;
  if (answers.some((a) => a.picture)) return TRUE_FALSE_PICTURE_MESSAGE;
  return null;
}
