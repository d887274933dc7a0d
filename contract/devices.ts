import { z } from 'zod';
import { optionalIdQuery } from './common';

/** The kinds of write a device syncs (in the order staff see them). */
export const SYNC_MUTATION_KINDS = ['player', 'attempt', 'completion'] as const;
export type SyncMutationKind = (typeof SYNC_MUTATION_KINDS)[number];

/**
 * Where a write a device sent stands now (api/results/kiosk-board/mutation-counts.ts decides): `confirmed`
 * (stored and counting: applied, or held and then approved), `inReview` (stored, waiting for an
 * organiser), `discarded` (stored, an organiser discarded it) or `rejected` (refused by the
 * server, kept on the device). With what still waits on the device, they add up to what it recorded.
 */
export const RECEIPT_OUTCOMES = ['confirmed', 'inReview', 'discarded', 'rejected'] as const;
export type ReceiptOutcome = (typeof RECEIPT_OUTCOMES)[number];

const outcomeCounts = z.strictObject({
  confirmed: z.number().int().nonnegative(),
  inReview: z.number().int().nonnegative(),
  discarded: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
});
export type OutcomeCounts = z.infer<typeof outcomeCounts>;

/** Per kind of write, how many of a device's writes stand at each outcome. */
export const mutationCountsSchema = z.strictObject({
  player: outcomeCounts,
  attempt: outcomeCounts,
  completion: outcomeCounts,
});
export type MutationCounts = z.infer<typeof mutationCountsSchema>;

/** A held result's reason as the receipt counts it: a REVIEW_REASONS code, or `trivia_deleted` (its trivia was deleted while the device was offline). */
const reviewReasonCount = z.strictObject({ reason: z.string(), count: z.number().int().positive() });
export type ReviewReasonCount = z.infer<typeof reviewReasonCount>;

/**
 * GET /api/devices/me/receipt (a registered device: X-Device-Id / X-Device-Secret): what the
 * server stored from this device, for the staff panel's sync receipt.
 */
export const deviceReceiptSchema = z.strictObject({
  deviceId: z.uuid(),
  counts: mutationCountsSchema,
  /** The device's results (completions) in review, per reason, most first. */
  inReview: z.array(reviewReasonCount),
  /** The highest mutation id the server settled for this device (0 before the first). */
  lastMutationId: z.number().int().nonnegative(),
  /** When the device last pushed a mutation the server settled; null before that. */
  lastSeenAt: z.iso.datetime({ offset: true }).nullable(),
});
export type DeviceReceipt = z.infer<typeof deviceReceiptSchema>;

/**
 * POST /api/devices/me/heartbeat: a device with nothing to send says it is still there.
 * `acknowledged`: the highest mutation id the server once answered this device. Above the server's
 * counter the server was restored and lacks writes the device will send again: it is not drained,
 * and fair play's anchor stays where it was.
 */
export const deviceHeartbeatSchema = z.strictObject({
  acknowledged: z.number().int().nonnegative().max(2_147_483_647).optional(),
});
export type DeviceHeartbeat = z.infer<typeof deviceHeartbeatSchema>;

/**
 * POST /api/devices: a new device, with the `contactTicket` an earlier registration refused for a
 * busy address returned (429), so the device's rounds are anchored to when it first asked.
 */
export const deviceRegistrationSchema = z.strictObject({ contactTicket: z.string().max(200).optional() });
export interface DeviceHeartbeatReply {
  lastSeenAt: string;
  /** The highest mutation id the server settled for this device: below what it once acknowledged, it was restored and the device refills it. */
  lastMutationId: number;
  /** OFFLINE_WINDOW_HOURS: past this long without contact, the kiosk's results are held for review. */
  offlineWindowHours: number;
  /** DEVICE_KEEP_CONFIRMED_HOURS: how long the device keeps what the server confirmed before pruning it. */
  keepConfirmedHours: number;
}

/** A kiosk not seen for longer than this while it is in service is shown as offline. */
export const KIOSK_OFFLINE_AFTER_MS = 60 * 60 * 1000;

/** The most kiosks one page of GET /api/devices lists. */
export const DEVICE_LIST_MAX = 200;
/** The most refused mutations listed per kiosk (newest first); the count covers them all. */
export const DEVICE_REJECTIONS_LISTED = 20;

/**
 * GET /api/devices (admin): the kiosks (devices set up through a setup link), those needing
 * attention first, `limit`/`offset` over them; `companyId` keeps the kiosks of that company's trivias.
 */
export const deviceListQuery = z.object({
  companyId: optionalIdQuery,
  limit: z.coerce.number().int().min(1).max(DEVICE_LIST_MAX).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type DeviceListQuery = z.infer<typeof deviceListQuery>;

const isoDate = z.iso.datetime({ offset: true });

/** A mutation the server refused, as the rejections list shows it (payload summarised, document masked). */
const refusedMutation = z.object({
  mutationId: z.number().int(),
  kind: z.string(),
  reason: z.string(),
  createdAt: isoDate,
  payload: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});

export const kioskSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The trivia it was set up for; null once that trivia was deleted. */
  trivia: z.object({ id: z.number().int(), name: z.string(), companyId: z.number().int(), companyName: z.string() }).nullable(),
  setupAt: isoDate,
  /** When it last pushed a new mutation; null when it never did. */
  lastSeenAt: isoDate.nullable(),
  /** When its newest stored mutation was received. */
  lastSyncAt: isoDate.nullable(),
  /** Writes received, per kind and outcome; `total` sums the kinds; `inReview` its results in review per reason. */
  mutations: z.object({ byKind: mutationCountsSchema, total: outcomeCounts, inReview: z.array(reviewReasonCount) }),
  /** The newest refused mutations (at most DEVICE_REJECTIONS_LISTED). */
  rejections: z.array(refusedMutation),
  /**
   * `inService`: its trivia's campaign runs today (or, for a trivia in no campaign, it is today
   * since its setup). `offline`: in service and silent for over an hour of it; `silentSince` is
   * its last sign (last seen, else its setup).
   */
  attention: z.object({ inService: z.boolean(), offline: z.boolean(), silentSince: isoDate }),
  /** When its browser came back without its data (registered anew, still marked as this kiosk); null otherwise. */
  dataLostAt: isoDate.nullable(),
});
export type KioskSummary = z.infer<typeof kioskSummarySchema>;

export const deviceListSchema = z.object({
  kiosks: z.array(kioskSummarySchema),
  /** Kiosks matching the filter, over every page. */
  total: z.number().int().min(0),
  /** Devices never set up as a kiosk (phones and unconfigured browsers), counted, not listed. */
  phones: z.object({ count: z.number().int().min(0), lastSeenAt: isoDate.nullable() }),
  /** The server's time of the reply: how long a kiosk has been silent is measured from it. */
  checkedAt: isoDate,
});
export type DeviceList = z.infer<typeof deviceListSchema>;
