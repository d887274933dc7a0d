import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_REASONS } from '../../contract';
import type { TestApi } from '../support/api-server';
import { buildCompany, buildTrivia } from '../support/factories';
import { heldReview, startReviewSite, type ReviewDevice } from '../support/held-review';
import type { TestClient } from '../support/http-client';
import { freshDocument, type KioskSite, type TestTrivia } from '../support/player-flow';

/** The held list at scale: counts per reason and per device, filters, and keyset pages. */

let api: TestApi;
let admin: TestClient;
let cc: number;
let site: KioskSite['site'];
let trivia: TestTrivia;
beforeAll(async () => {
  ({ api, admin, cc, site, trivia } = await startReviewSite());
});
afterAll(() => api.close());

const { newDevice, relabel, summaryOf, reasonCounts, deviceCounts, heldPage } = heldReview(() => ({ api, admin, cc, site, trivia }));

describe('the held list at scale: filters, counts and keyset pages', () => {
  let scaled: TestTrivia;
  let north: ReviewDevice;
  let south: ReviewDevice;
  let phone: ReviewDevice;
  const made: Record<string, number[]> = {};
  beforeAll(async () => {
    const company = await buildCompany(api.dataSource);
    scaled = await buildTrivia(api.dataSource, company.id, { questions: 3, overrides: { maxAttempts: 1 } });
    north = await newDevice({ group: scaled, name: 'Stand Norte' });
    south = await newDevice({ group: scaled, name: 'Stand Sur' });
    phone = await newDevice();
    made.northTime = await north.play(scaled, [{}, {}, {}]);
    made.northUnanchored = await north.play(scaled, [{}, {}]);
    await relabel(made.northUnanchored, `review_reason = 'unanchored_time'`);
    made.phone = await phone.play(scaled, [{}]);
    // Over maxAttempts (1): the same player's second result on the kiosk is held over_limit.
    const document = freshDocument();
    const [first] = await south.play(scaled, [{ document }]);
    made.southFirst = [first!];
    made.overLimit = await south.play(scaled, [{ document }]);
    made.online = await south.play(scaled, [{}]);
    await relabel(made.online, `device_id = NULL, review_reason = 'too_many_players'`);
  });

  it('counts the held results per reason and per device, each within the other filter', async () => {
    const [{ review_reason: overReason }] = await api.dataSource.query(`SELECT review_reason FROM player_attempts WHERE id = $1`, [made.overLimit![0]]);
    expect(overReason).toBe('over_limit');
    const whole = await summaryOf(scaled.group.id);
    // The first result of the south kiosk was held too (a time of 0): 3 + 2 + 1 + 1 + 1 + 1.
    expect(whole.all).toBe(9);
    expect(whole.total).toBe(9);
    expect(whole.reasons.map((r) => r.reason)).toEqual([...REVIEW_REASONS]);
    expect(reasonCounts(whole)).toEqual({ implausible_time: 5, unanchored_time: 2, over_limit: 1, too_many_players: 1 });
    // Most first; the two devices with one result each in either order.
    expect(deviceCounts(whole).slice(0, 2)).toEqual([
      ['Stand Norte', 5],
      ['Stand Sur', 2],
    ]);
    expect(deviceCounts(whole).slice(2).sort()).toEqual([['En línea', 1], [`Teléfono ${phone.deviceId.slice(0, 6).toUpperCase()}`, 1]].sort());
    expect(whole.devices.find((d) => d.device?.id === north.deviceId)!.device).toEqual({ id: north.deviceId, kind: 'kiosk', name: 'Stand Norte' });
    expect(whole.devices.find((d) => d.device?.id === phone.deviceId)!.device!.kind).toBe('phone');

    const ofNorth = await summaryOf(scaled.group.id, `&device=${north.deviceId}`);
    expect(ofNorth).toMatchObject({ all: 9, total: 5, lastId: Math.max(...made.northUnanchored!) });
    expect(reasonCounts(ofNorth)).toEqual({ implausible_time: 3, unanchored_time: 2 });
    expect(deviceCounts(ofNorth)).toEqual(deviceCounts(whole));

    const timeOnly = await summaryOf(scaled.group.id, '&reason=implausible_time');
    expect(timeOnly.total).toBe(5);
    expect(deviceCounts(timeOnly).sort()).toEqual([['Stand Norte', 3], ['Stand Sur', 1], [`Teléfono ${phone.deviceId.slice(0, 6).toUpperCase()}`, 1]].sort());

    const online = await summaryOf(scaled.group.id, '&device=online');
    expect(online.total).toBe(1);
    expect(reasonCounts(online)).toEqual({ too_many_players: 1 });
    expect((await summaryOf(scaled.group.id, `&device=${north.deviceId}&reason=over_limit`)).total).toBe(0);
  });

  it('lists by reason and by device with each row\'s device, and the matching count in X-Total-Count', async () => {
    const unanchored = await heldPage(scaled.group.id, `&reason=unanchored_time&device=${north.deviceId.toUpperCase()}`);
    expect(unanchored.status).toBe(200);
    expect(unanchored.headers.get('x-total-count')).toBe('2');
    expect(unanchored.body.map((r: { id: number }) => r.id)).toEqual(made.northUnanchored);
    expect(unanchored.body[0]).toMatchObject({ reason: 'unanchored_time', device: { id: north.deviceId, kind: 'kiosk', name: 'Stand Norte' }, location: { name: 'Pabellón 1' }, score: 100 });

    const online = await heldPage(scaled.group.id, '&device=online');
    expect(online.body).toEqual([expect.objectContaining({ id: made.online![0], device: null, reason: 'too_many_players' })]);
    const fromPhone = await heldPage(scaled.group.id, `&device=${phone.deviceId}`);
    expect(fromPhone.body).toEqual([expect.objectContaining({ id: made.phone![0], device: { id: phone.deviceId, kind: 'phone', name: `Teléfono ${phone.deviceId.slice(0, 6).toUpperCase()}` } })]);
  });

  it('pages oldest first after the last id seen, each held result once', async () => {
    const seen: number[] = [];
    let after = 0;
    for (;;) {
      const page = await heldPage(scaled.group.id, `&limit=4&after=${after}`);
      expect(page.headers.get('x-total-count')).toBe('9');
      if (page.body.length === 0) break;
      seen.push(...page.body.map((r: { id: number }) => r.id));
      after = seen.at(-1)!;
    }
    expect(seen).toHaveLength(9);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(9);
  });

  it('refuses an unknown reason or device and a page over 200 (400 validation_failed)', async () => {
    for (const query of ['&reason=because', '&device=kiosk-1', '&limit=201', '&after=-1']) {
      const res = await heldPage(scaled.group.id, query);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
    expect((await admin.get(`/api/player-attempts/held/summary?questionGroupId=${scaled.group.id}&reason=x`)).status).toBe(400);
    expect((await api.client().get(`/api/player-attempts/held/summary?questionGroupId=${scaled.group.id}`)).status).toBe(401);
  });
});
