import type { EntityManager } from 'typeorm';
import type { DeviceReceipt } from '../../contract';
import { countMutationsByDevice, emptyMutationCounts } from './mutation-counts';

/** What the server stored from one (authenticated) device: its counts by kind and status, its counter, when it was last seen. */
export async function deviceReceipt(em: EntityManager, deviceId: string): Promise<DeviceReceipt> {
  const [device]: { last_mutation_id: number; last_seen_at: Date | null }[] = await em.query(
    `SELECT last_mutation_id, last_seen_at FROM devices WHERE id = $1`,
    [deviceId],
  );
  const counts = (await countMutationsByDevice(em, [deviceId])).get(deviceId) ?? emptyMutationCounts();
  return {
    deviceId,
    counts,
    lastMutationId: device?.last_mutation_id ?? 0,
    lastSeenAt: device?.last_seen_at ? new Date(device.last_seen_at).toISOString() : null,
  };
}
