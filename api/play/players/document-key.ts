import { createHmac } from 'node:crypto';
import { normalizeDocumentNumber } from '../../../contract';

/**
 * A document (type and canonical number, `canonicalDocument`) as a keyed fingerprint: an HMAC with
 * the server secret. What is stored by it (the per-document lookup counters, a refused sync
 * mutation's link to its person) names the document without holding its number, and nobody
 * without the secret can go from one to the other.
 */
export function documentKey(secret: string, document: { documentTypeId: number; documentNumber: string }): string {
  return createHmac('sha256', secret).update(`document:${document.documentTypeId}:${document.documentNumber}`).digest('base64url');
}

/**
 * A number whose type cannot be read (none was sent, a code instead of an id, an id no type has)
 * as a keyed fingerprint of its digits, read as a cédula's under the identity rule (separators,
 * letters and leading zeros left out): `0102-4477501` and `1.024.477.501` give one key, and so does
 * the canonical number of any person whose number has those digits. Null when no digit is left.
 * Kept apart from `documentKey` (another prefix): it never matches a typed document's key.
 */
export function typelessDocumentKey(secret: string, documentNumber: string): string | null {
  const digits = normalizeDocumentNumber(documentNumber, { numeric: true });
  return digits === '' ? null : createHmac('sha256', secret).update(`document-any-type:${digits}`).digest('base64url');
}
