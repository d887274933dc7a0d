import type { EntityManager } from 'typeorm';
import type { SyncRejectionsQuery } from '../../contract';

/** A kept rejection as PostgreSQL returns it. */
export interface RejectionRow {
  device_id: string;
  mutation_id: number;
  kind: string;
  reason: string | null;
  payload: unknown;
  created_at: Date;
}

/** The mutations the server refused, newest first, one page at a time with the full count. */
export async function listRejections(em: EntityManager, { limit, offset }: SyncRejectionsQuery): Promise<{ total: number; rows: RejectionRow[] }> {
  const [{ total }] = await em.query(`SELECT count(*)::int AS total FROM sync_mutations WHERE status = 'rejected'`);
  const rows: RejectionRow[] = await em.query(
    `SELECT device_id, mutation_id, kind, reason, payload, created_at
       FROM sync_mutations
      WHERE status = 'rejected'
      ORDER BY created_at DESC, device_id, mutation_id DESC
      LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  return { total, rows };
}
