import { z } from 'zod';
import { MAX_ID } from './common';
import { placedPictureSchema, type PlacedPicture } from './pictures';
import { correctAnswersProblem, kindAnswersProblem, QUESTION_KINDS, type QuestionKind } from './question-kinds';
import { clockSecondsField } from './groups';

const INVALID_GROUP = 'El ID del grupo debe ser mayor que 0';
export const QUESTION_TEXT_MAX = 1000;
export const ANSWER_TEXT_MAX = 500;
export const ANSWERS_MIN = 2;
export const ANSWERS_MAX = 10;

const questionText = z
  .string({ error: 'La pregunta es requerida' })
  .trim()
  .min(1, 'La pregunta es requerida')
  .max(QUESTION_TEXT_MAX, `Máximo ${QUESTION_TEXT_MAX} caracteres`);

export const answerSchema = z.strictObject({
  text: z
    .string({ error: 'El texto de la respuesta es requerido' })
    .trim()
    .min(1, 'El texto de la respuesta es requerido')
    .max(ANSWER_TEXT_MAX, `Máximo ${ANSWER_TEXT_MAX} caracteres`),
  isCorrect: z.boolean().default(false),
  /** Its picture (docs/pictures.md); null removes it; left out, an edit keeps the one it has. */
  picture: placedPictureSchema.nullable().optional(),
});
export type AnswerInput = z.input<typeof answerSchema>;

export const questionSchema = z.strictObject({
  text: questionText,
  groupId: z.number({ error: INVALID_GROUP }).int(INVALID_GROUP).min(1, INVALID_GROUP).max(MAX_ID, INVALID_GROUP),
  /** Its picture (docs/pictures.md); null removes it; left out, an edit keeps the one it has. */
  picture: placedPictureSchema.nullable().optional(),
  /** Its own clock in seconds, over the trivia's (contract/question-clock.ts); null: the trivia's; left out, an edit keeps it. */
  clockSeconds: clockSecondsField.optional(),
});
export type QuestionInput = z.input<typeof questionSchema>;

const answerListOf = <T extends typeof answerSchema>(answer: T) =>
  z
    .array(answer, { error: 'Debe haber al menos 2 respuestas' })
    .min(ANSWERS_MIN, `Debe haber al menos ${ANSWERS_MIN} respuestas`)
    .max(ANSWERS_MAX, `Máximo ${ANSWERS_MAX} respuestas`);
const answerList = answerListOf(answerSchema);

const ANSWER_ID = 'La respuesta no es válida';
/**
 * An answer in an edit: with `id` (one of the question's answers) it is that answer, kept with its
 * text and mark replaced, so the rounds that chose it still point at it; without, a new answer.
 */
export const answerEditSchema = answerSchema.extend({ id: z.number({ error: ANSWER_ID }).int(ANSWER_ID).min(1, ANSWER_ID).max(MAX_ID, ANSWER_ID).optional() });
const answerEditList = answerListOf(answerEditSchema).refine((answers) => {
  const ids = answers.flatMap((a) => (a.id === undefined ? [] : [a.id]));
  return new Set(ids).size === ids.length;
}, 'Una respuesta aparece dos veces');

/** A question's kind (contract/question-kinds.ts); left out, a `choice`. */
const kindField = z.enum(QUESTION_KINDS, { error: 'El tipo de pregunta no es válido' }).default('choice');

/** The kind's own rule on the answers (which are correct; a true/false question's two fixed answers), reported on `answers`. */
const answersFitKind = (question: { kind: QuestionKind; answers?: { text: string; isCorrect: boolean; picture?: unknown }[] | undefined }, ctx: z.RefinementCtx) => {
  const problem = question.answers ? (correctAnswersProblem(question.kind, question.answers) ?? kindAnswersProblem(question.kind, question.answers)) : null;
  if (problem) ctx.addIssue({ code: 'custom', path: ['answers'], message: problem });
};

/**
 * Question with its answers: the form, and the transactional PUT /api/questions/{id}.
 * `confirmCorrectChange`: the admin confirmed changing which answer is correct although played
 * results answered the question (without it that change is refused with
 * `correct_answer_change_unconfirmed` and the number of those results).
 */
export const questionWithAnswersSchema = questionSchema
  .extend({ kind: kindField, answers: answerEditList, confirmCorrectChange: z.boolean().optional() })
  .superRefine(answersFitKind);
export type QuestionWithAnswersInput = z.input<typeof questionWithAnswersSchema>;

/**
 * POST /api/question-groups/{id}/questions: {text, groupId}, and (extension) the
 * question's kind and answers in the same call, so a create from the form is one transaction. A
 * kind other than `choice` comes with its answers.
 */
export const questionCreateSchema = questionSchema
  .extend({ kind: kindField, answers: answerList.optional() })
  .superRefine((question, ctx) => {
    if (question.kind !== 'choice' && !question.answers) ctx.addIssue({ code: 'custom', path: ['answers'], message: 'Este tipo de pregunta se crea con sus respuestas' });
    answersFitKind(question, ctx);
  });
export type QuestionCreateInput = z.input<typeof questionCreateSchema>;

/** A question with its answers, as POST (with answers) and PUT reply. */
export interface QuestionWithAnswers extends Question {
  answers: Answer[];
}

/** POST /api/question-groups/{id}/generate reply. */
export interface GeneratedQuestions {
  count: number;
  questions: QuestionWithAnswers[];
}

/** GET /api/ai/status (extension): whether the server has an AI service configured. */
export interface AiStatus {
  configured: boolean;
}

export interface Question {
  id: number;
  text: string;
  groupId: number;
  /** Missing from a bundle stored before kinds existed: a `choice` (`kindOf`). */
  kind?: QuestionKind;
  createdAt: string;
  /** Null when it has none (missing from a bundle stored before pictures existed). */
  picture?: PlacedPicture | null;
  /** Its own clock in seconds; null: the trivia's (missing from a bundle stored before clocks). */
  clockSeconds?: number | null;
}

export interface Answer {
  id: number;
  text: string;
  isCorrect: boolean;
  questionId: number;
  /** Null when it has none (missing from a bundle stored before pictures existed). */
  picture?: PlacedPicture | null;
}

export type AnswersByQuestion = Record<string, Answer[]>;

/** GET /api/questions/{id}/revisions: a text the question had before, newest first. */
export interface QuestionTextRevision {
  text: string;
  /** When it was replaced by the next text. */
  replacedAt: string;
  /** Who replaced it (first and last name); null once that user is deleted. */
  replacedBy: string | null;
}

/**
 * An answer as a player's device receives it: `isCorrect` only on a set-up kiosk of the trivia
 * (and for a signed-in admin); everywhere else the answer key stays on the server (docs/fair-play.md).
 */
export type PlayAnswer = Omit<Answer, 'isCorrect'> & { isCorrect?: boolean };
export type PlayAnswersByQuestion = Record<string, PlayAnswer[]>;
