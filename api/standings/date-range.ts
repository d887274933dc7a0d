import { zonedDayStart } from '../platform/lib/time-zone';

/**
 * Turns a ranking's dateFrom / dateTo (or a campaign's period) into a half-open range [from, to).
 * A plain date is a whole day in the event's time zone (its company's, `event-time-zone.ts`),
 * so a dateTo of 2026-05-03 includes all of May 3rd where the booth is; a full timestamp is taken
 * as given, inclusive.
 */
export function completionRange(dateFrom: string | undefined, dateTo: string | undefined, timeZone: string): { from: Date | null; to: Date | null } {
  return {
    from: dateFrom ? (isPlainDate(dateFrom) ? zonedDayStart(dateFrom, timeZone) : new Date(dateFrom)) : null,
    to: dateTo ? (isPlainDate(dateTo) ? zonedDayStart(dateTo, timeZone, 1) : new Date(new Date(dateTo).getTime() + 1)) : null,
  };
}

/** A plain date (a whole day), not an instant. */
export const isPlainDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Whether a filter's dates name whole days: at least one given, every given one a plain date. */
export const isDayRange = (dateFrom: string | undefined, dateTo: string | undefined) =>
  (dateFrom !== undefined || dateTo !== undefined) && [dateFrom, dateTo].every((value) => value === undefined || isPlainDate(value));
