import type { EntityManager } from 'typeorm';
import { MAX_ID, normalizeDocumentNumber, type SyncRejectionsQuery } from '../../../contract';
import { documentKey, typelessDocumentKey } from '../players/document-key';
import { knownDocumentKind } from '../players/document-number';
import { summarizePayload } from './payload-summary';
import { IN_SCOPE } from '../../platform/access/object-companies';

/** A kept rejection as PostgreSQL returns it. */
export interface RejectionRow {
  device_id: string;
  mutation_id: number;
  kind: string;
  reason: string | null;
  /** Null when the stored payload is too large to be worth reading (only rows of older versions can be). */
  payload: unknown;
  created_at: Date;
}

/** A stored payload larger than this (as JSON text) is listed without its fields; the writer never stores one. */
const LISTED_PAYLOAD_MAX_BYTES = 64 * 1024;

/**
 * What is kept of a rejected mutation's payload: the same summary staff are shown (top-level
 * fields, text cut, lists as their length, nested objects left out, the document number masked).
 * Whatever a device sent, the stored value is small and always displayable, and a refused
 * payload's raw document number is never kept. A resend is still recognised: the mutation's hash
 * is taken from the payload as sent.
 */
export function rejectionRecord(payload: unknown): ReturnType<typeof summarizePayload> {
  return summarizePayload(payload);
}

/** A document type's id as a refused payload may carry it: a whole number, or its digits as text. */
function documentTypeIdOf(value: unknown): number | null {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id >= 1 && id <= MAX_ID ? id : null;
}

/**
 * Who a refused payload names by document, so an erasure finds its record by who the person is
 * rather than by the name's text (which a device may have sent in any case, accents or blanks):
 * the record keeps the number masked. A document of a type that exists is fingerprinted as
 * `documentKey` does, in canonical form (whatever its spelling, the number as text or as a number,
 * the type as a number or its digits). A number whose type cannot be read (none, a code instead
 * of an id, an id no type has: often why it was refused) is fingerprinted by its digits
 * (`typelessDocumentKey`), which an erasure matches with the digits of the person's number. Null
 * when the payload carries no number, or one with nothing left of it.
 */
export async function rejectionDocumentKey(em: EntityManager, secret: string, payload: unknown): Promise<string | null> {
  if (payload === null || typeof payload !== 'object') return null;
  const { documentTypeId: type, documentNumber: number } = payload as Record<string, unknown>;
  const typed = typeof number === 'number' && Number.isFinite(number) ? String(number) : number;
  if (typeof typed !== 'string') return null;
  const documentTypeId = documentTypeIdOf(type);
  const kind = documentTypeId === null ? null : await knownDocumentKind(em, documentTypeId);
  if (documentTypeId === null || kind === null) return typelessDocumentKey(secret, typed);
  const documentNumber = normalizeDocumentNumber(typed, kind);
  return documentNumber === '' ? null : documentKey(secret, { documentTypeId, documentNumber });
}

/**
 * The mutations the server refused (or kept unapplied, by `status`), newest first, one page at a
 * time with the full count: of the devices of `companies` (IN_SCOPE.device; null: every device).
 */
export async function listRejections(em: EntityManager, { limit, offset, status }: SyncRejectionsQuery, companies: number[] | null): Promise<{ total: number; rows: RejectionRow[] }> {
  const ofDevices = `($2::int[] IS NULL OR ${IN_SCOPE.device('device_id', '$2::int[]')})`;
  const [{ total }] = await em.query(`SELECT count(*)::int AS total FROM sync_mutations WHERE status = $1 AND ${ofDevices}`, [status, companies]);
  const rows: RejectionRow[] = await em.query(
    `SELECT device_id, mutation_id, kind, reason,
            CASE WHEN octet_length(payload::text) <= ${LISTED_PAYLOAD_MAX_BYTES} THEN payload END AS payload,
            created_at
       FROM sync_mutations
      WHERE status = $1 AND ${ofDevices}
      ORDER BY created_at DESC, device_id, mutation_id DESC
      LIMIT $3 OFFSET $4`,
    [status, companies, limit, offset],
  );
  return { total, rows };
}
