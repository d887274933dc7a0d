/**
 * The kinds of question, each with the rule its answers follow, written once for the editor, the
 * import, the API and the player screen. Free of zod, so the player build imports it.
 * - `choice`: two to ten answers, exactly one correct (what every question was before kinds);
 * - `true_false`: the two answers «Verdadero» and «Falso», in that order, one of them correct; a
 *   round never shuffles them.
 */
export const QUESTION_KINDS = ['choice', 'true_false'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** How the editor, the question list and the import name each kind. */
export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  choice: 'Opción única',
  true_false: 'Verdadero o falso',
};

/** A true/false question's answers, in the order they are stored and shown. */
export const TRUE_FALSE_ANSWERS = ['Verdadero', 'Falso'] as const;

/** A question's kind; a question of a bundle stored before kinds existed is a `choice`. */
export const kindOf = (question: { kind?: QuestionKind | undefined }): QuestionKind => question.kind ?? 'choice';

/** Whether a round may shuffle the question's answers (when its trivia shuffles answers at all). */
export const shufflesAnswers = (kind: QuestionKind): boolean => kind !== 'true_false';

export const TRUE_FALSE_ANSWERS_MESSAGE = `Una pregunta de verdadero o falso tiene dos respuestas: «${TRUE_FALSE_ANSWERS[0]}» y «${TRUE_FALSE_ANSWERS[1]}», en ese orden`;
export const TRUE_FALSE_PICTURE_MESSAGE = 'Las respuestas de verdadero o falso no llevan imagen';

/** What is wrong with a question's answers for its kind (beyond the count and the one correct answer every kind checks), or null. */
export function kindAnswersProblem(kind: QuestionKind, answers: readonly { text: string; picture?: unknown }[]): string | null {
  if (kind !== 'true_false') return null;
  const texts = answers.map((a) => a.text.trim().toLocaleLowerCase('es'));
  if (texts.length !== 2 || TRUE_FALSE_ANSWERS.some((text, i) => texts[i] !== text.toLocaleLowerCase('es'))) return TRUE_FALSE_ANSWERS_MESSAGE;
  if (answers.some((a) => a.picture)) return TRUE_FALSE_PICTURE_MESSAGE;
  return null;
}
