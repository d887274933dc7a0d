/**
 * Civil time in a named zone, for the server: the zone's offset at an instant, and the instant a
 * calendar day starts there. Intl knows the zones (the runtime's tz database); this module only
 * reads it. Used by the ranking periods and filters (a plain date is a whole day in the event's
 * zone) and by the exports' local times.
 */

/**
 * The server's own zone (the TZ environment variable, which api/platform/config.ts sets to UTC when unset):
 * the default of a company that chose none. Read when asked, so it is TZ's value after config ran;
 * kept while TZ stays the same (resolving it builds a formatter, about as long as a statement
 * round trip, and every completion asks).
 */
let resolved: { tz: string | undefined; zone: string } | undefined;
export function serverTimeZone(): string {
  if (!resolved || resolved.tz !== process.env.TZ) resolved = { tz: process.env.TZ, zone: Intl.DateTimeFormat().resolvedOptions().timeZone };
  return resolved.zone;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(zone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormatters.set(zone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at an instant, in seconds (Bogotá: -18000). */
export function zoneOffsetSeconds(zone: string, epochMs: number): number {
  const wholeSecond = Math.floor(epochMs / 1000) * 1000;
  const part: Record<string, number> = {};
  for (const { type, value } of partsIn(zone).formatToParts(wholeSecond)) if (type !== 'literal') part[type] = Number(value);
  // Years before 1 are written as positive era years by en-US; no event is held then.
  const asUtc = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return (asUtc - wholeSecond) / 1000;
}

/**
 * The first instant of a calendar day ('yyyy-MM-dd', plus `plusDays`) in a zone. Where the day
 * starts twice (clocks set back over midnight) the earlier; where midnight does not exist (clocks
 * set forward at 00:00, as in Santiago de Chile) the instant the day does start.
 */
export function zonedDayStart(day: string, zone: string, plusDays = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d + plusDays);
  const offsets = new Set([zoneOffsetSeconds(zone, wall)]);
  offsets.add(zoneOffsetSeconds(zone, wall - [...offsets][0]! * 1000));
  const candidates = [...offsets].map((offset) => wall - offset * 1000);
  const real = candidates.filter((instant) => instant + zoneOffsetSeconds(zone, instant) * 1000 === wall);
  return new Date(real.length ? Math.min(...real) : Math.max(...candidates));
}

/** The calendar day ('yyyy-MM-dd') an instant falls on in a zone. */
export function zonedDay(zone: string, at = new Date()): string {
  const local = new Date(at.getTime() + zoneOffsetSeconds(zone, at.getTime()) * 1000);
  return local.toISOString().slice(0, 10);
}
