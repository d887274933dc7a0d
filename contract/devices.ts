import { z } from 'zod';

/** The kinds of write a device syncs, and what the server made of each stored one. */
export const SYNC_MUTATION_KINDS = ['player', 'attempt', 'completion'] as const;
export type SyncMutationKind = (typeof SYNC_MUTATION_KINDS)[number];
export const STORED_MUTATION_STATUSES = ['applied', 'held', 'rejected'] as const;
export type StoredMutationStatus = (typeof STORED_MUTATION_STATUSES)[number];

const statusCounts = z.strictObject({
  applied: z.number().int().nonnegative(),
  held: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
});
export type MutationStatusCounts = z.infer<typeof statusCounts>;

/** Per kind of mutation, how many of a device's stored mutations were applied, held for review or rejected. */
export const mutationCountsSchema = z.strictObject({
  player: statusCounts,
  attempt: statusCounts,
  completion: statusCounts,
});
export type MutationCounts = z.infer<typeof mutationCountsSchema>;

/**
 * GET /api/devices/me/receipt (a registered device: X-Device-Id / X-Device-Secret): what the
 * server stored from this device, for the staff panel's sync receipt.
 */
export const deviceReceiptSchema = z.strictObject({
  deviceId: z.uuid(),
  counts: mutationCountsSchema,
  /** The highest mutation id the server settled for this device (0 before the first). */
  lastMutationId: z.number().int().nonnegative(),
  /** When the device last pushed a mutation the server settled; null before that. */
  lastSeenAt: z.iso.datetime({ offset: true }).nullable(),
});
export type DeviceReceipt = z.infer<typeof deviceReceiptSchema>;
