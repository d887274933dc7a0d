import { z } from 'zod';
import { consentFields, type PlayConsent } from './consent';
import type { Location } from './companies';
import type { HeldDevice } from './held-attempts';
import type { QuestionGroup } from './groups';
import type { PlayAnswersByQuestion, Question } from './questions';
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
import { MAX_COMPLETION_SECONDS, type AnswerJudgement, type DealtRound } from './play-rules';

// The form rules (limits, messages, masking) live zod-free in player-input.ts, and a round's rules
// (scoring, times) in play-rules.ts, which the player screen imports; these schemas are built from them.
export {
  CANONICAL_DOCUMENT_NUMBER,
  DOCUMENT_NUMBER_EMPTY_MESSAGE,
  DOCUMENT_NUMBER_MESSAGE,
  normalizeDocumentNumber,
  type DocumentKind,
  LOCATION_MESSAGE,
  maskDocumentNumber,
} from './player-input';

const documentTypeId = z
  .number({ error: DOCUMENT_TYPE_REQUIRED_MESSAGE })
  .int(DOCUMENT_TYPE_MESSAGE)
  .positive(DOCUMENT_TYPE_MESSAGE);
/**
 * Trimmed and upper-cased here; the server then applies the identity rule of the chosen type
 * (`normalizeDocumentNumber`, which needs the type's `numeric`) before storing or looking up.
 */
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
  /**
   * The version of the company's data-treatment text the player agreed to, and when (a device's
   * clock when registered offline; the server's own clock online). Required when the site's
   * company has a text; any version that company ever had is accepted (a kiosk's older bundle).
   */
  ...consentFields,
});
export type PlayerRegistrationInput = z.input<typeof playerRegistrationSchema>;

const TOTAL_QUESTIONS_MESSAGE = 'El total de preguntas debe ser un entero entre 1 y 200';
export const totalQuestionsSchema = z
  .number({ error: TOTAL_QUESTIONS_MESSAGE })
  .int(TOTAL_QUESTIONS_MESSAGE)
  .min(1, TOTAL_QUESTIONS_MESSAGE)
  .max(200, TOTAL_QUESTIONS_MESSAGE);

/**
 * What proves an attempt is the player's own, beside the numeric `playerId` anyone can guess: the
 * document the player typed (type and number), or `playerClientId`, the registration's clientId that
 * only the registering device knows. A bare `playerId` is 403 player_proof_invalid online and held
 * for review when synced.
 */
export const playerProofFields = {
  documentTypeId: documentTypeId.optional(),
  documentNumber: documentNumber.optional(),
};
export const PLAYER_REQUIRED_MESSAGE = 'El jugador es requerido';
export const PLAYER_PROOF_MISSING_MESSAGE = 'Se necesita el documento del jugador para iniciar el intento';
export const PLAYER_PROOF_MISMATCH_MESSAGE = 'El documento no corresponde al jugador';
const DOCUMENT_PAIR_MESSAGE = 'El tipo y el número de documento van juntos';

export const createAttemptSchema = z
  .strictObject({
    playerId: z.number().int().positive().optional(),
    playerClientId: clientId.optional(),
    ...playerProofFields,
    questionGroupId: z.number().int().positive(),
    /** The round the server draws (questionsPerRound, capped by the playable questions); another value is 400 round_size_mismatch. */
    totalQuestions: totalQuestionsSchema.optional(),
    clientId: clientId.optional(),
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

export const chosenAnswerSchema = z.strictObject({
  questionId: z.number().int().positive(),
  answerId: z.number().int().positive(),
  elapsedMs: answerElapsedMsSchema.optional(),
});

/**
 * POST /api/player-attempts/{id}/answers: one answer of a round the server dealt, for its verdict.
 * The answer is final: the completion must carry it.
 */
export const answerVerdictRequestSchema = z.strictObject({
  token: z.string().min(1, 'Token requerido').max(200),
  questionId: z.number().int().positive(),
  answerId: z.number().int().positive(),
  elapsedMs: answerElapsedMsSchema.optional(),
});
export type AnswerVerdictRequest = z.infer<typeof answerVerdictRequestSchema>;

/** The server's verdict on one answer (AnswerJudgement), with the answer it judged. */
export interface AnswerVerdict extends AnswerJudgement {
  questionId: number;
  answerId: number;
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

export interface DocumentType {
  id: number;
  name: string;
  code: string;
  /** Digits only (a cédula): its numbers are compared without separators or leading zeros (`normalizeDocumentNumber`). */
  numeric: boolean;
}

/**
 * A known player as the document check tells a phone, or anyone who is not a set-up kiosk of the
 * trivia, after a match of type and number: what the flow needs and nothing that says who the
 * number belongs to. Of the trivia's company: the id (sent with the document when an attempt
 * starts) and the name to confirm, short ("Ana M.": `publicName`'s first-initial style). Of
 * another company: only that (the flow asks for the player's site and name again).
 */
export type CheckedPlayer = { fromOtherCompany: false; id: number; shortName: string } | { fromOtherCompany: true };

/**
 * A known player as the document check tells a set-up kiosk of the trivia (X-Device-Id /
 * X-Device-Secret): the full name (to greet, and to prefill when the player is of another company)
 * and the site when it is this company's, which the kiosk checks offline (`locationId` null and
 * `fromOtherCompany` true otherwise). The document is the caller's own, in canonical form.
 */
export interface KioskCheckedPlayer {
  id: number;
  fullName: string;
  shortName: string;
  documentTypeId: number;
  documentNumber: string;
  locationId: number | null;
  fromOtherCompany: boolean;
}

/** POST /api/players/validate's `player`: a kiosk's form carries `fullName`, anyone else's does not. */
export type ValidatedPlayer = CheckedPlayer | KioskCheckedPlayer;

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
}


/**
 * A name a registration of a known document brought and the server did not apply: the stored
 * name stays until an admin applies the change (GET /api/player-name-changes, POST .../{id}/apply).
 */
export interface PlayerNameChange {
  id: number;
  playerId: number;
  oldFullName: string;
  newFullName: string;
  /** Who sent it: `device <id>` for a synced registration, `address <ip>` online. */
  source: string;
  /** The device it came from, named as everywhere (a kiosk by its name, a phone as "Teléfono …"); null online. */
  device: HeldDevice | null;
  createdAt: string;
  appliedAt: string | null;
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
  /** With the answer key only for a set-up kiosk of this trivia (X-Device-Id / X-Device-Secret). */
  answers: PlayAnswersByQuestion;
  documentTypes: DocumentType[];
  locations: Location[];
  /** The company's current data-treatment text; null when it asks for none (missing from a bundle stored before it existed). */
  consent?: PlayConsent | null;
}
