import type { EntityManager } from 'typeorm';
import { SYNC_MUTATION_KINDS, STORED_MUTATION_STATUSES, type MutationCounts, type SyncMutationKind, type StoredMutationStatus } from '../../contract';

/** Every kind and status at 0. */
export function emptyMutationCounts(): MutationCounts {
  const counts = {} as MutationCounts;
  for (const kind of SYNC_MUTATION_KINDS) counts[kind] = { applied: 0, held: 0, rejected: 0 };
  return counts;
}

const isKind = (value: string): value is SyncMutationKind => (SYNC_MUTATION_KINDS as readonly string[]).includes(value);
const isStatus = (value: string): value is StoredMutationStatus => (STORED_MUTATION_STATUSES as readonly string[]).includes(value);

/**
 * The one count of what devices synced: per device, per kind of mutation, how many stored
 * mutations were applied, held for review or rejected (sync_mutations, one row per mutation a
 * device pushed). Every id asked for is in the answer, at 0 when it stored nothing.
 */
export async function countMutationsByDevice(em: EntityManager, deviceIds: readonly string[]): Promise<Map<string, MutationCounts>> {
  const counts = new Map(deviceIds.map((id) => [id, emptyMutationCounts()]));
  if (deviceIds.length === 0) return counts;
  const rows: { device_id: string; kind: string; status: string; count: number }[] = await em.query(
    `SELECT device_id, kind, status, count(*)::int AS count
       FROM sync_mutations
      WHERE device_id = ANY($1::uuid[])
      GROUP BY device_id, kind, status`,
    [deviceIds],
  );
  for (const row of rows) {
    const device = counts.get(row.device_id);
    if (device && isKind(row.kind) && isStatus(row.status)) device[row.kind][row.status] = row.count;
  }
  return counts;
}
