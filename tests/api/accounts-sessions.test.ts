import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import type { TestClient } from '../support/http-client';

let api: TestApi;
let owner: TestClient;
beforeAll(async () => {
  api = await startTestApi();
  owner = await api.adminClient();
});
afterAll(() => api.close());

const PASSWORD = 'una-clave-bien-larga';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';

let serial = 0;
/** A fresh user with a password: invited by the owner, their link redeemed from a Firefox on Windows. Their username and that client. */
async function activeUser() {
  serial += 1;
  const username = `sesiones.${serial}`;
  const invited = await owner.post('/api/users', { username, firstName: 'Sesiones', lastName: `Número ${serial}`, email: `${username}@example.com` });
  const token = (invited.body.link.path as string).replace('/cuenta/', '');
  const laptop = api.client();
  const redeemed = await laptop.post('/api/account-links/redeem', { token, password: PASSWORD }, { headers: { 'User-Agent': WINDOWS_FIREFOX } });
  expect(redeemed.status).toBe(200);
  return { username, laptop };
}

function expectRefusal(res: { status: number; body: any }, status: number, code: string) {
  expect({ status: res.status, code: res.body?.code }).toEqual({ status, code });
  expect(typeof res.body.error).toBe('string');
}

describe('Sesiones abiertas (GET and DELETE /api/account/sessions)', () => {
  it("lists the caller's sessions with their browser, address and times, this one marked, never an id", async () => {
    const { username } = await activeUser();
    const phone = api.client();
    expect((await phone.post('/api/login', { username, password: PASSWORD }, { headers: { 'User-Agent': ANDROID_CHROME } })).status).toBe(200);

    const listed = await phone.get('/api/account/sessions');
    expect(listed.status).toBe(200);
    const byBrowser = Object.fromEntries((listed.body as any[]).map((s) => [s.browser, s]));
    expect(Object.keys(byBrowser).sort()).toEqual(['Chrome en Android', 'Firefox en Windows']);
    expect(byBrowser['Chrome en Android']).toMatchObject({ current: true, address: expect.stringMatching(/127\.0\.0\.1|::1/) });
    expect(byBrowser['Firefox en Windows'].current).toBe(false);
    for (const session of listed.body) {
      expect(session.handle).toMatch(/^[0-9a-f]{32}$/);
      expect(Date.parse(session.signedInAt)).toBeLessThanOrEqual(Date.parse(session.lastUsedAt) + 1000);
    }
    const ids: { id: string }[] = await api.dataSource.query(`SELECT id FROM sessions WHERE data->>'userId' = (SELECT id::text FROM users WHERE username = $1)`, [username]);
    expect(ids).toHaveLength(2);
    for (const { id } of ids) expect(listed.text).not.toContain(id);
    // The owner's list holds only the owner's own sessions.
    expect(((await owner.get('/api/account/sessions')).body as any[]).map((s) => s.handle)).not.toContain(byBrowser['Firefox en Windows'].handle);
  });

  it('ends one other session by its handle (its cookie then gets 401) and refuses this one', async () => {
    const { username, laptop } = await activeUser();
    const phone = api.client();
    await phone.post('/api/login', { username, password: PASSWORD }, { headers: { 'User-Agent': ANDROID_CHROME } });
    const sessions = (await phone.get('/api/account/sessions')).body as any[];
    const other = sessions.find((s) => !s.current);
    const mine = sessions.find((s) => s.current);

    expectRefusal(await phone.delete(`/api/account/sessions/${mine.handle}`), 409, 'current_session');
    const ended = await phone.delete(`/api/account/sessions/${other.handle}`);
    expect(ended.status).toBe(200);
    expectRefusal(await laptop.get('/api/user'), 401, 'unauthenticated');
    expect((await phone.get('/api/user')).body.username).toBe(username);
    expect(((await phone.get('/api/account/sessions')).body as any[]).map((s) => s.handle)).toEqual([mine.handle]);
    expectRefusal(await phone.delete(`/api/account/sessions/${other.handle}`), 404, 'session_not_found');
  });

  it("is 404 for another user's session, 400 for a malformed handle, 403 without the CSRF header", async () => {
    const { laptop } = await activeUser();
    const theirs = ((await laptop.get('/api/account/sessions')).body as any[])[0];
    expectRefusal(await owner.delete(`/api/account/sessions/${theirs.handle}`), 404, 'session_not_found');
    expect((await laptop.get('/api/user')).status).toBe(200);
    expectRefusal(await owner.delete('/api/account/sessions/not-a-handle'), 400, 'validation_failed');
    expectRefusal(await owner.request('DELETE', `/api/account/sessions/${theirs.handle}`, undefined, { withoutMarker: true }), 403, 'csrf_header_missing');
  });

  it('says "Navegador desconocido" for a session signed in before browsers were kept', async () => {
    const { username, laptop } = await activeUser();
    await api.dataSource.query(
      `UPDATE sessions SET data = data - 'userAgent' - 'address' WHERE data->>'userId' = (SELECT id::text FROM users WHERE username = $1)`,
      [username],
    );
    const [session] = (await laptop.get('/api/account/sessions')).body as any[];
    expect(session).toMatchObject({ browser: 'Navegador desconocido', address: null, current: true });
  });

  it('is 401 signed out', async () => {
    const client = api.client();
    expectRefusal(await client.get('/api/account/sessions'), 401, 'unauthenticated');
    expectRefusal(await client.delete(`/api/account/sessions/${'a'.repeat(32)}`), 401, 'unauthenticated');
  });
});
