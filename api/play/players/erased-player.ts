import type { EntityManager } from 'typeorm';
import { attemptMutationSchema, completionMutationSchema, normalizeDocumentNumber, playerMutationSchema, type DocumentKind } from '../../../contract';
import { documentKey, typelessDocumentKey } from './document-key';
import { documentKindOf } from './document-number';

/** The fields of a mutation's payload that name its person. */
const PERSONAL_FIELDS = new Set(['fullName', 'documentNumber']);

/**
 * What an erased player's mutations keep: the fields the mutation schemas define but the name and
 * the document number (ids, times, answers, the consent version: replays and the held records still
 * read them). A refused payload may carry any other field (a newer kiosk's e-mail or phone): it goes.
 */
const IMPERSONAL_FIELDS = [playerMutationSchema, attemptMutationSchema, completionMutationSchema]
  .flatMap((schema) => Object.keys(schema.shape.payload.shape))
  .filter((field) => !PERSONAL_FIELDS.has(field));

interface LoggedDocument {
  device_id: string;
  mutation_id: number;
  status: string;
  document_key: string | null;
  /** The payload's documentTypeId as text (null when absent). */
  document_type: string | null;
  /** The payload's documentNumber when it is text: as sent, or masked in a refused record. */
  document_number: string | null;
}

/**
 * Whether a refused record kept before refusals were fingerprinted (no `document_key`) may be the
 * person's: its number is masked but for its last 3 characters as typed, so it may be theirs when
 * it was at least as long as the canonical number and those characters, under the identity rule,
 * end it. This matches some strangers' records too; they lose their name, which beats keeping the
 * person's.
 */
function maskedMayName(masked: string, canonical: string, kind: DocumentKind): boolean {
  return masked.length >= canonical.length && canonical.endsWith(normalizeDocumentNumber(masked.replace(/^\*+/, ''), kind));
}

/**
 * Removes an erased player from the sync log, finding their records by who they are, never by the
 * name's text (a device may have sent it in any case, accents or blanks): the registrations applied
 * to the player's id; every payload naming the player's document in any spelling (compared under
 * the identity rule, `normalizeDocumentNumber`); the refused records fingerprinted with the
 * document, or with the digits of its number when their type could not be read
 * (`rejectionDocumentKey`); and the older refused records, kept before fingerprints, whose masked
 * number may be it (of the player's type, or of a type that could not be read). Each keeps only its
 * IMPERSONAL_FIELDS and loses its fingerprint. A step of the erasure's transaction.
 */
export async function eraseFromSyncLog(em: EntityManager, secret: string, player: { id: number; documentTypeId: number; documentNumber: string }): Promise<void> {
  const kind = await documentKindOf(em, player.documentTypeId);
  const canonical = normalizeDocumentNumber(player.documentNumber, kind);
  const keys = [documentKey(secret, { documentTypeId: player.documentTypeId, documentNumber: canonical }), typelessDocumentKey(secret, canonical)].filter(
    (key): key is string => key !== null,
  );
  const types: { id: number }[] = await em.query(`SELECT id FROM document_types`);
  const readableTypes = new Set(types.map((type) => String(type.id)));
  const logged: LoggedDocument[] = await em.query(
    `SELECT device_id, mutation_id, status, document_key, payload->>'documentTypeId' AS document_type, payload->>'documentNumber' AS document_number
       FROM sync_mutations
      WHERE document_key = ANY($1::varchar[])
         OR (jsonb_typeof(payload->'documentNumber') = 'string' AND (payload->>'documentTypeId' = $2::text OR (status = 'rejected' AND document_key IS NULL)))`,
    [keys, String(player.documentTypeId)],
  );
  const naming = logged.filter((row) => {
    if (row.document_key !== null) return keys.includes(row.document_key);
    if (row.document_number === null) return false;
    const ownType = row.document_type === String(player.documentTypeId);
    if (row.status === 'rejected') return (ownType || !readableTypes.has(row.document_type ?? '')) && maskedMayName(row.document_number, canonical, kind);
    return ownType && normalizeDocumentNumber(row.document_number, kind) === canonical;
  });
  await em.query(
    `UPDATE sync_mutations
        SET payload = CASE WHEN jsonb_typeof(payload) = 'object'
                           THEN (SELECT coalesce(jsonb_object_agg(field, value), '{}'::jsonb) FROM jsonb_each(payload) AS kept(field, value) WHERE field = ANY($2::text[]))
                           ELSE payload END,
            document_key = NULL
      WHERE (kind = 'player' AND result_id = $1 AND status <> 'rejected')
         OR (device_id, mutation_id) IN (SELECT * FROM unnest($3::uuid[], $4::int[]))`,
    [player.id, IMPERSONAL_FIELDS, naming.map((row) => row.device_id), naming.map((row) => row.mutation_id)],
  );
}
