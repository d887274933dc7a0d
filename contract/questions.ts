import { z } from 'zod';
import { MAX_ID } from './common';

const INVALID_GROUP = 'El ID del grupo debe ser mayor que 0';

const questionText = z
  .string({ error: 'La pregunta es requerida' })
  .trim()
  .min(1, 'La pregunta es requerida')
  .max(1000, 'Máximo 1000 caracteres');

export const answerSchema = z.strictObject({
  text: z
    .string({ error: 'El texto de la respuesta es requerido' })
    .trim()
    .min(1, 'El texto de la respuesta es requerido')
    .max(500, 'Máximo 500 caracteres'),
  isCorrect: z.boolean().default(false),
});
export type AnswerInput = z.input<typeof answerSchema>;

export const questionSchema = z.strictObject({
  text: questionText,
  groupId: z.number({ error: INVALID_GROUP }).int(INVALID_GROUP).min(1, INVALID_GROUP).max(MAX_ID, INVALID_GROUP),
});
export type QuestionInput = z.input<typeof questionSchema>;

const answerList = z
  .array(answerSchema, { error: 'Debe haber al menos 2 respuestas' })
  .min(2, 'Debe haber al menos 2 respuestas')
  .max(10, 'Máximo 10 respuestas')
  .refine((answers) => answers.filter((a) => a.isCorrect).length === 1, 'Marca exactamente una respuesta correcta');

/** Question with its answers: the form, and the transactional PUT /api/questions/{id}. */
export const questionWithAnswersSchema = questionSchema.extend({ answers: answerList });
export type QuestionWithAnswersInput = z.input<typeof questionWithAnswersSchema>;

/**
 * POST /api/question-groups/{id}/questions: {text, groupId}, and (extension) the
 * question's answers in the same call, so a create from the form is one transaction.
 */
export const questionCreateSchema = questionSchema.extend({ answers: answerList.optional() });
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
  createdAt: string;
}

export interface Answer {
  id: number;
  text: string;
  isCorrect: boolean;
  questionId: number;
}

export type AnswersByQuestion = Record<string, Answer[]>;
