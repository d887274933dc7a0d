import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN, startTestApi, type TestApi } from '../support/api-server';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  await api.adminClient();
});
afterAll(() => api.close());

it('answers 429 with Retry-After to the 11th bad login within a minute, even with the right password', async () => {
  const client = api.client();
  for (let i = 0; i < 10; i++) {
    const res = await client.post('/api/login', { username: ADMIN.username, password: `wrong-${i}` });
    expect(res.status).toBe(401);
  }
  const eleventh = await client.post('/api/login', { username: ADMIN.username, password: 'wrong-again' });
  expect(eleventh.status).toBe(429);
  expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(eleventh.body.error).toMatch(/Demasiadas solicitudes/);
  const right = await client.post('/api/login', ADMIN);
  expect(right.status).toBe(429);
});

it('keeps the count in PostgreSQL, shared by every API process on the same database', async () => {
  const rows = await api.dataSource.query(`SELECT points FROM rate_limits WHERE key LIKE 'login:%'`);
  expect(rows[0].points).toBeGreaterThanOrEqual(10);
});
