import { createHmac } from 'node:crypto';

/**
 * A document (type and canonical number, `canonicalDocument`) as a keyed fingerprint: an HMAC with
 * the server secret. What is stored by it (the per-document lookup counters, a refused sync
 * mutation's link to its person) names the document without holding its number, and nobody
 * without the secret can go from one to the other.
 */
export function documentKey(secret: string, document: { documentTypeId: number; documentNumber: string }): string {
  return createHmac('sha256', secret).update(`document:${document.documentTypeId}:${document.documentNumber}`).digest('base64url');
}
