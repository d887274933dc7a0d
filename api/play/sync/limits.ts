import type { PushedMutation } from '../../../contract';
import { AppError } from '../../platform/http/errors';

/**
 * The largest payload one mutation may carry, as JSON text. A completion of 200 answers with the
 * largest ids is under 10 KB; a registration is a few hundred bytes. The push as a whole is kept to
 * the API's JSON body limit (1 MB).
 */
export const SYNC_MUTATION_MAX_BYTES = 16 * 1024;
export const SYNC_MUTATION_TOO_LARGE_MESSAGE = 'Una operación de la sincronización es demasiado grande';

/**
 * Refuses the whole push (413 `sync_mutation_too_large`) before anything in it is applied or
 * stored when one mutation's payload is over the limit. A kiosk then sends its entries one at a
 * time, and only the oversize one is set aside.
 */
export function refuseOversizeMutations(mutations: PushedMutation[]): void {
  for (const { mutationId, payload } of mutations) {
    const bytes = Buffer.byteLength(JSON.stringify(payload ?? null), 'utf8');
    if (bytes > SYNC_MUTATION_MAX_BYTES) {
      throw new AppError(413, SYNC_MUTATION_TOO_LARGE_MESSAGE, {
        code: 'sync_mutation_too_large',
        details: `La operación ${mutationId} ocupa ${bytes} bytes; el máximo es ${SYNC_MUTATION_MAX_BYTES}`,
      });
    }
  }
}
