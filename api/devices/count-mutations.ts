import type { EntityManager } from 'typeorm';
import { DEVICE_MUTATION_KINDS, type DeviceMutationKind, type MutationStatusCounts } from '../../contract';

export interface DeviceMutationCounts {
  byKind: Record<DeviceMutationKind, MutationStatusCounts>;
}

const zero = (): MutationStatusCounts => ({ applied: 0, held: 0, rejected: 0 });
const emptyCounts = (): DeviceMutationCounts => ({
  byKind: Object.fromEntries(DEVICE_MUTATION_KINDS.map((kind) => [kind, zero()])) as Record<DeviceMutationKind, MutationStatusCounts>,
});

const isKind = (kind: string): kind is DeviceMutationKind => (DEVICE_MUTATION_KINDS as readonly string[]).includes(kind);
const isStatus = (status: string): status is keyof MutationStatusCounts => status === 'applied' || status === 'held' || status === 'rejected';

/**
 * The mutations each device pushed that the server stored, per kind and outcome (one row per
 * mutation id, so a resend is never counted twice). Every id asked for is in the map, with zeros
 * when it pushed nothing.
 */
export async function countMutationsByDevice(manager: EntityManager, deviceIds: string[]): Promise<Map<string, DeviceMutationCounts>> {
  const counts = new Map(deviceIds.map((id) => [id, emptyCounts()]));
  if (deviceIds.length === 0) return counts;
  const rows: { device_id: string; kind: string; status: string; n: number }[] = await manager.query(
    `SELECT device_id, kind, status, count(*)::int AS n FROM sync_mutations WHERE device_id = ANY($1::uuid[]) GROUP BY device_id, kind, status`,
    [deviceIds],
  );
  for (const row of rows) {
    const device = counts.get(row.device_id);
    if (device && isKind(row.kind) && isStatus(row.status)) device.byKind[row.kind][row.status] = row.n;
  }
  return counts;
}
