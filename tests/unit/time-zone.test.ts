import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, eventTimeZone } from '../../contract';
import { zoneOffsetSeconds, zonedDay, zonedDayStart } from '../../api/platform/lib/time-zone';
import { completionRange } from '../../api/standings/date-range';

/** The calendar day and wall time an instant shows in a zone, as Intl writes them (the reference). */
function wall(zone: string, at: number): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'medium' }).format(at);
}

// Summer time in either hemisphere (Santiago changes at midnight), half- and quarter-hour offsets, none.
const ZONES = ['UTC', 'America/Bogota', 'Europe/Madrid', 'America/Santiago', 'America/Havana', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe'];
const DAY = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }).map((ms) => new Date(ms).toISOString().slice(0, 10));

describe('event time zones', () => {
  it("are a company's chosen zone, else the server's (contract's eventTimeZone)", () => {
    expect(eventTimeZone('America/Bogota', 'UTC')).toBe('America/Bogota');
    expect([eventTimeZone(null, 'Europe/Madrid'), eventTimeZone(undefined, 'Europe/Madrid'), eventTimeZone('', 'Europe/Madrid')]).toEqual(['Europe/Madrid', 'Europe/Madrid', 'Europe/Madrid']);
  });

  it('writes a zone name the way Intl does, and refuses what is not a named zone', () => {
    expect(canonicalTimeZone('america/bogota')).toBe('America/Bogota');
    expect(canonicalTimeZone(' Europe/Madrid ')).toBe('Europe/Madrid');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    for (const bad of ['', 'Bogotá', '+05:00', 'GMT-5', 'America/Nowhere', '../etc/passwd']) expect(canonicalTimeZone(bad)).toBeNull();
  });

  it.each(ZONES)('a day in %s starts at its first second there: the second before is the day before', (zone) => {
    fc.assert(
      fc.property(DAY, (day) => {
        const start = zonedDayStart(day, zone).getTime();
        expect(wall(zone, start).slice(0, 10)).toBe(day);
        expect(wall(zone, start - 1000).slice(0, 10) < day).toBe(true);
        expect(zonedDay(zone, new Date(start))).toBe(day);
        expect(zonedDay(zone, new Date(start - 1))).not.toBe(day);
      }),
      { numRuns: 400, seed: 26 },
    );
  });

  it('finds the day where midnight never happens or happens twice', () => {
    // Santiago, 2026-09-06: clocks go from 00:00 to 01:00, so the day starts at 01:00 (-03), 04:00 UTC.
    expect(zonedDayStart('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    // Havana, 2026-11-01: clocks go back from 01:00 to 00:00, so midnight happens twice; the day starts at the first (-04).
    expect(zonedDayStart('2026-11-01', 'America/Havana').toISOString()).toBe('2026-11-01T04:00:00.000Z');
  });

  it('gives the offset the zone has at an instant', () => {
    expect(zoneOffsetSeconds('America/Bogota', Date.UTC(2026, 5, 1))).toBe(-5 * 3600);
    expect(zoneOffsetSeconds('Europe/Madrid', Date.UTC(2026, 0, 1))).toBe(3600);
    expect(zoneOffsetSeconds('Europe/Madrid', Date.UTC(2026, 6, 1))).toBe(7200);
    expect(zoneOffsetSeconds('Asia/Kathmandu', Date.UTC(2026, 6, 1))).toBe(5 * 3600 + 45 * 60);
  });

  it("reads a ranking's plain dates as whole days of the event's zone, and timestamps as given", () => {
    expect(completionRange('2026-05-03', '2026-05-03', 'America/Bogota')).toEqual({
      from: new Date('2026-05-03T05:00:00Z'),
      to: new Date('2026-05-04T05:00:00Z'),
    });
    expect(completionRange('2026-05-03T10:00:00Z', '2026-05-03T11:00:00Z', 'America/Bogota')).toEqual({
      from: new Date('2026-05-03T10:00:00Z'),
      to: new Date('2026-05-03T11:00:00.001Z'),
    });
    expect(completionRange(undefined, undefined, 'UTC')).toEqual({ from: null, to: null });
  });
});
