import { z } from 'zod';
import { idParam, MAX_ID } from './common';
import { REVIEW_REASONS, type ReviewReason } from './review-reasons';

/**
 * Results held for review, as the organiser handles them ("Resultados en revisión"): where a held
 * result was played, the list's filter, pages and counts, and the decisions on one or many
 * (docs/fair-play.md). The reasons themselves, their labels and what to do with each, are in
 * review-reasons.ts.
 */

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

/**
 * GET /api/player-attempts/held/trivias (admin): every trivia with completed results held for
 * review, with its company and how many wait, most first. What the trivia cards, the dashboard and
 * a signed-in admin's public ranking read to say "N en revisión" and lead to them.
 */
export interface HeldTrivia {
  questionGroupId: number;
  name: string;
  company: { id: number; name: string };
  count: number;
}
