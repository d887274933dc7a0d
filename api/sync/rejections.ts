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

/** The mutations the server refused (or held, by `status`), newest first, one page at a time with the full count. */
export async function listRejections(em: EntityManager, { limit, offset, status }: SyncRejectionsQuery): Promise<{ total: number; rows: RejectionRow[] }> {
  const [{ total }] = await em.query(`SELECT count(*)::int AS total FROM sync_mutations WHERE status = $1`, [status]);
  const rows: RejectionRow[] = await em.query(
    `SELECT device_id, mutation_id, kind, reason, payload, created_at
       FROM sync_mutations
      WHERE status = $3
      ORDER BY created_at DESC, device_id, mutation_id DESC
      LIMIT $1 OFFSET $2`,
    [limit, offset, status],
  );
  return { total, rows };
}
