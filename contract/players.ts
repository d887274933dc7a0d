import { z } from 'zod';
import { idParam, MAX_ID } from './common';
import { consentFields, type PlayConsent } from './consent';
import type { Location } from './companies';
import { REVIEW_REASONS, type ReviewReason } from './review-reasons';
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
import { MAX_COMPLETION_SECONDS, type AnswerJudgement } from './play-rules';

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
  /** The round the server dealt: its questions in order and each question's answers in order (absent for rounds recorded before). */
  round?: { questionIds: number[]; answerOrder: Record<string, number[]> };
}


/**
 * What an organiser does with a held result of each reason: one or two sentences shown beside the
 * reason on "Resultados en revisión" (and above the list when it is filtered by that reason).
 */
export const REVIEW_REASON_HELP: Record<ReviewReason, string> = {
  over_limit:
    'El jugador ya había usado todos sus intentos cuando llegó este resultado (por ejemplo, jugó en dos kioscos sin conexión). Apruébalo solo si ese intento extra estaba permitido; si no, descártalo.',
  round_mismatch:
    'La ronda tuvo otro número de preguntas que el configurado, casi siempre un kiosco con la trivia desactualizada. Apruébalo si cambiaste la trivia hace poco; descártalo si la ronda parece recortada a propósito.',
  implausible_time:
    'Nadie lee y responde la ronda tan rápido, o el tiempo no cuadra con sus horas de inicio y fin. Descártalo salvo que el personal del stand confirme que la partida fue real.',
  unproven_player:
    'Llegó de un kiosco con una versión anterior de la app, sin el documento que prueba quién jugó. Apruébalo si el personal confirma que ese jugador estuvo en el stand, y actualiza el kiosco.',
  unanchored_time:
    'El dispositivo estuvo sin conexión más tiempo del permitido o su hora no coincide: confirma con el personal del stand que la ronda se jugó allí y ese día, y apruébalo; si nadie puede confirmarlo, descártalo.',
  overlapping_round:
    'El mismo dispositivo registró esta ronda mientras otra seguía en juego, algo imposible en una sola pantalla. Compárala con la otra ronda del dispositivo: aprueba la que el personal confirme y descarta la otra.',
  too_many_players:
    'Un mismo teléfono envió resultados de demasiados jugadores distintos, como si alguien jugara por otros. Apruébalos solo si ese teléfono se usó como kiosco del stand; si no, descártalos.',
  address_limit:
    'Llegaron desde una misma red más jugadores nuevos en una hora de los que admite un stand, como haría un programa que inventa jugadores. Si la red de la sede explica la afluencia, apruébalos; para no depender de ella, configura las tabletas del stand como kioscos.',
};

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

/**
 * Where a held result was played: a set-up kiosk (by its name), another device, which is a phone
 * ("Teléfono" and the start of its id), or no device at all (played online: `null`, "En línea").
 */
export interface HeldDevice {
  id: string;
  kind: 'kiosk' | 'phone';
  name: string;
}
/** The device filter's value for results played online (no device). */
export const HELD_DEVICE_ONLINE = 'online';
export const HELD_ONLINE_LABEL = 'En línea';
/** The one rule of a device's name on the admin screens (held results, name changes): never its bare id. */
export function heldDevice(id: string, kioskName: string | null): HeldDevice {
  return kioskName ? { id, kind: 'kiosk', name: kioskName } : { id, kind: 'phone', name: `Teléfono ${id.slice(0, 6).toUpperCase()}` };
}
export const heldDeviceLabel = (device: HeldDevice | null): string => device?.name ?? HELD_ONLINE_LABEL;

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
/** Which held results: by reason, by device (its id, or `online`); both optional. */
const heldFilterFields = {
  reason: z.preprocess(blankToUndefined, z.enum(REVIEW_REASONS, { error: 'Motivo de revisión no válido' }).optional()),
  device: z.preprocess(
    blankToUndefined,
    z
      .union([z.literal(HELD_DEVICE_ONLINE), z.uuid()], { error: `El dispositivo debe ser un identificador o "${HELD_DEVICE_ONLINE}"` })
      .transform((v) => v.toLowerCase())
      .optional(),
  ),
};
export const heldFilterSchema = z.strictObject(heldFilterFields);
export type HeldFilter = z.infer<typeof heldFilterSchema>;

/** Held results per page of GET /api/player-attempts/held: the default and the most. */
export const HELD_PAGE_SIZE = 50;
export const HELD_PAGE_MAX = 200;

