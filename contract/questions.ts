import { z } from 'zod';

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
  groupId: z.number().int().min(1, 'El ID del grupo debe ser mayor que 0'),
});
export type QuestionInput = z.input<typeof questionSchema>;

/** Question with its answers: the form, and the transactional PUT /api/questions/{id}. */
export const questionWithAnswersSchema = questionSchema.extend({
  answers: z
    .array(answerSchema)
    .min(2, 'Debe haber al menos 2 respuestas')
    .max(10, 'Máximo 10 respuestas')
    .refine((answers) => answers.filter((a) => a.isCorrect).length === 1, 'Marca exactamente una respuesta correcta'),
});
export type QuestionWithAnswersInput = z.input<typeof questionWithAnswersSchema>;

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
