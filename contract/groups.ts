import { z } from 'zod';
import { optionalText, requiredText } from './common';
import { companyIdField } from './companies';
import { PUBLIC_NAME_STYLES, type PublicNameStyle } from './big-screen';
import type { Theme } from './theme';
import { QUESTION_KINDS } from './question-kinds';
import { CLOCK_SECONDS_MAX, CLOCK_SECONDS_MIN } from './question-clock';
import { SCORINGS, type Scoring } from './points';

const CLOCK_MESSAGE = `El tiempo por pregunta va de ${CLOCK_SECONDS_MIN} a ${CLOCK_SECONDS_MAX} segundos`;
/** A clock in whole seconds (contract/question-clock.ts), a trivia's or a question's own; null: none of its own. */
export const clockSecondsField = z
  .number({ error: CLOCK_MESSAGE })
  .int(CLOCK_MESSAGE)
  .min(CLOCK_SECONDS_MIN, CLOCK_MESSAGE)
  .max(CLOCK_SECONDS_MAX, CLOCK_MESSAGE)
  .nullable();

const completionRedirectUrl = z
  .union([
    z.literal(''),
    z.url({ protocol: /^https?$/, error: 'Debe ser una URL válida' }).max(500, 'Debe ser una URL válida'),
  ])
  .nullish()
  .transform((value) => value || null);

export const questionGroupSchema = z.strictObject({
  name: requiredText('El nombre es requerido', 150),
  description: optionalText(1000),
  instructions: z.string().max(20000, 'Máximo 20000 caracteres').nullish(),
  companyId: companyIdField,
  questionsPerRound: z
    .number({ error: 'Debe tener al menos 1 pregunta por ronda' })
    .int()
    .min(1, 'Debe tener al menos 1 pregunta por ronda')
    .max(200, 'Máximo 200 preguntas por ronda')
    .default(5),
  randomizeQuestions: z.boolean().default(true),
  randomizeAnswers: z.boolean().default(true),
  completionRedirectUrl,
  maxAttempts: z
    .number({ error: 'El número de intentos debe ser 0 (sin límite) o mayor' })
    .int()
    .min(0, 'El número de intentos debe ser 0 (sin límite) o mayor')
    .max(1000)
    .default(0),
  /** How public screens show players' names; kept as it is when left out. */
  publicNames: z.enum(PUBLIC_NAME_STYLES).optional(),
  /** Each question's clock in seconds (contract/question-clock.ts); null: no clock; kept as it is when left out (none on a new trivia). */
  questionSeconds: clockSecondsField.optional(),
  /** How a round scores (contract/points.ts); kept as it is when left out (`percent` on a new trivia). "Puntos" needs `questionSeconds`. */
  scoring: z.enum(SCORINGS, { error: 'La puntuación debe ser «percent» o «points»' }).optional(),
});
export type QuestionGroupInput = z.input<typeof questionGroupSchema>;

export const generateQuestionsSchema = z.strictObject({
  context: z
    .string({ error: 'Por favor proporciona un contexto para generar las preguntas' })
    .trim()
    .min(1, 'Por favor proporciona un contexto para generar las preguntas')
    .max(20000, 'El contexto es demasiado largo (máximo 20000 caracteres)'),
  numQuestions: z.number().int().min(1, 'Mínimo 1 pregunta').max(20, 'Máximo 20 preguntas').default(5),
  /** The kind of the questions to write (contract/question-kinds.ts); left out, `choice`. */
  kind: z.enum(QUESTION_KINDS, { error: 'El tipo de pregunta no es válido' }).default('choice'),
});
export type GenerateQuestionsInput = z.input<typeof generateQuestionsSchema>;

export interface CompanySummary {
  id: number;
  name: string;
  logoUrl: string | null;
}

export interface QuestionGroup {
  id: number;
  name: string;
  description: string | null;
  instructions: string | null;
  logoUrl: string | null;
  companyId: number;
  questionsPerRound: number;
  randomizeQuestions: boolean;
  randomizeAnswers: boolean;
  theme: Theme | null;
  completionRedirectUrl: string | null;
  maxAttempts: number;
  publicNames: PublicNameStyle;
  /** Each question's clock in seconds; null: no clock (absent from a bundle stored before clocks). */
  questionSeconds?: number | null;
  /** How a round scores (absent from a bundle stored before points: `percent`). */
  scoring?: Scoring;
  createdAt: string;
  company: CompanySummary;
}

export interface RecentQuestionGroup {
  id: number;
  name: string;
  description: string | null;
}

/** DELETE /api/question-groups/{id}/player-attempts reply. */
export interface ClearAttemptsReply {
  message: string;
  deletedCount: number;
}
