import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import { kioskPushes } from '../support/kiosk-pushes';
import { buildKioskSite, playerFlowSnapshot, registerDevice, type KioskSite, type TestTrivia } from '../support/player-flow';

/**
 * A kiosk's pushes (POST /api/sync) applied exactly once and in order, whatever is resent, reordered
 * or malformed. What the rules refuse: sync-rejections; who a push names and how it ranks: sync-players.
 */

let api: TestApi;
let cc: number;
let site: KioskSite['site'];
let trivia: TestTrivia;
beforeAll(async () => {
  api = await startTestApi();
  ({ cc, site, trivia } = await buildKioskSite(api.dataSource, { siteName: 'Pabellón 1', trivia: { questions: 4 } }));
});
afterAll(() => api.close());

const { play, attemptByClientId, counter } = kioskPushes(() => ({ api, cc, site, trivia }));

describe('POST /api/devices', () => {
  it('registers a device and keeps only the SHA-256 of its secret', async () => {
    const device = await registerDevice(api);
    expect(device.deviceId).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await api.dataSource.query(`SELECT secret_hash FROM devices WHERE id = $1`, [device.deviceId]);
    expect(row.secret_hash).toBe(createHash('sha256').update(device.secret).digest('hex'));
  });
});

describe('POST /api/sync', () => {
  it('applies a player, an attempt and a completion in order, scoring the answers on the server', async () => {
    const device = await registerDevice(api);
    const { mutations, attemptClientId } = play(1, { completionTime: 61 });
    const res = await device.push(mutations);
    expect(res.status).toBe(200);
    expect(res.body.lastMutationId).toBe(3);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied']);
    const attempt = await attemptByClientId(attemptClientId);
    expect(res.body.results[1].id).toBe(attempt.id);
    expect(res.body.results[2].id).toBe(attempt.id);
    expect(attempt).toMatchObject({ score: 75, correct_answers: 3, completion_time: 61, device_id: device.deviceId, location_id: site.id, review_status: 'clean' });
    // Within its window (after the kiosk's last contact, before the push), the device's times are kept as sent.
    expect(attempt.started_at.toISOString()).toBe((mutations[1]!.payload as { startedAt: string }).startedAt);
    expect(attempt.completed_at.toISOString()).toBe((mutations[2]!.payload as { completedAt: string }).completedAt);
    expect(res.body.results[2].result).toEqual({ score: 75, correctAnswers: 3, totalQuestions: 4, completionTime: 61, held: false, scoring: 'percent', place: 1 });
  });

  it('refuses an unknown device or a wrong secret with 403 and applies nothing', async () => {
    const device = await registerDevice(api);
    const before = await playerFlowSnapshot(api.dataSource);
    const wrong = await device.push(play(1).mutations, { 'X-Device-Secret': 'not-the-secret' });
    expect(wrong.status).toBe(403);
    const unknown = await device.push(play(1).mutations, { 'X-Device-Id': randomUUID() });
    expect(unknown.status).toBe(403);
    expect(await playerFlowSnapshot(api.dataSource)).toEqual(before);
  });

  it('applies the same batch sent 5 times in sequence exactly once', async () => {
    const device = await registerDevice(api);
    const { mutations, attemptClientId } = play(1);
    const before = await playerFlowSnapshot(api.dataSource);
    const replies = [];
    for (let i = 0; i < 5; i++) replies.push(await device.push(mutations));
    expect(replies[0]!.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied']);
    for (const reply of replies.slice(1)) {
      expect(reply.status).toBe(200);
      expect(reply.body.results).toEqual(replies[0]!.body.results.map((r: object) => ({ ...r, status: 'duplicate' })));
    }
    const after = await playerFlowSnapshot(api.dataSource);
    expect([after.players - before.players, after.attempts - before.attempts, after.completed - before.completed]).toEqual([1, 1, 1]);
    expect((await attemptByClientId(attemptClientId)).score).toBe(75);
  });

  it('applies the same batch sent 5 times at once exactly once', async () => {
    const device = await registerDevice(api);
    const { mutations } = play(1);
    const before = await playerFlowSnapshot(api.dataSource);
    const replies = await Promise.all(Array.from({ length: 5 }, () => device.push(mutations)));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const applied = replies.flatMap((r) => r.body.results).filter((r: { status: string }) => r.status === 'applied');
    expect(applied).toHaveLength(3);
    const after = await playerFlowSnapshot(api.dataSource);
    expect([after.players - before.players, after.attempts - before.attempts, after.completed - before.completed]).toEqual([1, 1, 1]);
    expect(after.mutations - before.mutations).toBe(3);
    expect(await counter(device.deviceId)).toBe(3);
  });

  it('refuses with 409 a push whose first new mutation id skips ahead, and applies nothing', async () => {
    const device = await registerDevice(api);
    const before = await playerFlowSnapshot(api.dataSource);
    const skipping = play(2);
    const res = await device.push(skipping.mutations);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Falta la operación 1: se recibió la 2 fuera de orden');
    expect(await playerFlowSnapshot(api.dataSource)).toEqual(before);
    expect(await attemptByClientId(skipping.attemptClientId)).toBeUndefined();
    expect(await counter(device.deviceId)).toBe(0);
  });

  it('stops a batch at a later gap and reports only what it settled', async () => {
    const device = await registerDevice(api);
    const { mutations } = play(1);
    const res = await device.push([mutations[0], { ...mutations[2], mutationId: 3 }]);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { mutationId: number }) => r.mutationId)).toEqual([1]);
    expect(res.body.lastMutationId).toBe(1);
    expect(await counter(device.deviceId)).toBe(1);
  });

  it('settles a push of 99 mutations, more than one transaction holds, all in order', async () => {
    const device = await registerDevice(api);
    const plays = Array.from({ length: 33 }, (_, i) => play(1 + i * 3));
    const res = await device.push(plays.flatMap((p) => p.mutations));
    expect(res.status).toBe(200);
    expect(res.body.lastMutationId).toBe(99);
    expect(res.body.results.map((r: { mutationId: number; status: string }) => [r.mutationId, r.status])).toEqual(
      Array.from({ length: 99 }, (_, i) => [i + 1, 'applied']),
    );
    expect(await counter(device.deviceId)).toBe(99);
    const attempts = await Promise.all(plays.map((p) => attemptByClientId(p.attemptClientId)));
    expect(attempts.every((a) => a.completed_at !== null && a.device_id === device.deviceId)).toBe(true);
    expect(attempts.map((a) => a.id)).toEqual([...attempts.map((a) => a.id)].sort((a, b) => a - b));
    const again = await device.push(plays.flatMap((p) => p.mutations));
    expect(again.body.results.every((r: { status: string }) => r.status === 'duplicate')).toBe(true);
  });

  it('keeps what a long push settled before a changed resend further in it, then answers 422', async () => {
    const device = await registerDevice(api);
    const mutations = Array.from({ length: 20 }, (_, i) => play(1 + i * 3).mutations).flat();
    const changed = { ...mutations[0]!, payload: { ...mutations[0]!.payload, fullName: 'Otra Persona' } };
    const res = await device.push([...mutations, changed]);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'sync_payload_mismatch', lastMutationId: 60 });
    expect(await counter(device.deviceId)).toBe(60);
    const resend = await device.push(mutations);
    expect(resend.body.results.every((r: { status: string }) => r.status === 'duplicate')).toBe(true);
  });

  it('answers 422 to a known mutation id with a different payload and changes nothing', async () => {
    const device = await registerDevice(api);
    const play1 = play(1);
    const { mutations } = play1;
    await device.push(mutations);
    const before = await playerFlowSnapshot(api.dataSource);
    const stored = await attemptByClientId(play1.attemptClientId);
    const changed = structuredClone(mutations[2]!);
    changed.payload.completionTime = 5;
    const res = await device.push([changed]);
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('La operación 3 ya se recibió con otro contenido');
    expect(await playerFlowSnapshot(api.dataSource)).toEqual(before);
    expect(await attemptByClientId(play1.attemptClientId)).toEqual(stored);
  });

  const malformed: [string, unknown][] = [
    ['a body without mutations', {}],
    ['mutations that are not a list', 'not-a-list'],
    ['an empty list', []],
    ['more than 100 mutations', Array.from({ length: 101 }, (_, i) => ({ mutationId: i + 1, kind: 'player', payload: {} }))],
    ['a mutation id of 0', [{ mutationId: 0, kind: 'player', payload: {} }]],
    ['a fractional mutation id', [{ mutationId: 1.5, kind: 'player', payload: {} }]],
    ['a mutation id sent as text', [{ mutationId: '1', kind: 'player', payload: {} }]],
    ['an unknown kind', [{ mutationId: 1, kind: 'score', payload: {} }]],
  ];
  for (const [what, mutations] of malformed) {
    it(`refuses a push with ${what} with 400 and applies nothing`, async () => {
      const device = await registerDevice(api);
      const before = await playerFlowSnapshot(api.dataSource);
      const res =
        what === 'a body without mutations'
          ? await api.client().post('/api/sync', {}, { headers: { 'X-Device-Id': device.deviceId, 'X-Device-Secret': device.secret } })
          : await device.push(mutations as unknown[]);
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
      expect(res.body.issues).toEqual(expect.any(Array));
      expect(await playerFlowSnapshot(api.dataSource)).toEqual(before);
    });
  }
});
