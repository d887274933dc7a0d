import { z } from 'zod';
import { MAX_ID, paginationQuery } from './common';
import { chosenAnswerSchema, completionTimeSchema, totalQuestionsSchema } from './attempts';
import type { CampaignPlace } from './places';
import type { Scoring } from './points';
import { PLAYER_REQUIRED_MESSAGE, playerProofFields, playerRegistrationSchema } from './players';
import { pollVotesSchema } from './polls';

const clientId = z.uuid();
const isoDate = z.iso.datetime({ offset: true, error: 'Fecha no válida' });
/** Per device, rising by one from 1. */
const mutationId = z.number().int().positive().max(MAX_ID);
const MUTATION_KINDS = ['player', 'attempt', 'completion'] as const;

export const playerMutationSchema = z.strictObject({
  kind: z.literal('player'),
  mutationId,
  /**
   * `keepExisting`: the kiosk names a player it already knew (offline, by document) rather than
   * registering one: an existing player with that document is used as stored (name and site
   * untouched); only when the server has none (a restore lost it) is one created from the payload.
   */
  payload: playerRegistrationSchema.required({ clientId: true }).extend({ keepExisting: z.literal(true).optional() }),
});

export const attemptMutationSchema = z.strictObject({
  kind: z.literal('attempt'),
  mutationId,
  payload: z
    .strictObject({
      clientId,
      playerClientId: clientId.optional(),
      playerId: z.number().int().positive().optional(),
      /** With `playerId`, the player's document (the proof); kiosks before it sent a bare id, which is held for review. */
      ...playerProofFields,
      questionGroupId: z.number().int().positive(),
      totalQuestions: totalQuestionsSchema,
      /** The round the device dealt, in order (devices before recorded rounds sent none). */
      questionIds: z.array(z.number().int().positive().max(MAX_ID)).min(1).max(200).optional(),
      startedAt: isoDate,
      /** "Necesito más tiempo" (contract/question-clock.ts). */
      extraTime: z.boolean().optional(),
      /** The player's votes in the trivia's polls (contract/polls.ts). */
      pollVotes: pollVotesSchema.optional(),
    })
    .refine((v) => v.playerId !== undefined || v.playerClientId !== undefined, PLAYER_REQUIRED_MESSAGE),
});

export const completionMutationSchema = z.strictObject({
  kind: z.literal('completion'),
  mutationId,
  payload: z.strictObject({
    attemptClientId: clientId,
    answers: z.array(chosenAnswerSchema).max(200),
    completionTime: completionTimeSchema,
    completedAt: isoDate,
    /** A round the server dealt: its receipt from the deal reply (CreatedAttempt.receipt). */
    receipt: z.string().min(1).max(4_000).optional(),
  }),
});

export const mutationSchema = z.discriminatedUnion('kind', [
  playerMutationSchema,
  attemptMutationSchema,
  completionMutationSchema,
]);
export type Mutation = z.infer<typeof mutationSchema>;

/**
 * The push as the server first reads it: only its structure. A mutation whose payload breaks
 * `mutationSchema` is not a malformed push: it is settled `rejected` with the schema's message, so
 * one bad record never blocks the mutations queued behind it.
 */
export const syncRequestSchema = z.strictObject({
  /** The device's clock when it sent the push: the server moves the device's times by the difference with its own. */
  sentAt: isoDate.optional(),
  /**
   * More of the device's outbox waits behind this push: the next push continues the same upload,
   * and its rounds are placed after the same last contact as this one's (absent: nothing waits).
   */
  more: z.boolean().optional(),
  mutations: z
    .array(z.strictObject({ mutationId, kind: z.enum(MUTATION_KINDS), payload: z.unknown() }))
    .min(1)
    .max(100),
});
export type PushedMutation = z.infer<typeof syncRequestSchema>['mutations'][number];
/** What a device sends: every mutation well formed. */
export interface SyncRequest {
  sentAt?: string;
  more?: boolean;
  mutations: Mutation[];
}

/**
 * The status of a mutation the server keeps without applying it, for staff to see: its trivia was
 * deleted while the device was offline (TRIVIA_DELETED_REASON in the device's receipt). The word on
 * the wire, in sync_mutations and in `GET /api/sync/rejections?status=` is `held`, kept because the
 * kiosks already deployed read it; it is not an attempt's review state `held` (a stored result
 * waiting for an organiser, which a completion's result reports as `result.held`). Code names it
 * "kept unapplied".
 */
export const KEPT_UNAPPLIED = 'held';

/**
 * One mutation's outcome. A resend of a settled mutation (its id at or below the device's counter,
 * same payload) gets its first outcome again: `duplicate` with the id when it was applied,
 * `rejected` or kept unapplied with the same reason otherwise.
 */
export interface SyncResult {
  mutationId: number;
  /**
   * KEPT_UNAPPLIED: the server keeps the mutation without applying it. Like `applied` and
   * `duplicate` it is settled: the device drops it; only `rejected` is a refusal the device keeps
   * and shows.
   */
  status: 'applied' | 'duplicate' | 'rejected' | typeof KEPT_UNAPPLIED;
  reason?: string;
  id?: number;
  /** A completion's result as the server scored and timed it (the phone shows it when it had no verdicts). */
  result?: ServerResult;
}

/** A completed attempt as the server stored it; `held` when it does not rank (waiting for an organiser's review, or discarded). */
export interface ServerResult {
  /** In the trivia's unit: `scoring` names it when the server scored the round just now (a device's copy of the trivia may be older). */
  score: number;
  scoring?: Scoring;
  correctAnswers: number;
  totalQuestions: number;
  completionTime: number;
  held: boolean;
  /** Why it is held (a REVIEW_REASONS code), when it waits for review; the result screen names it. */
  reviewReason?: string;
  /**
   * The player's place in the trivia's ranking (every site, as the public ranking orders it) once
   * this result is stored: their best counted result's. Absent when the result is held.
   */
  place?: number;
  /**
   * The player's place in each campaign this result counts in (it holds the trivia and its period
   * the completion's instant), by campaign id; absent when the result is held or counts in none.
   */
  campaigns?: CampaignPlace[];
}


export interface SyncReply {
  results: SyncResult[];
  lastMutationId: number;
}

export interface DeviceRegistration {
  deviceId: string;
  secret: string;
  /** The kiosk this browser was set up as, when it registered anew: it lost its data and must be set up again. */
  lostKiosk?: { name: string };
}

/**
 * GET /api/sync/rejections (admin): newest first, `limit`/`offset`, the full count in
 * X-Total-Count; `status=held` (KEPT_UNAPPLIED) lists the mutations kept unapplied instead of the refused ones.
 */
export const syncRejectionsQuery = paginationQuery.extend({ status: z.enum(['rejected', KEPT_UNAPPLIED]).default('rejected') });
export type SyncRejectionsQuery = z.infer<typeof syncRejectionsQuery>;

/** A mutation the server refused, kept for staff. */
export interface SyncRejection {
  deviceId: string;
  mutationId: number;
  kind: string;
  reason: string;
  createdAt: string;
  /**
   * The payload's top-level fields: text cut to 200 characters, a list as its length, a nested
   * object left out, and the document number masked but for its last 3 characters.
   */
  payload: Record<string, string | number | boolean | null>;
}
