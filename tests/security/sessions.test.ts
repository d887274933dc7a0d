import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../api/platform/lib/password';
import { UserEntity } from '../../db/entities';
import { ADMIN, startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildTrivia } from '../support/factories';

/** Sessions (fixation, logout, idle and absolute lifetimes), the login limiter, and the headers every reply carries. */

const MARKER = { 'X-Requested-With': 'XMLHttpRequest' };
const SESSION_COOKIE = 'trivia.sid';

/** The cookies a reply sets (name=value pairs, the cleared ones left out), as a Cookie header. */
function cookiesSetBy(response: Response): string {
  return response.headers
    .getSetCookie()
    .filter((cookie) => !/expires=Thu, 01 Jan 1970/i.test(cookie))
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ');
}

const sessionIdIn = (cookieHeader: string) => new RegExp(`(?:^|; )${SESSION_COOKIE.replace('.', '\\.')}=([^;]+)`).exec(cookieHeader)?.[1];

async function signIn(api: TestApi, credentials: { username: string; password: string }, cookie?: string) {
  return fetch(`${api.baseUrl}/api/login`, {
    method: 'POST',
    headers: { ...MARKER, 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(credentials),
  });
}

const currentUser = (api: TestApi, cookie: string) => fetch(`${api.baseUrl}/api/user`, { headers: { ...MARKER, Cookie: cookie } });

async function sessionRows(api: TestApi, id: string | undefined): Promise<number> {
  const [row] = await api.dataSource.query('SELECT count(*)::int AS n FROM sessions WHERE id = $1', [id ?? '']);
  return row.n;
}

async function addUser(api: TestApi, username: string, password: string) {
  const users = api.dataSource.getRepository(UserEntity);
  await users.save(users.create({ username, passwordHash: await hashPassword(password), firstName: 'Otra', lastName: 'Persona', email: `${username}@example.com` }));
}

describe('sign-in and sign-out', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    await api.adminClient(); // creates the admin
    await addUser(api, 'mallory', 'mallory-password-1');
  });
  afterAll(() => api.close());

  it('signs in under a new session id: a session cookie planted in the browser is not promoted and stops working', async () => {
    // Mallory signs in with her own account and plants her (valid, signed) cookie in the admin's browser.
    const planted = cookiesSetBy(await signIn(api, { username: 'mallory', password: 'mallory-password-1' }));
    expect((await (await currentUser(api, planted)).json()).username).toBe('mallory');

    const login = await signIn(api, ADMIN, planted);
    expect(login.status).toBe(200);
    const issued = cookiesSetBy(login);
    expect(sessionIdIn(issued)).toBeTruthy();
    expect(sessionIdIn(issued)).not.toBe(sessionIdIn(planted));
    expect((await (await currentUser(api, issued)).json()).username).toBe(ADMIN.username);
    // Mallory's copy of the old id is not the admin's session, nor hers any more: it is gone.
    expect((await currentUser(api, planted)).status).toBe(401);
    expect(await sessionRows(api, sessionIdIn(planted))).toBe(0);
  });

  it('ends the session on logout: its row is deleted and the old cookie, replayed, is signed out', async () => {
    const cookie = cookiesSetBy(await signIn(api, ADMIN));
    expect((await currentUser(api, cookie)).status).toBe(200);
    const logout = await fetch(`${api.baseUrl}/api/logout`, { method: 'POST', headers: { ...MARKER, Cookie: cookie } });
    expect(logout.status).toBe(200);
    expect(await sessionRows(api, sessionIdIn(cookie))).toBe(0);
    const replayed = await currentUser(api, cookie);
    expect(replayed.status).toBe(401);
    expect(await replayed.json()).toMatchObject({ code: 'unauthenticated' });
  });
});

