import { z } from 'zod';
import { idParam } from './common';
import type { Location } from './companies';
import type { QuestionGroup } from './groups';
import type { AnswersByQuestion, Question } from './questions';
import {
  DOCUMENT_NUMBER_MAX,
  DOCUMENT_NUMBER_MAX_MESSAGE,
  DOCUMENT_NUMBER_MESSAGE,
  DOCUMENT_NUMBER_MIN,
  DOCUMENT_NUMBER_PATTERN,
  DOCUMENT_NUMBER_PATTERN_MESSAGE,
  DOCUMENT_TYPE_MESSAGE,
  DOCUMENT_TYPE_REQUIRED_MESSAGE,
  FULL_NAME_MAX,
  FULL_NAME_MAX_MESSAGE,
  FULL_NAME_REQUIRED_MESSAGE,
  LOCATION_MESSAGE,
  LOCATION_REQUIRED_MESSAGE,
} from './player-input';

// The form rules (limits, messages, masking, scoring) live zod-free in player-input.ts, which the
// player screen imports; these schemas are built from them.
export {
  ATTEMPT_LIMIT_MESSAGE,
  DOCUMENT_NUMBER_MESSAGE,
  LOCATION_MESSAGE,
  MAX_COMPLETION_SECONDS,
  maskDocumentNumber,
  scoreOf,
} from './player-input';

const documentTypeId = z
  .number({ error: DOCUMENT_TYPE_REQUIRED_MESSAGE })
  .int(DOCUMENT_TYPE_MESSAGE)
  .positive(DOCUMENT_TYPE_MESSAGE);
/** Trimmed and upper-cased, so 'ab12345' and 'AB12345' name one player here and on the kiosks. */
const documentNumber = z
  .string({ error: DOCUMENT_NUMBER_MESSAGE })
  .trim()
  .min(DOCUMENT_NUMBER_MIN, DOCUMENT_NUMBER_MESSAGE)
  .max(DOCUMENT_NUMBER_MAX, DOCUMENT_NUMBER_MAX_MESSAGE)
  .regex(DOCUMENT_NUMBER_PATTERN, DOCUMENT_NUMBER_PATTERN_MESSAGE)
  .toUpperCase();
const clientId = z.uuid('Identificador de cliente no válido');

export const documentCheckSchema = z.strictObject({ documentTypeId, documentNumber });
export type DocumentCheckInput = z.input<typeof documentCheckSchema>;

export const validatePlayerSchema = documentCheckSchema.extend({
  companyId: z.number().int().positive(),
  questionGroupId: z.number().int().positive(),
});
export type ValidatePlayerInput = z.input<typeof validatePlayerSchema>;

export const playerRegistrationSchema = z.strictObject({
  fullName: z
    .string({ error: FULL_NAME_REQUIRED_MESSAGE })
    .trim()
    .min(1, FULL_NAME_REQUIRED_MESSAGE)
    .max(FULL_NAME_MAX, FULL_NAME_MAX_MESSAGE),
  documentTypeId,
  documentNumber,
  locationId: z.number({ error: LOCATION_REQUIRED_MESSAGE }).int(LOCATION_MESSAGE).positive(LOCATION_MESSAGE),
  clientId: clientId.optional(),
});
export type PlayerRegistrationInput = z.input<typeof playerRegistrationSchema>;

const TOTAL_QUESTIONS_MESSAGE = 'El total de preguntas debe ser un entero entre 1 y 200';
export const totalQuestionsSchema = z
  .number({ error: TOTAL_QUESTIONS_MESSAGE })
  .int(TOTAL_QUESTIONS_MESSAGE)
  .min(1, TOTAL_QUESTIONS_MESSAGE)
  .max(200, TOTAL_QUESTIONS_MESSAGE);

export const createAttemptSchema = z
  .strictObject({
    playerId: z.number().int().positive().optional(),
    playerClientId: clientId.optional(),
    questionGroupId: z.number().int().positive(),
    /** The round the server draws (questionsPerRound, capped by the playable questions); another value is 400 round_size_mismatch. */
    totalQuestions: totalQuestionsSchema.optional(),
    clientId: clientId.optional(),
  })
  .refine((v) => v.playerId !== undefined || v.playerClientId !== undefined, {
    message: 'El jugador es requerido',
    path: ['playerId'],
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

export const chosenAnswerSchema = z.strictObject({
  questionId: z.number().int().positive(),
  answerId: z.number().int().positive(),
});

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

export interface DocumentType {
  id: number;
  name: string;
  code: string;
}

/** A known player as validation returns it: registered at a site of another company or not. */
export interface ValidatedPlayer extends Player {
  fromOtherCompany: boolean;
}

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
}

/** Why an attempt waits for an admin instead of ranking. */
export const REVIEW_REASONS = ['over_limit', 'round_mismatch', 'implausible_time'] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];
export const REVIEW_REASON_LABELS: Record<ReviewReason, string> = {
  over_limit: 'Llegó por encima del límite de intentos',
  round_mismatch: 'Se jugó con otro número de preguntas',
  implausible_time: 'Tiempo no plausible',
};

/** GET /api/player-attempts/held (admin): the held attempts of one trivia, oldest first. */
export const heldAttemptsQuery = z.object({ questionGroupId: idParam });
export type HeldAttemptsQuery = z.infer<typeof heldAttemptsQuery>;

export interface HeldAttempt {
  id: number;
  playerId: number;
  firstName: string;
  lastName: string;
  location: { name: string } | null;
  score: number;
  correctAnswers: number;
  totalQuestions: number;
  completionTime: number | null;
  startedAt: string;
  completedAt: string | null;
  reason: ReviewReason;
}

/** What an admin decided about a held attempt (POST .../release or .../discard). */
export interface ReviewDecision {
  id: number;
  reviewStatus: 'released' | 'discarded';
  reviewReason: ReviewReason;
  reviewedBy: number;
  reviewedAt: string;
}

/** A registered player as the player flow sees it (never a phone or e-mail). */
export interface Player {
  id: number;
  fullName: string;
  firstName: string;
  lastName: string;
  documentTypeId: number;
  documentNumber: string;
  locationId: number | null;
}

/** Everything a kiosk needs to play a trivia offline (GET /api/play/{groupId}/bundle). */
export interface PlayBundle {
  /** Changes whenever anything below changes; also sent as the ETag. */
  version: string;
  group: QuestionGroup;
  questions: Question[];
  answers: AnswersByQuestion;
  documentTypes: DocumentType[];
  locations: Location[];
}
