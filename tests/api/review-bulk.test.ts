import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../support/api-server';
import { insertCompletedAttempt } from '../support/attempts';
import { buildCompany, buildPlayer, buildTrivia } from '../support/factories';
import { heldReview, startReviewSite, type ReviewDevice } from '../support/held-review';
import type { TestClient } from '../support/http-client';
import type { KioskSite, TestTrivia } from '../support/player-flow';

/** Held results decided many at a time: chosen ids or all that match a filter, skipped ones reported, two admins at once, 2,000 held. */

let api: TestApi;
let admin: TestClient;
let cc: number;
let site: KioskSite['site'];
let trivia: TestTrivia;
beforeAll(async () => {
  ({ api, admin, cc, site, trivia } = await startReviewSite());
});
afterAll(() => api.close());

const { newDevice, relabel, summaryOf, deviceCounts, heldPage, rankedOf, heldIds } = heldReview(() => ({ api, admin, cc, site, trivia }));

describe('POST /api/player-attempts/held/release and /discard', () => {
  let bulk: TestTrivia;
  let kiosk: ReviewDevice;
  beforeAll(async () => {
    const company = await buildCompany(api.dataSource);
    bulk = await buildTrivia(api.dataSource, company.id, { questions: 3 });
    kiosk = await newDevice({ group: bulk, name: 'Kiosco Lote' });
  });
  const decideMany = (action: 'release' | 'discard', body: Record<string, unknown>) =>
    admin.post(`/api/player-attempts/held/${action}`, { questionGroupId: bulk.group.id, ...body });

  it('releases the chosen results in one request: each ranks afterwards, once, and leaves the held list', async () => {
    const ids = await kiosk.play(bulk, [{ name: 'Ana Lote' }, { name: 'Beto Lote' }, { name: 'Caro Lote' }]);
    const kept = await kiosk.play(bulk, [{}]);
    const res = await decideMany('release', { ids: [ids[2], ids[0], ids[1], ids[0]] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ decision: 'released', ids, skipped: [], remaining: 1 });
    const ranked = await rankedOf(bulk.group.id);
    for (const id of ids) expect(ranked.filter((r) => r === id)).toHaveLength(1);
    expect(ranked).not.toContain(kept[0]);
    // The standings were refreshed: each player is in the best-only ranking once, with the released result.
    const best = (await api.client().get(`/api/ranking?questionGroupId=${bulk.group.id}`)).body as { id: number; fullName?: string }[];
    expect(best.map((e) => e.id).sort((a, b) => a - b)).toEqual(ids);
    const decided = await api.dataSource.query(`SELECT review_status, reviewed_by IS NOT NULL AS by FROM player_attempts WHERE id = ANY($1::int[])`, [ids]);
    expect(decided).toEqual(ids.map(() => ({ review_status: 'released', by: true })));
    expect((await heldPage(bulk.group.id, '')).body.map((r: { id: number }) => r.id)).toEqual(kept);
    await decideMany('discard', { ids: kept });
  });

  it('discards every result matching a filter up to the newest the organiser saw; later ones stay held', async () => {
    const seen = await kiosk.play(bulk, [{}, {}]);
    const other = await kiosk.play(bulk, [{}]);
    await relabel(seen, `review_reason = 'unanchored_time'`); // the reason a long-silent device's results get
    const summary = await summaryOf(bulk.group.id, `&reason=unanchored_time&device=${kiosk.deviceId}`);
    expect(summary).toMatchObject({ total: 2, lastId: seen[1] });
    const late = await kiosk.play(bulk, [{}]);
    await relabel(late, `review_reason = 'unanchored_time'`);

    const res = await decideMany('discard', { filter: { reason: 'unanchored_time', device: kiosk.deviceId }, throughId: summary.lastId });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ decision: 'discarded', ids: seen, skipped: [], remaining: 1 });
    const ranked = await rankedOf(bulk.group.id);
    for (const id of [...seen, ...late, ...other]) expect(ranked).not.toContain(id);
    expect((await heldPage(bulk.group.id, '')).body.map((r: { id: number }) => r.id)).toEqual([...other, ...late]);
    const rows = await api.dataSource.query(`SELECT review_status, score FROM player_attempts WHERE id = ANY($1::int[])`, [seen]);
    expect(rows).toEqual(seen.map(() => ({ review_status: 'discarded', score: 100 })));
    await decideMany('discard', { filter: {} });
  });

  it('skips and reports results already decided, never held or not of this trivia; the rest of the batch is decided', async () => {
    const [held, alreadyDiscarded] = (await kiosk.play(bulk, [{}, {}])) as [number, number];
    await admin.post(`/api/player-attempts/${alreadyDiscarded}/discard`);
    const [otherTrivia] = (await kiosk.play(trivia, [{}])) as [number];
    const player = await buildPlayer(api.dataSource);
    const clean = await insertCompletedAttempt(api.dataSource, { playerId: player.id, groupId: bulk.group.id, score: 40, totalQuestions: 3 });
    const res = await decideMany('release', { ids: [held, alreadyDiscarded, otherTrivia, clean, 2_000_000_000] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      decision: 'released',
      ids: [held],
      skipped: [
        { id: alreadyDiscarded, status: 'discarded' },
        { id: otherTrivia, status: 'not_found' },
        { id: clean, status: 'not_held' },
        { id: 2_000_000_000, status: 'not_found' },
      ].sort((a, b) => a.id - b.id),
      remaining: 0,
    });
    expect(await rankedOf(bulk.group.id)).toContain(held);
    expect(await rankedOf(bulk.group.id)).not.toContain(alreadyDiscarded);
    expect(await heldIds()).toContain(otherTrivia);
    // Deciding the same ones again changes nothing and reports each as decided.
    const again = await decideMany('discard', { ids: [held, alreadyDiscarded] });
    expect(again.body).toEqual({ decision: 'discarded', ids: [], skipped: [{ id: held, status: 'released' }, { id: alreadyDiscarded, status: 'discarded' }].sort((a, b) => a.id - b.id), remaining: 0 });
  });

  it('decides each result once when two admins send overlapping batches at the same time', async () => {
    const ids = await kiosk.play(bulk, [{}, {}, {}, {}]);
    const other = await api.adminClient();
    const [a, b] = await Promise.all([decideMany('release', { ids }), other.post('/api/player-attempts/held/discard', { questionGroupId: bulk.group.id, ids: [...ids].reverse() })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // Every result went one way or the other, never both, and each answer reports the rest as decided.
    expect([...a.body.ids, ...b.body.ids].sort((x, y) => x - y)).toEqual(ids);
    expect(a.body.skipped.map((s: { id: number }) => s.id).sort((x: number, y: number) => x - y)).toEqual(b.body.ids);
    const ranked = await rankedOf(bulk.group.id);
    for (const id of a.body.ids) expect(ranked).toContain(id);
    for (const id of b.body.ids) expect(ranked).not.toContain(id);
  });

  it('is bounded: more than 1000 ids, neither or both of ids and filter, is 400; admin only, CSRF-guarded', async () => {
    const tooMany = await decideMany('release', { ids: Array.from({ length: 1001 }, (_, i) => i + 1) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: 'validation_failed', error: 'Se pueden decidir como máximo 1000 resultados por vez' });
    for (const body of [{}, { ids: [1], filter: {} }, { ids: [] }, { filter: { reason: 'because' } }, { ids: [1], throughId: 5 }]) {
      const res = await decideMany('discard', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
    expect((await api.client().post('/api/player-attempts/held/release', { questionGroupId: bulk.group.id, ids: [1] })).status).toBe(401);
    const noHeader = await admin.post('/api/player-attempts/held/release', { questionGroupId: bulk.group.id, ids: [1] }, { withoutMarker: true });
    expect(noHeader.status).toBe(403);
  });

  it('with 2,000 held results: pages and counts stay fast, and "all that match" decides 1000 per request', async () => {
    // A kiosk offline too long: 2,000 players' results held for one reason. Written in SQL (2,000
    // syncs would take minutes), for the reason a kiosk silent too long gets: unanchored_time.
    const company = await buildCompany(api.dataSource);
    const big = await buildTrivia(api.dataSource, company.id, { questions: 3 });
    const device = await newDevice({ group: big, name: 'Kiosco Lejano' });
    await api.dataSource.query(
      `WITH p AS (
         INSERT INTO players (full_name, first_name, last_name, document_type_id, document_number, location_id)
         SELECT 'Jugador ' || g, 'Jugador', g::text, $1, 'X' || $2 || g, $3 FROM generate_series(1, 2000) g RETURNING id, location_id)
       INSERT INTO player_attempts (player_id, question_group_id, location_id, score, total_questions, correct_answers, started_at, completed_at,
                                    completion_time, token_hash, review_status, review_reason, device_id)
       SELECT id, $4, location_id, 100, 3, 3, now() - interval '1 minute', now(), 60, repeat('0', 64), 'held', 'unanchored_time', $5 FROM p ORDER BY id`,
      [cc, Date.now(), site.id, big.group.id, device.deviceId],
    );
    const timed = async <T>(run: () => Promise<T>) => {
      const start = performance.now();
      const value = await run();
      return { value, ms: performance.now() - start };
    };
    const first = await timed(() => heldPage(big.group.id, `&reason=unanchored_time&device=${device.deviceId}&limit=200`));
    expect(first.value.headers.get('x-total-count')).toBe('2000');
    expect(first.value.body).toHaveLength(200);
    const last = await timed(() => heldPage(big.group.id, `&limit=200&after=${first.value.body.at(-1).id + 1599}`));
    expect(last.value.body).toHaveLength(200);
    const summary = await timed(() => summaryOf(big.group.id));
    expect(summary.value).toMatchObject({ all: 2000, total: 2000 });
    expect(deviceCounts(summary.value)).toEqual([['Kiosco Lejano', 2000]]);
    // Generous bounds: a page and the counts are an index read of 2,000 rows at most.
    expect(first.ms).toBeLessThan(500);
    expect(last.ms).toBeLessThan(500);
    expect(summary.ms).toBeLessThan(500);

    const release = await timed(() =>
      admin.post('/api/player-attempts/held/release', { questionGroupId: big.group.id, filter: { reason: 'unanchored_time' }, throughId: summary.value.lastId }),
    );
    expect(release.value.status).toBe(200);
    expect(release.value.body.ids).toHaveLength(1000);
    expect(release.value.body.remaining).toBe(1000);
    const ranking = await api.client().get(`/api/ranking?questionGroupId=${big.group.id}&limit=5`);
    expect(ranking.headers.get('x-total-count')).toBe('1000');
    const discard = await admin.post('/api/player-attempts/held/discard', { questionGroupId: big.group.id, filter: { device: device.deviceId } });
    expect(discard.body.ids).toHaveLength(1000);
    expect(discard.body.remaining).toBe(0);
    expect((await summaryOf(big.group.id)).all).toBe(0);
    expect((await api.client().get(`/api/ranking?questionGroupId=${big.group.id}&limit=5`)).headers.get('x-total-count')).toBe('1000');
    console.info(`2,000 held: first page ${first.ms.toFixed(0)} ms, last page ${last.ms.toFixed(0)} ms, counts ${summary.ms.toFixed(0)} ms, release of 1000 ${release.ms.toFixed(0)} ms`);
  });
});
