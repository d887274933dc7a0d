import { z } from 'zod';

/** The largest id PostgreSQL's integer columns hold: a bigger one names nothing. */
export const MAX_ID = 2_147_483_647;

/** A positive integer id, as it arrives in a path or a query string. */
export const idParam = z.coerce.number().int().positive().max(MAX_ID);

export const idParamsSchema = z.object({ id: idParam });

/** Optional numeric query value: empty strings count as absent. */
export const optionalIdQuery = z.preprocess(
  (value) => (value === '' || value === undefined || value === 'all' ? undefined : value),
  idParam.optional(),
);

/** Trimmed non-empty text with a Spanish message. */
export const requiredText = (message: string, max = 255) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Máximo ${max} caracteres`);

export const optionalText = (max = 2000) =>
  z
    .string()
    .trim()
    .max(max, `Máximo ${max} caracteres`)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * The days a date sent to the API may name, both ends included: every date filter (rankings and
 * their exports, the analysis and activity, a draw's filters) and a campaign's period. A booth's
 * results are of this century; the bound also keeps every date far inside what PostgreSQL and the
 * event's time zones can turn into an instant (PostgreSQL has no year 0: `0000-01-01` was a 500).
 * An instant is bounded by the day it is written with.
 */
export const DATE_RANGE = { min: '2000-01-01', max: '2100-12-31' } as const;
export const DATE_RANGE_MESSAGE = 'La fecha debe estar entre el año 2000 y el 2100';

/**
 * Whether a day (YYYY-MM-DD) or an instant (by the day written in it) is inside DATE_RANGE. A value
 * that does not start with a day passes: its format check names what is wrong with it, once.
 */
export function dateInRange(value: string): boolean {
  const day = value.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return true;
  return day >= DATE_RANGE.min && day <= DATE_RANGE.max;
}

export const paginationQuery = z.object({
  limit: z.coerce.number().int().min(1).max(5000).default(500),
  offset: z.coerce.number().int().min(0).default(0),
});

// Default validation messages in Spanish for both sides (zod's built-in locale); the product's own
// messages are set on each schema.
z.config(z.locales.es());
