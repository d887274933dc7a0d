import { z } from 'zod';
import { markedAnswers, MAX_COMPLETION_SECONDS, type AnswerJudgement, type DealtRound } from './play-rules';
import { clientIdSchema, PLAYER_REQUIRED_MESSAGE, playerProofFields } from './players';
import { pollVotesSchema } from './polls';

/** An attempt: its start (whose proof names the player), its answers' verdicts, its completion, and the replies. */

const TOTAL_QUESTIONS_MESSAGE = 'El total de preguntas debe ser un entero entre 1 y 200';
export const totalQuestionsSchema = z
  .number({ error: TOTAL_QUESTIONS_MESSAGE })
  .int(TOTAL_QUESTIONS_MESSAGE)
  .min(1, TOTAL_QUESTIONS_MESSAGE)
  .max(200, TOTAL_QUESTIONS_MESSAGE);

const DOCUMENT_PAIR_MESSAGE = 'El tipo y el número de documento van juntos';

export const createAttemptSchema = z
  .strictObject({
    playerId: z.number().int().positive().optional(),
    playerClientId: clientIdSchema.optional(),
    ...playerProofFields,
    questionGroupId: z.number().int().positive(),
    /** The round the server draws (questionsPerRound, capped by the playable questions); another value is 400 round_size_mismatch. */
    totalQuestions: totalQuestionsSchema.optional(),
    clientId: clientIdSchema.optional(),
    /** "Necesito más tiempo": every clock of the round runs EXTRA_TIME_FACTOR times longer. */
    extraTime: z.boolean().optional(),
    /** The player's votes in the trivia's polls, answered before the round (contract/polls.ts). */
    pollVotes: pollVotesSchema.optional(),
  })
  .refine((v) => v.playerId !== undefined || v.playerClientId !== undefined, {
    message: PLAYER_REQUIRED_MESSAGE,
    path: ['playerId'],
  })
  .refine((v) => (v.documentTypeId === undefined) === (v.documentNumber === undefined), {
    message: DOCUMENT_PAIR_MESSAGE,
    path: ['documentNumber'],
  });
export type CreateAttemptInput = z.input<typeof createAttemptSchema>;

/**
 * Whole seconds, never negative. The server keeps its own figure (its clock online, the device's
 * startedAt/completedAt when synced); this one is only compared with it, so a long one is never
 * refused: the server holds it for review.
 */
export const completionTimeSchema = z
  .number({ error: 'El tiempo debe ser un número de segundos' })
  .int('El tiempo debe ser un número entero de segundos')
  .min(0, 'El tiempo no puede ser negativo');

/** Milliseconds from showing a question to the tap, as the device measured it. */
export const answerElapsedMsSchema = z.number().int().min(0).max(MAX_COMPLETION_SECONDS * 1000);

/** An answer's choice; null: the question's clock ran out first ("Tiempo agotado", contract/question-clock.ts). */
const chosenAnswerId = z.number().int().positive().nullable();

const MARKED_ANSWERS_MESSAGE = 'Las respuestas marcadas deben ser distintas e incluir answerId';

/**
 * A choice: `answerId`, and on a "Varias correctas" question `answerIds`, every answer marked (1 to
 * 10, distinct, `answerId` among them). Read as stored (`markedAnswers`): ascending, `answerId` the
 * first, so a resend in another order is the same choice.
 */
const answerChoiceFields = {
  answerId: chosenAnswerId,
  answerIds: z.array(z.number().int().positive()).min(1).max(10).optional(),
};
function markedAsStored<T extends { answerId: number | null; answerIds?: number[] | undefined }>(schema: z.ZodType<T>) {
  return schema
    .refine((v) => !v.answerIds || (v.answerId !== null && v.answerIds.includes(v.answerId) && new Set(v.answerIds).size === v.answerIds.length), {
      message: MARKED_ANSWERS_MESSAGE,
      path: ['answerIds'],
    })
    .transform((v) => (v.answerIds ? { ...v, ...markedAnswers(v.answerIds) } : v));
}

export const chosenAnswerSchema = markedAsStored(
  z.strictObject({
    questionId: z.number().int().positive(),
    ...answerChoiceFields,
    elapsedMs: answerElapsedMsSchema.optional(),
  }),
);

/**
 * POST /api/player-attempts/{id}/answers: one answer of a round the server dealt, for its verdict.
 * The answer is final: the completion must carry it.
 */
export const answerVerdictRequestSchema = markedAsStored(
  z.strictObject({
    token: z.string().min(1, 'Token requerido').max(200),
    questionId: z.number().int().positive(),
    ...answerChoiceFields,
    elapsedMs: answerElapsedMsSchema.optional(),
  }),
);
export type AnswerVerdictRequest = z.infer<typeof answerVerdictRequestSchema>;

/** The server's verdict on one answer (AnswerJudgement), with the answer it kept (null when its clock ran out first: `timedOut`). */
export interface AnswerVerdict extends AnswerJudgement {
  questionId: number;
  answerId: number | null;
  /** The answers it kept marked, on a "Varias correctas" question. */
  answerIds?: number[];
}

/**
 * An online completion: one answer to every question of the round. `score`, `correctAnswers` and
 * `completionTime` are accepted for older clients and ignored: the server scores the answers and
 * times the attempt with its own clock.
 */
export const completeAttemptSchema = z.strictObject({
  score: z.number().int().min(0).max(100).optional(),
  correctAnswers: z.number().int().min(0).optional(),
  completionTime: completionTimeSchema.optional(),
  /** Missing or short: 400 round_incomplete. */
  answers: z.array(chosenAnswerSchema).max(200).optional(),
  token: z.string().min(1, 'Token requerido').max(200),
});
export type CompleteAttemptInput = z.input<typeof completeAttemptSchema>;

export interface Attempt {
  id: number;
  clientId: string | null;
  playerId: number;
  questionGroupId: number;
  score: number;
  totalQuestions: number;
  correctAnswers: number;
  startedAt: string;
  completedAt: string | null;
  completionTime: number | null;
}

export interface CreatedAttempt extends Attempt {
  token: string;
  /** The round the server dealt (absent for rounds recorded before). */
  round?: DealtRound;
  /** The round's receipt, signed by the server, for a round dealt to a device under a clientId: sent with its completion, it brings the round back after a restore. */
  receipt?: string;
}
