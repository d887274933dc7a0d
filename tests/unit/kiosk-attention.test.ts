import { describe, expect, it } from 'vitest';
import { kioskAttention } from '../../api/results/kiosk-board/kiosk-attention';
import { serverTimeZone } from '../../api/platform/lib/time-zone';

/** A local time on a fixed day (days are the server's local days). */
const at = (day: number, hour: number, minute = 0) => new Date(2026, 2, day, hour, minute);

describe('kioskAttention', () => {
  it('without a campaign: in service all of today, offline after an hour of silence in it', () => {
    const base = { setupAt: at(9, 18), lastSeenAt: at(9, 20), campaigns: [], timeZone: serverTimeZone() };
    expect(kioskAttention({ ...base, now: at(10, 0, 30) })).toEqual({ inService: true, offline: false, silentSince: at(9, 20) });
    expect(kioskAttention({ ...base, now: at(10, 1, 1) })).toMatchObject({ inService: true, offline: true });
  });

  it('counts silence from the setup when the kiosk never synced', () => {
    const base = { setupAt: at(10, 14, 30), lastSeenAt: null, campaigns: [], timeZone: serverTimeZone() };
    expect(kioskAttention({ ...base, now: at(10, 15, 30) })).toEqual({ inService: true, offline: false, silentSince: at(10, 14, 30) });
    expect(kioskAttention({ ...base, now: at(10, 15, 31) })).toMatchObject({ offline: true });
  });

  it('with campaigns: in service only on the days of one that includes today, from its first day', () => {
    const base = { setupAt: at(1, 9), lastSeenAt: at(9, 18), timeZone: serverTimeZone() };
    const starting = [{ startDate: '2026-03-10', endDate: '2026-03-12' }];
    expect(kioskAttention({ ...base, campaigns: starting, now: at(10, 0, 45) })).toMatchObject({ inService: true, offline: false });
    expect(kioskAttention({ ...base, campaigns: starting, now: at(10, 1, 15) })).toMatchObject({ inService: true, offline: true });
    // A campaign running since the day before: last night's silence counts.
    const running = [{ startDate: '2026-03-09', endDate: '2026-03-12' }];
    expect(kioskAttention({ ...base, campaigns: running, now: at(10, 0, 45) })).toMatchObject({ offline: true });
    // The last day is included; the day after is not.
    expect(kioskAttention({ ...base, campaigns: starting, now: at(12, 23, 59) })).toMatchObject({ inService: true });
    expect(kioskAttention({ ...base, campaigns: starting, now: at(13, 10) })).toEqual({ inService: false, offline: false, silentSince: at(9, 18) });
    // Another campaign of the trivia that runs today is enough.
    expect(kioskAttention({ ...base, campaigns: [{ startDate: '2026-02-01', endDate: '2026-02-03' }, ...starting], now: at(11, 12) })).toMatchObject({ offline: true });
  });

  it("counts days in the event's time zone, not the server's", () => {
    // Bogotá is UTC-5 all year: its March 10th runs from 05:00 UTC on the 10th to 05:00 UTC on the 11th.
    const utc = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2026, 2, day, hour, minute));
    const base = { setupAt: utc(1, 9), lastSeenAt: utc(9, 18), timeZone: 'America/Bogota' };
    const campaigns = [{ startDate: '2026-03-10', endDate: '2026-03-10' }];
    expect(kioskAttention({ ...base, campaigns, now: utc(10, 3) })).toMatchObject({ inService: false }); // still the 9th in Bogotá
    expect(kioskAttention({ ...base, campaigns, now: utc(10, 5, 30) })).toMatchObject({ inService: true, offline: false });
    expect(kioskAttention({ ...base, campaigns, now: utc(11, 4, 59) })).toMatchObject({ inService: true, offline: true }); // 23:59 on the 10th there
    expect(kioskAttention({ ...base, campaigns, now: utc(11, 5) })).toMatchObject({ inService: false });
  });
});
