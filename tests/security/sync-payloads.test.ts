import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH } from '../../api/platform/http/json-depth';
import { SYNC_MUTATION_MAX_BYTES } from '../../api/play/sync/limits';
import { startTestApi, type TestApi } from '../support/api-server';
import type { TestClient } from '../support/http-client';
import { apiRouteList } from '../support/route-list';
import { registerDevice } from '../support/player-flow';

/**
 * Hostile sync pushes. The probe found: a payload nested 5,000 levels deep answered 500; a
 * rejected payload with an object where a string belongs made GET /api/sync/rejections answer 500
 * from then on. Now: a body nested past the limit is a 400 on every route before anything reads
 * it, an oversize mutation refuses its push before anything is stored, what a rejection stores is
 * always displayable, and the list never 500s, even on rows an older version stored.
 */
let api: TestApi;
let admin: TestClient;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
});
afterAll(() => api.close());

/** JSON text nested `depth` objects deep (built as text: a client's own JSON.stringify may not go that deep). */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

const counter = async (deviceId: string): Promise<number> =>
  (await api.dataSource.query(`SELECT last_mutation_id FROM devices WHERE id = $1`, [deviceId]))[0].last_mutation_id;
const storedRows = async (deviceId: string) =>
  api.dataSource.query(`SELECT mutation_id, status, payload FROM sync_mutations WHERE device_id = $1 ORDER BY mutation_id`, [deviceId]);

function rawPush(device: { deviceId: string; secret: string }, body: string) {
  return api.client().post('/api/sync', undefined, {
    raw: body,
    headers: { 'Content-Type': 'application/json', 'X-Device-Id': device.deviceId, 'X-Device-Secret': device.secret },
  });
}

describe('a JSON body nested too deep', () => {
  it('a sync push nested 5,000 levels deep is a 400 json_too_deep, and nothing is stored', async () => {
    const device = await registerDevice(api);
    const res = await rawPush(device, `{"mutations":[{"mutationId":1,"kind":"player","payload":${nested(5000)}}]}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'json_too_deep', error: expect.any(String), message: expect.any(String) });
    expect(res.text).not.toMatch(/at \w+ \(|stack/i);
    expect(await counter(device.deviceId)).toBe(0);
    expect(await storedRows(device.deviceId)).toEqual([]);
    // Within the limit the same push is read and settled (rejected: it is no registration).
    const fits = await rawPush(device, `{"mutations":[{"mutationId":1,"kind":"player","payload":${nested(JSON_MAX_DEPTH - 4)}}]}`);
    expect(fits.status).toBe(200);
    expect(fits.body.results[0]).toMatchObject({ mutationId: 1, status: 'rejected' });
  });

  it('every route that takes a body refuses one nested past the limit with 400 json_too_deep', async () => {
    const routes = apiRouteList(api.config, api.dataSource).filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method));
    expect(routes.length).toBeGreaterThan(20);
    const body = `{"x":${nested(JSON_MAX_DEPTH + 1)}}`;
    const failures: string[] = [];
    for (const route of routes) {
      const path = route.path.replace(/:(\w+)/g, (_, name: string) => (name === 'token' ? 'abc.def' : '1'));
      const res = await admin.request(route.method, path, undefined, { raw: body, headers: { 'Content-Type': 'application/json' } });
      if (res.status !== 400 || res.body?.code !== 'json_too_deep') failures.push(`${route.method} ${route.path}: ${res.status} ${res.text.slice(0, 80)}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('the size of a sync push', () => {
  it('a mutation over the size limit refuses its push with 413 before anything of it is applied or stored', async () => {
    const device = await registerDevice(api);
    const huge = { clientId: crypto.randomUUID(), fullName: 'x'.repeat(SYNC_MUTATION_MAX_BYTES), documentTypeId: 1, documentNumber: '123456', locationId: 1 };
    const res = await device.push([{ mutationId: 1, kind: 'player', payload: huge }]);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('sync_mutation_too_large');
    expect(await counter(device.deviceId)).toBe(0);
    expect(await storedRows(device.deviceId)).toEqual([]);
  });
});

describe('GET /api/sync/rejections after hostile pushes', () => {
  it('a rejected payload with objects where text belongs is stored displayable and listed, never a 500', async () => {
    const device = await registerDevice(api);
    const hostile = {
      clientId: { toString: 1, valueOf: 1 },
      fullName: { toString: 'x' },
      documentNumber: { toString: 1, valueOf: 1 },
      documentTypeId: [1, 2, 3],
      locationId: { nested: { deeper: true } },
    };
    const body = JSON.stringify({ mutations: [{ mutationId: 1, kind: 'player', payload: hostile }] });
    const pushed = await rawPush(device, body);
    expect(pushed.status, pushed.text).toBe(200);
    expect(pushed.body.results[0]).toMatchObject({ mutationId: 1, status: 'rejected', reason: expect.any(String) });

    // What is stored is what staff are shown: no nested object, no raw document number.
    const [stored] = await storedRows(device.deviceId);
    expect(stored.payload).toEqual({ documentTypeId: 3 });

    const list = await admin.get('/api/sync/rejections?limit=5000');
    expect(list.status).toBe(200);
    const mine = list.body.find((r: { deviceId: string }) => r.deviceId === device.deviceId);
    expect(mine).toMatchObject({ mutationId: 1, kind: 'player', reason: pushed.body.results[0].reason, payload: { documentTypeId: 3 } });
    // A second push (the probe's "from then on") leaves the list readable.
    expect((await rawPush(device, body.replace('"mutationId":1', '"mutationId":2'))).status).toBe(200);
    expect((await admin.get('/api/sync/rejections')).status).toBe(200);
  });

  it('lists rows an older version stored with any payload at all, never a 500', async () => {
    const device = await registerDevice(api);
    const payloads: string[] = [
      '{"documentNumber":{"toString":1,"valueOf":1},"fullName":{"toString":"x"}}',
      '{"documentNumber":[1,2],"clientId":{"a":{"b":{"c":1}}}}',
      '{"__proto__":{"polluted":true},"constructor":{"prototype":1},"documentNumber":"XY123456789"}',
      '[1,2,3]',
      '"just text"',
      '42',
      'null',
      nested(1000),
      `{"fullName":"${'y'.repeat(200_000)}"}`,
      `{${Array.from({ length: 2000 }, (_, i) => `"k${i}":${i}`).join(',')}}`,
      '{"documentNumber":12345678901234567890,"completionTime":1e308}',
    ];
    for (const [index, payload] of payloads.entries()) {
      await api.dataSource.query(
        `INSERT INTO sync_mutations (device_id, mutation_id, kind, payload_hash, payload, status, reason)
         VALUES ($1, $2, $3, repeat('0', 64), $4::jsonb, 'rejected', $5)`,
        [device.deviceId, index + 1, index % 2 ? 'player' : 'weird-kind', payload, index % 3 ? 'Motivo' : null],
      );
    }
    const list = await admin.get('/api/sync/rejections?limit=5000');
    expect(list.status).toBe(200);
    const mine = list.body.filter((r: { deviceId: string }) => r.deviceId === device.deviceId);
    expect(mine).toHaveLength(payloads.length);
    for (const row of mine) {
      expect(typeof row.reason).toBe('string');
      for (const value of Object.values(row.payload)) expect(['string', 'number', 'boolean'].includes(typeof value) || value === null).toBe(true);
      expect(Object.keys(row.payload).length).toBeLessThanOrEqual(20);
    }
    expect(list.text).not.toContain('XY123456789');
    expect(list.text).not.toContain('y'.repeat(201));
  });
});
