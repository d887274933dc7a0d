import type { EntityManager } from 'typeorm';
import type { DeviceReceipt } from '../../../contract';
import { countMutationsByDevice, emptyMutationCounts } from './mutation-counts';

/**
 * Where the writes of one (authenticated) device stand on the server: its counts by kind and
 * outcome (confirmed, in review, discarded, rejected), its results in review by reason, its
 * counter, when it was last seen.
 */
export async function deviceReceipt(em: EntityManager, deviceId: string): Promise<DeviceReceipt> {
  const [device]: { last_mutation_id: number; last_seen_at: Date | null }[] = await em.query(
    `SELECT last_mutation_id, last_seen_at FROM devices WHERE id = $1`,
    [deviceId],
  );
  const { counts, inReview } = (await countMutationsByDevice(em, [deviceId])).get(deviceId) ?? { counts: emptyMutationCounts(), inReview: [] };
  return {
    deviceId,
    counts,
    inReview,
    lastMutationId: device?.last_mutation_id ?? 0,
    lastSeenAt: device?.last_seen_at ? new Date(device.last_seen_at).toISOString() : null,
  };
}
