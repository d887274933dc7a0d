import { AppError } from '../errors';
import type { RateLimiter } from '../http/rate-limit';
import { documentKey } from './document-key';

export const DOCUMENT_RATE_LIMITED = 'Demasiadas consultas de este documento. Intenta de nuevo más tarde.';

/**
 * Spends one of a document's lookups (document checks and registrations), whatever address asks:
 * the per-address limit alone lets many addresses look one number up without end. The key is the
 * document's keyed fingerprint (`documentKey`), so the counters table holds no document numbers.
 * The document comes in canonical form (`canonicalDocument`), so every spelling of one number
 * spends the same counter.
 */
export async function spendDocumentLookup(limiter: RateLimiter, secret: string, document: { documentTypeId: number; documentNumber: string }) {
  const key = documentKey(secret, document);
  try {
    await limiter.spend(key);
  } catch (error) {
    if (error instanceof AppError && error.status === 429) {
      throw new AppError(429, DOCUMENT_RATE_LIMITED, { code: 'document_rate_limited', ...(error.extra.headers ? { headers: error.extra.headers } : {}) });
    }
    throw error;
  }
}
