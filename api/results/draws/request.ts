import { DRAW_SEED_REFUSAL, drawRequestSchema, type DrawFilters } from '../../../contract';
import { badRequest } from '../../platform/http/errors';
import { parseBody } from '../../platform/http/validate';

/**
 * A draw request's body: prizes and filters. One that names a seed (as the form and the API once
 * allowed, "to repeat a draw") is refused with its own code, so an old client or script learns
 * why instead of a bare unknown field: a seed chosen by a person could be searched offline until a
 * chosen player wins. A recorded draw is re-run by "Verificar", never by drawing again.
 */
export function parseDrawRequest(body: unknown): { prizes: number; filters: DrawFilters } {
  if (body !== null && typeof body === 'object' && !Array.isArray(body) && Object.hasOwn(body, 'seed')) {
    throw badRequest(DRAW_SEED_REFUSAL, { code: 'draw_seed_not_accepted', issues: [{ path: 'seed', message: DRAW_SEED_REFUSAL }] });
  }
  return parseBody(drawRequestSchema, body);
}
