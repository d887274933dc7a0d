import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverTimeZone } from '../../api/platform/lib/time-zone';
import { hashPassword } from '../../api/platform/lib/password';
import { UserEntity } from '../../db/entities';
import { ADMIN, startTestApi, type TestApi } from '../support/api-server';
import { startApiProcesses } from '../support/api-processes';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('POST /api/register', () => {
  it('lets the first user register without a session (bootstrap) and signs them in', async () => {
    const client = api.client();
    const res = await client.post('/api/register', {
      username: 'first.admin',
      password: 'a-long-password',
      firstName: 'Primera',
      lastName: 'Persona',
      email: 'first@example.com',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: 'first.admin', firstName: 'Primera', role: 'owner' });
    expect(res.body).not.toHaveProperty('passwordHash');
    expect(res.body).not.toHaveProperty('password');
    expect((await client.get('/api/user')).body.username).toBe('first.admin');
    // Their registration is their own first entry in "Actividad", installation-wide.
    const [entry] = (await client.get('/api/activity?kind=user')).body.entries;
    expect(entry).toMatchObject({ author: { id: res.body.id }, companyId: null, objectId: res.body.id, action: 'created', summary: 'Se registró como primer usuario: Primera Persona (first.admin)' });
  });

  it('refuses a public registration once a user exists', async () => {
    const res = await api.client().post('/api/register', {
      username: 'intruder',
      password: 'a-long-password',
      firstName: 'X',
      lastName: 'Y',
      email: 'x@example.com',
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toBeTruthy();
  });

  it('lets a signed-in admin register another user, and refuses a taken username with 409', async () => {
    const admin = await api.adminClient();
    const body = { username: 'second', password: 'a-long-password', firstName: 'Se', lastName: 'Gundo', email: 's@example.com' };
    const registered = await admin.post('/api/register', body);
    expect(registered.status).toBe(201);
    const [entry] = (await admin.get('/api/activity?kind=user&limit=1')).body.entries;
    expect(entry).toMatchObject({ author: { name: 'Ana Admin' }, objectId: registered.body.id, action: 'created', summary: 'Registró a Se Gundo (second) como propietario' });
    const again = await admin.post('/api/register', body);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('El nombre de usuario ya está en uso');
  });

  it('lets only one of two simultaneous public registrations on an empty database through', async () => {
    const fresh = await startTestApi();
    try {
      const register = (username: string) =>
        fresh.client().post('/api/register', { username, password: 'a-long-password', firstName: 'A', lastName: 'B', email: `${username}@example.com` });
      const replies = await Promise.all([register('racer.one'), register('racer.two')]);
      expect(replies.map((r) => r.status).sort()).toEqual([201, 401]);
      const rows = await fresh.dataSource.query('SELECT count(*)::int AS n FROM users');
      expect(rows[0].n).toBe(1);
    } finally {
      await fresh.close();
    }
  });

  it('answers 400 with each failing field', async () => {
    const admin = await api.adminClient();
    const res = await admin.post('/api/register', { username: 'ab', password: 'short', firstName: '', lastName: 'x', email: 'nope' });
    expect(res.status).toBe(400);
    const paths = res.body.issues.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['username', 'password', 'firstName', 'email']));
  });
});

describe('POST /api/login and /api/logout', () => {
  it('signs in with the right password, sets an httpOnly SameSite=Lax cookie and returns the user', async () => {
    await api.adminClient();
    const client = api.client();
    const res = await client.post('/api/login', ADMIN);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: ADMIN.username, firstName: 'Ana', lastName: 'Admin' });
    const cookie = res.headers.getSetCookie().join('\n');
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect((await client.get('/api/user')).status).toBe(200);
  });

  it('gives one message whether the user exists or not', async () => {
    const wrongPassword = await api.client().post('/api/login', { username: ADMIN.username, password: 'wrong-password' });
    const noSuchUser = await api.client().post('/api/login', { username: 'nobody-here', password: 'wrong-password' });
    expect(wrongPassword.status).toBe(401);
    expect(noSuchUser.status).toBe(401);
    expect(wrongPassword.body).toEqual(noSuchUser.body);
    expect(wrongPassword.body.error).toBe('Usuario o contraseña incorrectos');
  });

  it('ends the session on logout: the old cookie, replayed by hand, is no longer signed in', async () => {
    const client = await api.adminClient();
    const oldCookie = client.cookieHeader();
    const userWith = (cookie: string) =>
      fetch(`${api.baseUrl}/api/user`, { headers: { Cookie: cookie, 'X-Requested-With': 'XMLHttpRequest' } });
    expect((await userWith(oldCookie)).status).toBe(200);
    expect((await client.post('/api/logout')).status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await userWith(oldCookie)).status).toBe(401);
  });
});

describe('two API processes on one database', () => {
  it('accept each other\'s session cookies', async () => {
    const pair = await startApiProcesses(2);
    try {
      const users = pair.dataSource.getRepository(UserEntity);
      await users.save(users.create({ username: ADMIN.username, passwordHash: await hashPassword(ADMIN.password), firstName: 'Ana', lastName: 'Admin', email: 'ana@example.com' }));
      const [a, b] = pair.processes;
      const onA = a!.client();
      expect((await onA.post('/api/login', ADMIN)).status).toBe(200);
      const onB = await fetch(`${b!.baseUrl}/api/user`, { headers: { Cookie: onA.cookieHeader() } });
      expect(onB.status).toBe(200);
      expect((await onB.json()).username).toBe(ADMIN.username);
      // and a logout on B ends the session on A too
      const logoutOnB = await fetch(`${b!.baseUrl}/api/logout`, {
        method: 'POST',
        headers: { Cookie: onA.cookieHeader(), 'X-Requested-With': 'XMLHttpRequest' },
      });
      expect(logoutOnB.status).toBe(200);
      expect((await onA.get('/api/user')).status).toBe(401);
    } finally {
      await pair.close();
    }
  });
});

describe('session cookies behind a proxy (TRUST_PROXY=true)', () => {
  let proxied: TestApi;
  beforeAll(async () => {
    proxied = await startTestApi({ TRUST_PROXY: 'true' });
    await proxied.adminClient();
  });
  afterAll(() => proxied.close());

  it('signs in over plain HTTP without a 500, with a cookie not marked Secure', async () => {
    const res = await proxied.client().post('/api/login', ADMIN);
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join('\n')).not.toMatch(/;\s*secure/i);
  });

  it('marks the cookie Secure when the proxy says the request came over HTTPS', async () => {
    const res = await proxied.client().post('/api/login', ADMIN, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join('\n')).toMatch(/;\s*secure/i);
  });
});

describe('GET /api/user', () => {
  it('is 401 in the error shape when signed out', async () => {
    const res = await api.client().get('/api/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'No has iniciado sesión', message: 'No has iniciado sesión', code: 'unauthenticated' });
  });
});

describe('GET /api/session', () => {
  it('answers 200 with the signed-in user, or null when signed out (the sign-in page logs no failed request)', async () => {
    const anonymous = await api.client().get('/api/session');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual({ user: null, serverTimeZone: serverTimeZone() });
    const admin = await api.adminClient();
    const signedIn = await admin.get('/api/session');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ role: 'owner' });
    expect(signedIn.body.user).not.toHaveProperty('passwordHash');
  });
});
