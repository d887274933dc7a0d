import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildKioskSite, chooseAnswers, kioskPlay, registerDevice, type KioskSite, type TestTrivia } from '../support/player-flow';

let api: TestApi;
let cc: number;
let site: KioskSite['site'];
let trivia: TestTrivia;
beforeAll(async () => {
  api = await startTestApi();
  ({ cc, site, trivia } = await buildKioskSite(api.dataSource, { siteName: 'Pabellón 2', trivia: { questions: 4 } }));
});
afterAll(() => api.close());

const play = (firstMutationId: number) => kioskPlay({ cc, site, trivia }, firstMutationId, { answers: chooseAnswers(trivia, 2) });
const deviceRow = async (id: string) => (await api.dataSource.query(`SELECT id, last_mutation_id FROM devices WHERE id = $1`, [id]))[0];
const attemptByClientId = async (clientId: string) =>
  (await api.dataSource.query(`SELECT device_id, score, completed_at FROM player_attempts WHERE client_id = $1`, [clientId]))[0];

describe('device identity', () => {
  it('recognises a device whose row was lost (a restored database): same id, a gap to resync from, then everything applies', async () => {
    const device = await registerDevice(api);
    expect((await device.push(play(1).mutations)).status).toBe(200);
    // The database goes back to a backup taken before this kiosk registered.
    await api.dataSource.query(`DELETE FROM devices WHERE id = $1`, [device.deviceId]);

    const next = play(4);
    const gap = await device.push(next.mutations);
    expect(gap.status).toBe(409);
    expect(gap.body).toMatchObject({ code: 'sync_gap', lastMutationId: 0 });
    expect(await deviceRow(device.deviceId)).toMatchObject({ id: device.deviceId, last_mutation_id: 0 });

    // The kiosk renumbers its pending entries from lastMutationId + 1 and sends them again.
    const renumbered = next.mutations.map((m, i) => ({ ...m, mutationId: i + 1 }));
    const res = await device.push(renumbered);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied']);
    expect(await attemptByClientId(next.attemptClientId)).toMatchObject({ device_id: device.deviceId, score: 50 });
    expect((await deviceRow(device.deviceId)).last_mutation_id).toBe(3);
  });

  it('still accepts a device registered with a random secret before secrets were derived', async () => {
    const id = randomUUID();
    const secret = randomBytes(32).toString('base64url');
    await api.dataSource.query(`INSERT INTO devices (id, secret_hash) VALUES ($1, $2)`, [id, createHash('sha256').update(secret).digest('hex')]);
    const res = await api.client().post('/api/sync', { mutations: play(1).mutations }, { headers: { 'X-Device-Id': id, 'X-Device-Secret': secret } });
    expect(res.status).toBe(200);
    expect((await deviceRow(id)).last_mutation_id).toBe(3);
  });

  it('refuses a secret the server cannot verify with 403 device_unknown and creates no row', async () => {
    const id = randomUUID();
    const res = await api.client().post('/api/sync', { mutations: play(1).mutations }, { headers: { 'X-Device-Id': id, 'X-Device-Secret': 'guessed-secret' } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('device_unknown');
    expect(await deviceRow(id)).toBeUndefined();
    // Another device's secret does not open this id either.
    const other = await registerDevice(api);
    const borrowed = await api.client().post('/api/sync', { mutations: play(1).mutations }, { headers: { 'X-Device-Id': id, 'X-Device-Secret': other.secret } });
    expect(borrowed.status).toBe(403);
    expect(await deviceRow(id)).toBeUndefined();
  });
});