describe('session lifetimes (idle 1 h, absolute 3 h through the environment), on a clock the test moves', () => {
  const IDLE_MS = 3_600_000;
  const ABSOLUTE_MS = 3 * 3_600_000;
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ SESSION_MAX_AGE_HOURS: '1', SESSION_ABSOLUTE_HOURS: '3' });
    await api.adminClient();
  });
  afterAll(() => api.close());
  // The server runs in this process and reads the time through Date: moving Date's clock moves the
  // server's, with no real waiting (timers stay real, so the database and HTTP work as ever).
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() }));
  afterEach(() => vi.useRealTimers());
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

  it('ends a session that keeps being used at its absolute age: the admin gets the normal 401 and signs in again', async () => {
    const signedInAt = Date.now();
    const cookie = cookiesSetBy(await signIn(api, ADMIN));
    let lastSignedIn = 0;
    let firstSignedOut: { at: number; body: unknown } | undefined;
    while (!firstSignedOut && Date.now() - signedInAt < ABSOLUTE_MS + IDLE_MS) {
      const reply = await currentUser(api, cookie);
      const at = Date.now() - signedInAt;
      if (reply.status === 200) lastSignedIn = at;
      else firstSignedOut = { at, body: await reply.json() };
      later(10 * 60_000); // used every ten minutes
    }
    // Used every ten minutes, it outlived its idle lifetime twice over...
    expect(lastSignedIn).toBeGreaterThan(2 * IDLE_MS);
    // ...and ended at its absolute age, with the usual 401.
    expect(firstSignedOut, 'the session never ended').toBeDefined();
    expect(firstSignedOut!.at).toBeGreaterThanOrEqual(ABSOLUTE_MS);
    expect(firstSignedOut!.at).toBeLessThanOrEqual(ABSOLUTE_MS + 10 * 60_000);
    expect(firstSignedOut!.body).toEqual({ error: 'No has iniciado sesión', message: 'No has iniciado sesión', code: 'unauthenticated' });
    expect(await sessionRows(api, sessionIdIn(cookie))).toBe(0);
    // Signing in again starts a new session with a full lifetime.
    const again = cookiesSetBy(await signIn(api, ADMIN));
    expect((await currentUser(api, again)).status).toBe(200);
  });

  it('ends a session left unused for its idle lifetime, and not before', async () => {
    const cookie = cookiesSetBy(await signIn(api, ADMIN));
    expect((await currentUser(api, cookie)).status).toBe(200);
    later(IDLE_MS - 60_000);
    expect((await currentUser(api, cookie)).status).toBe(200);
    later(IDLE_MS + 60_000);
    expect((await currentUser(api, cookie)).status).toBe(401);
  });
});

describe('brute force (LOGIN_RATE_LIMIT 3 through the environment)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ LOGIN_RATE_LIMIT: '3' });
    await api.adminClient();
  });
  afterAll(() => api.close());

  it('answers the 4th wrong password within a minute with 429, and then the right one too, without signing in', async () => {
    for (let i = 0; i < 3; i++) {
      const wrong = await signIn(api, { username: ADMIN.username, password: `guess-${i}` });
      expect(wrong.status).toBe(401);
    }
    const fourth = await signIn(api, { username: 'someone-else', password: 'guess-3' });
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    const right = await signIn(api, ADMIN);
    expect(right.status).toBe(429);
    expect(await right.json()).toMatchObject({ code: 'rate_limited' });
    expect(sessionIdIn(cookiesSetBy(right))).toBeUndefined();
  });
});

describe('headers', () => {
  const PERMISSIONS = 'camera=(), microphone=(), geolocation=(), fullscreen=(self), screen-wake-lock=(self)';
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('sends Permissions-Policy and Cache-Control: no-store on signed-in, signed-out, error and public API replies', async () => {
    const admin = await api.adminClient();
    const replies = {
      'signed-in list': await admin.get('/api/companies'),
      'signed-in user': await admin.get('/api/user'),
      'signed-out 401': await api.client().get('/api/companies'),
      'unknown path 404': await api.client().get('/api/no-such-thing'),
      'CSRF 403': await api.client().post('/api/companies', { name: 'X' }, { withoutMarker: true }),
      'public document types': await api.client().get('/api/document-types'),
      health: await api.client().get('/api/health'),
    };
    for (const [name, reply] of Object.entries(replies)) {
      expect(reply.headers.get('permissions-policy'), name).toBe(PERMISSIONS);
      expect(reply.headers.get('cache-control'), name).toBe('no-store');
    }
  });

  it('keeps the public bundle revalidated with its ETag (no-cache, 304), not no-store', async () => {
    const company = await buildCompany(api.dataSource);
    const { group } = await buildTrivia(api.dataSource, company.id, { questions: 1 });
    const first = await api.client().get(`/api/play/${group.id}/bundle`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await api.client().get(`/api/play/${group.id}/bundle`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('no-cache');
    expect(again.headers.get('permissions-policy')).toBe(PERMISSIONS);
  });

  describe('on the web app\'s pages', () => {
    let web: TestApi;
    let baseUrl: string;
    beforeAll(async () => {
      web = await startTestApi({}, {
        writeWebDist: (dir) => {
          writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Admin</title>');
          writeFileSync(path.join(dir, 'play.html'), '<!doctype html><title>Jugar</title>');
        },
      });
      baseUrl = web.baseUrl;
    });
    afterAll(() => web.close());

    it('sends Permissions-Policy on the player page (kiosk: fullscreen and wake lock on its own origin) and the admin app, keeping their caching', async () => {
      for (const page of ['/play-trivia/1', '/companies']) {
        const reply = await fetch(`${baseUrl}${page}`);
        expect(reply.status, page).toBe(200);
        expect(reply.headers.get('permissions-policy'), page).toBe(PERMISSIONS);
        expect(reply.headers.get('cache-control'), page).toBe('no-cache');
      }
    });

    it('answers every spelling of an API path as the API, never with a page', async () => {
      const reply = await fetch(`${baseUrl}/API/Health`);
      expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await reply.json()).toEqual({ status: 'ok', db: 'ok' });
    });
  });
});
