import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../api/platform/lib/password';
import { UserEntity } from '../../db/entities';
import { ADMIN, startTestApi, type TestApi } from '../support/api-server';
import { startApiProcesses } from '../support/api-processes';

const badLogin = (i: number) => ({ username: ADMIN.username, password: `wrong-${i}` });

describe('one process (LOGIN_RATE_LIMIT 10)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    await api.adminClient();
  });
  afterAll(() => api.close());

  it('answers 429 with Retry-After to the 11th bad login within a minute, even with the right password', async () => {
    const client = api.client();
    for (let i = 0; i < 10; i++) {
      const res = await client.post('/api/login', badLogin(i));
      expect(res.status).toBe(401);
    }
    const eleventh = await client.post('/api/login', badLogin(11));
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(eleventh.body.error).toMatch(/Demasiadas solicitudes/);
    const right = await client.post('/api/login', ADMIN);
    expect(right.status).toBe(429);
  });
});

describe('parallel guesses', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    await api.adminClient();
  });
  afterAll(() => api.close());

  it('lets no more than 10 of 15 bad logins sent at once reach the password check', async () => {
    const replies = await Promise.all(Array.from({ length: 15 }, (_, i) => api.client().post('/api/login', badLogin(i))));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    for (const reply of replies.filter((r) => r.status === 429)) {
      expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(reply.body.error).toMatch(/Demasiadas solicitudes/);
    }
  });
});

describe('right passwords', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('are not counted: 11 sign-ins in a row all succeed and a bad one after them is still a 401', async () => {
    await api.adminClient();
    for (let i = 0; i < 11; i++) expect((await api.client().post('/api/login', ADMIN)).status).toBe(200);
    expect((await api.client().post('/api/login', badLogin(0))).status).toBe(401);
  });
});

describe('expired counters', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('are deleted when a new count is written, so the table does not grow without bound', async () => {
    await api.dataSource.query(`INSERT INTO rate_limits (key, points, expire) VALUES ('login:login:203.0.113.9', 3, $1)`, [Date.now() - 1000]);
    await api.client().post('/api/login', badLogin(1));
    const left = await api.dataSource.query(`SELECT key FROM rate_limits WHERE key = 'login:login:203.0.113.9'`);
    expect(left).toEqual([]);
  });
});

describe('behind a proxy (TRUST_PROXY=true, one hop)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ TRUST_PROXY: 'true' });
    await api.adminClient();
  });
  afterAll(() => api.close());

  it('counts by the address the proxy saw, so a client-chosen left-most X-Forwarded-For does not dodge the limit', async () => {
    const client = api.client();
    const from = (spoofed: string) => ({ headers: { 'X-Forwarded-For': `${spoofed}, 198.51.100.7` } });
    for (let i = 0; i < 10; i++) {
      expect((await client.post('/api/login', badLogin(i), from(`10.0.0.${i}`))).status).toBe(401);
    }
    expect((await client.post('/api/login', badLogin(10), from('10.0.0.99'))).status).toBe(429);
    // another real client (another address seen by the proxy) is not affected
    expect((await client.post('/api/login', badLogin(11), { headers: { 'X-Forwarded-For': '198.51.100.8' } })).status).toBe(401);
  });
});

describe('two API processes on one database', () => {
  it('share the count: 10 bad logins on A make the next one on B a 429', async () => {
    const pair = await startApiProcesses(2);
    try {
      const users = pair.dataSource.getRepository(UserEntity);
      await users.save(
        users.create({ username: ADMIN.username, passwordHash: await hashPassword(ADMIN.password), firstName: 'Ana', lastName: 'Admin', email: 'ana@example.com' }),
      );
      const [a, b] = pair.processes;
      for (let i = 0; i < 10; i++) expect((await a!.client().post('/api/login', badLogin(i))).status).toBe(401);
      const onB = await b!.client().post('/api/login', ADMIN);
      expect(onB.status).toBe(429);
      expect(Number(onB.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await pair.close();
    }
  });
});