/**
 * GET /api/player-attempts/held (admin): the held, completed attempts of one trivia matching the
 * filter, oldest first, `limit` at a time after the id `after` (keyset: deciding rows never shifts
 * the next page); the whole matching count in X-Total-Count.
 */
export const heldAttemptsQuery = z.object({
  questionGroupId: idParam,
  ...heldFilterFields,
  after: z.coerce.number().int().min(0).max(MAX_ID).default(0),
  limit: z.coerce.number().int().min(1).max(HELD_PAGE_MAX).default(HELD_PAGE_SIZE),
});
export type HeldAttemptsQuery = z.infer<typeof heldAttemptsQuery>;

export interface HeldAttempt {
  id: number;
  playerId: number;
  firstName: string;
  lastName: string;
  location: { name: string } | null;
  /** Null: played online, with no device. */
  device: HeldDevice | null;
  score: number;
  correctAnswers: number;
  totalQuestions: number;
  completionTime: number | null;
  startedAt: string;
  completedAt: string | null;
  reason: ReviewReason;
}

/** GET /api/player-attempts/held/summary (admin): the counts behind the filter's options. */
export const heldSummaryQuery = z.object({ questionGroupId: idParam, ...heldFilterFields });
export type HeldSummaryQuery = z.infer<typeof heldSummaryQuery>;

/** The most devices the summary lists (those with the most held results first). */
export const HELD_SUMMARY_DEVICES_MAX = 200;

export interface HeldSummary {
  /** Held results of the trivia, whatever the filter. */
  all: number;
  /** Held results matching the whole filter. */
  total: number;
  /** The newest of them (a bulk decision "of all that match" goes up to it), null when none. */
  lastId: number | null;
  /** Per reason, among the results of the filter's device (every reason, zeros included, in REVIEW_REASONS order). */
  reasons: { reason: ReviewReason; count: number }[];
  /** Per device, among the results of the filter's reason, most first (null: online). */
  devices: { device: HeldDevice | null; count: number }[];
}

/** The most held results one bulk decision takes. */
export const HELD_BATCH_MAX = 1000;
export const HELD_BATCH_MAX_MESSAGE = `Se pueden decidir como máximo ${HELD_BATCH_MAX} resultados por vez`;

/**
 * POST /api/player-attempts/held/release or /discard (admin): one decision on several held results
 * of a trivia, by `ids` (at most HELD_BATCH_MAX, else 400) or by `filter` ("all that match", the
 * oldest HELD_BATCH_MAX of them up to `throughId` when given, so results that arrived after the
 * organiser looked are not decided unseen).
 */
export const heldBatchSchema = z
  .strictObject({
    questionGroupId: z.number().int().positive().max(MAX_ID),
    ids: z.array(z.number().int().positive().max(MAX_ID)).min(1, 'Elige al menos un resultado').max(HELD_BATCH_MAX, HELD_BATCH_MAX_MESSAGE).optional(),
    filter: heldFilterSchema.optional(),
    throughId: z.number().int().positive().max(MAX_ID).optional(),
  })
  .refine((v) => (v.ids === undefined) !== (v.filter === undefined), {
    message: 'Indica los resultados (ids) o un filtro, no ambos',
    path: ['ids'],
  })
  .refine((v) => v.throughId === undefined || v.filter !== undefined, {
    message: 'throughId solo acompaña a un filtro',
    path: ['throughId'],
  });
export type HeldBatchInput = z.input<typeof heldBatchSchema>;

/** Why a result named in a bulk decision was left as it was. */
export type HeldBatchSkip = 'released' | 'discarded' | 'not_held' | 'not_found';

export interface HeldBatchDecision {
  decision: 'released' | 'discarded';
  /** The results this request decided, oldest first. */
  ids: number[];
  /** Named by id and left alone: already decided (final), never held or unfinished, or not a result of this trivia. */
  skipped: { id: number; status: HeldBatchSkip }[];
  /** Held results of the trivia still matching the filter (without one, still held at all). */
  remaining: number;
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
  /** With the answer key only for a set-up kiosk of this trivia (X-Device-Id / X-Device-Secret). */
  answers: PlayAnswersByQuestion;
  documentTypes: DocumentType[];
  locations: Location[];
  /** The company's current data-treatment text; null when it asks for none (missing from a bundle stored before it existed). */
  consent?: PlayConsent | null;
}
