import { maskDocumentNumber, type SyncRejection } from '../../contract';
import type { RejectionRow } from './rejections';

const MAX_TEXT = 200;


function summaryValue(value: unknown): string | number | boolean | null | undefined {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.slice(0, MAX_TEXT);
  if (Array.isArray(value)) return value.length;
  return undefined;
}

/** The payload's top-level fields, never the raw document number (SyncRejection's payload rules). */
export function summarizePayload(payload: unknown): SyncRejection['payload'] {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return {};
  const summary: SyncRejection['payload'] = {};
  for (const [key, value] of Object.entries(payload)) {
    const shown = key === 'documentNumber' && value !== null && value !== undefined ? maskDocumentNumber(String(value)) : summaryValue(value);
    if (shown !== undefined) summary[key] = shown;
  }
  return summary;
}

export function presentRejection(row: RejectionRow): SyncRejection {
  return {
    deviceId: row.device_id,
    mutationId: row.mutation_id,
    kind: row.kind,
    reason: row.reason ?? '',
    createdAt: row.created_at.toISOString(),
    payload: summarizePayload(row.payload),
  } satisfies SyncRejection;
}
