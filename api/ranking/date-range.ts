/**
 * Turns the ranking's dateFrom / dateTo into a half-open range [from, to). A plain date is a whole
 * day in the server's time zone (TZ), so a dateTo of 2026-05-03 includes all of May 3rd; a full
 * timestamp is taken as given, inclusive.
 */
export function completionRange(dateFrom?: string, dateTo?: string): { from: Date | null; to: Date | null } {
  return {
    from: dateFrom ? startOf(dateFrom) : null,
    to: dateTo ? (isPlainDate(dateTo) ? nextDay(dateTo) : new Date(new Date(dateTo).getTime() + 1)) : null,
  };
}

const isPlainDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

function localMidnight(value: string, plusDays = 0): Date {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays);
}

const startOf = (value: string) => (isPlainDate(value) ? localMidnight(value) : new Date(value));
const nextDay = (value: string) => localMidnight(value, 1);
