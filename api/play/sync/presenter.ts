import type { SyncRejection } from '../../../contract';
import { summarizePayload } from './payload-summary';
import type { RejectionRow } from './rejections';

/** A kept rejection as staff are shown it: every field a valid value, whatever the row holds. */
export function presentRejection(row: RejectionRow): SyncRejection {
  const createdAt = row.created_at instanceof Date ? row.created_at : new Date(row.created_at);
  return {
    deviceId: String(row.device_id),
    mutationId: Number(row.mutation_id),
    kind: String(row.kind),
    reason: typeof row.reason === 'string' ? row.reason : '',
    createdAt: Number.isNaN(createdAt.getTime()) ? new Date(0).toISOString() : createdAt.toISOString(),
    payload: summarizePayload(row.payload),
  } satisfies SyncRejection;
}
