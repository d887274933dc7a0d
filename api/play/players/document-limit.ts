import { AppError } from '../../platform/http/errors';
import type { RateLimiter } from '../../platform/http/rate-limit';
import { documentKey } from './document-key';

export const DOCUMENT_RATE_LIMITED = 'Demasiadas consultas de este documento. Intenta de nuevo más tarde.';
export const DOCUMENTS_RATE_LIMITED = 'Demasiadas consultas de documentos desde esta red. Intenta de nuevo más tarde.';

/** Who spends the lookups: a set-up kiosk of the trivia by its device, anyone else by the client address. */
export type LookupClient = { kind: 'address'; address: string } | { kind: 'kiosk'; deviceId: string };

const clientKey = (client: LookupClient) => (client.kind === 'kiosk' ? `kiosk:${client.deviceId}` : `address:${client.address}`);

/**
 * Spends one of a client's lookups of a document (document checks and registrations), keyed so
 * one client cannot use up a document for everyone else (docs/security.md, "The document check"):
 * - per document and client (`limiters.playerDocument`): the same number checked too often from
 *   one address, or by one kiosk, is refused there only (429 `document_rate_limited`);
 * - per client, distinct documents (`limiters.playerDocuments`): the first lookup of a document by
 *   a client in its window spends one point of the client's ceiling, a repeated one nothing, so a
 *   bot cannot walk through numbers while a player who checks again is never refused for it
 *   (429 `document_checks_rate_limited`).
 * The document's part of a key is its keyed fingerprint (`documentKey`), so the counters table
 * holds no document numbers; the document comes in canonical form (`canonicalDocument`), so every
 * spelling of one number spends the same counters.
 */
export async function spendDocumentLookup(
  limiters: { playerDocument: RateLimiter; playerDocuments: RateLimiter },
  secret: string,
  document: { documentTypeId: number; documentNumber: string },
  client: LookupClient,
): Promise<void> {
  const who = clientKey(client);
  const spent = await refusedAs(limiters.playerDocument.spend(`${documentKey(secret, document)}|${who}`), 'document_rate_limited', DOCUMENT_RATE_LIMITED);
  if (spent === 1) await refusedAs(limiters.playerDocuments.spend(who), 'document_checks_rate_limited', DOCUMENTS_RATE_LIMITED);
}

/** A limiter's 429 with this limit's code and words (and its Retry-After). */
async function refusedAs<T>(spending: Promise<T>, code: 'document_rate_limited' | 'document_checks_rate_limited', message: string): Promise<T> {
  try {
    return await spending;
  } catch (error) {
    if (error instanceof AppError && error.status === 429) {
      throw new AppError(429, message, { code, ...(error.extra.headers ? { headers: error.extra.headers } : {}) });
    }
    throw error;
  }
}
