import { describe, expect, it } from 'vitest';
import { installationTimeZone, zoneOf } from '../../web/shared/time-zone/zone-rule';
import { timeZoneLabel } from '../../web/lib/format';

const SERVER = 'UTC';

describe('the zone an admin screen shows an instant in', () => {
  it("shows a company's instant in its chosen zone, or the server's when it chose none", () => {
    const companies = [
      { id: 1, timeZone: 'America/Bogota' },
      { id: 2, timeZone: null },
    ];
    expect(zoneOf(1, companies, SERVER)).toBe('America/Bogota');
    expect(zoneOf(2, companies, SERVER)).toBe(SERVER);
  });

  it("shows an instant of no one company in the zone the companies share, never the server's when they chose one", () => {
    expect(installationTimeZone([{ id: 4, timeZone: 'America/Bogota' }], SERVER)).toBe('America/Bogota');
    // The demo company, which chose none, has no say.
    expect(installationTimeZone([{ id: 1, timeZone: null }, { id: 4, timeZone: 'America/Bogota' }], SERVER)).toBe('America/Bogota');
    expect(installationTimeZone([{ id: 1, timeZone: null }], SERVER)).toBe(SERVER);
    expect(zoneOf(null, [{ id: 4, timeZone: 'America/Bogota' }, { id: 9, timeZone: 'America/Bogota' }], SERVER)).toBe('America/Bogota');
    // A company no longer listed (a kiosk of a deleted trivia): the installation's zone.
    expect(zoneOf(7, [{ id: 4, timeZone: 'America/Bogota' }], SERVER)).toBe('America/Bogota');
    expect(installationTimeZone([], SERVER)).toBe(SERVER);
  });

  it('when the companies differ, takes the zone most of them use, on a tie the earliest company\'s', () => {
    const most = [
      { id: 3, timeZone: 'Europe/Madrid' },
      { id: 1, timeZone: 'America/Bogota' },
      { id: 2, timeZone: 'America/Bogota' },
    ];
    expect(installationTimeZone(most, SERVER)).toBe('America/Bogota');
    const tie = [
      { id: 8, timeZone: 'America/Bogota' },
      { id: 5, timeZone: 'Europe/Madrid' },
      { id: 2, timeZone: null },
      { id: 3, timeZone: null },
    ];
    expect(installationTimeZone(tie, SERVER)).toBe('Europe/Madrid');
  });

  it('names a zone one way: its place and its offset at the instant', () => {
    expect(timeZoneLabel('America/Bogota', '2026-12-06T01:18:00Z')).toBe('Bogota (GMT-5)');
    expect(timeZoneLabel('Europe/Madrid', '2026-07-01T12:00:00Z')).toBe('Madrid (GMT+2)');
    expect(timeZoneLabel('America/Argentina/Buenos_Aires', '2026-12-06T01:18:00Z')).toBe('Argentina / Buenos Aires (GMT-3)');
    expect(timeZoneLabel('UTC')).toBe('UTC');
  });
});
