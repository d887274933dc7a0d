import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildTrivia } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { documentTypeId, registerDevice, type TestTrivia } from '../support/player-flow';

let api: TestApi;
let admin: TestClient;
let trivia: TestTrivia;
let other: TestTrivia;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  const company = await buildCompany(api.dataSource);
  trivia = await buildTrivia(api.dataSource, company.id, { questions: 2 });
  other = await buildTrivia(api.dataSource, company.id, { questions: 2 });
});
afterAll(() => api.close());

/** A new setup link for the trivia, and the token in it. */
async function newLink(groupId = trivia.group.id) {
  const res = await admin.post(`/api/question-groups/${groupId}/kiosk-setup`);
  expect(res.status).toBe(201);
  const url = new URL(res.body.path, 'http://kiosk.test');
  expect(url.pathname).toBe(`/play-trivia/${groupId}`);
  // Recorded in "Actividad" (never its token).
  const [entry] = (await admin.get('/api/activity?kind=trivia&limit=1')).body.entries;
  expect(entry).toMatchObject({ objectId: groupId, action: 'link', summary: expect.stringMatching(/^Creó un enlace de configuración de quiosco para la trivia «/) });
  expect(JSON.stringify(entry)).not.toContain(url.searchParams.get('kiosk'));
  return { token: url.searchParams.get('kiosk') as string, expiresAt: res.body.expiresAt as string };
}

const redeem = (device: Awaited<ReturnType<typeof registerDevice>>, body: Record<string, unknown>) =>
  api.client().post('/api/kiosk-setup', body, { headers: { 'X-Device-Id': device.deviceId, 'X-Device-Secret': device.secret } });

const deviceRow = async (id: string) =>
  (await api.dataSource.query(`SELECT kiosk_name, kiosk_question_group_id, kiosk_setup_at FROM devices WHERE id = $1`, [id]))[0];

describe('kiosk setup links', () => {
  it('say where they stand as they open (valid, used, expired, unknown), without being used and without saying more', async () => {
    const check = (body: Record<string, unknown>) => api.client().post('/api/kiosk-setup/check', body);
    const fresh = await newLink();
    expect((await check({ token: fresh.token, questionGroupId: trivia.group.id })).body).toEqual({ state: 'valid' });
    // Checking twice uses nothing: still valid, and it still sets a kiosk up.
    expect((await check({ token: fresh.token, questionGroupId: trivia.group.id })).body).toEqual({ state: 'valid' });
    expect((await check({ token: fresh.token, questionGroupId: other.group.id })).body).toEqual({ state: 'unknown' });
    expect((await check({ token: 'A'.repeat(32), questionGroupId: trivia.group.id })).body).toEqual({ state: 'unknown' });
    const tablet = await registerDevice(api);
    expect((await redeem(tablet, { token: fresh.token, questionGroupId: trivia.group.id, name: 'Entrada' })).status).toBe(200);
    expect((await check({ token: fresh.token, questionGroupId: trivia.group.id })).body).toEqual({ state: 'used' });
    const expired = await newLink();
    await api.dataSource.query(`UPDATE kiosk_setup_links SET expires_at = now() - interval '1 second' WHERE expires_at = $1`, [expired.expiresAt]);
    expect((await check({ token: expired.token, questionGroupId: trivia.group.id })).body).toEqual({ state: 'expired' });
    // Bad input: the contract's error shape, never a 500.
    const bad = await check({ token: 'corto', questionGroupId: trivia.group.id });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: expect.any(String) });
    expect((await check({ token: fresh.token, questionGroupId: trivia.group.id, name: 'x' })).status).toBe(400);
  });

  it('are made by an admin for a trivia, expire in 24 h, and keep only a hash of the token', async () => {
    const before = Date.now();
    const { token, expiresAt } = await newLink();
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const hours = (Date.parse(expiresAt) - before) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24.01);
    const stored = await api.dataSource.query(`SELECT token_hash FROM kiosk_setup_links WHERE question_group_id = $1`, [trivia.group.id]);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('are admin only, and 404 for a missing trivia', async () => {
    const anonymous = await api.client().post(`/api/question-groups/${trivia.group.id}/kiosk-setup`);
    expect(anonymous.status).toBe(401);
    const missing = await admin.post('/api/question-groups/999999/kiosk-setup');
    expect(missing.status).toBe(404);
  });

  it('work once: the first device becomes the named kiosk, a second use is refused as used', async () => {
    const { token } = await newLink();
    const tablet = await registerDevice(api);
    const res = await redeem(tablet, { token, questionGroupId: trivia.group.id, name: '  Stand 4 · entrada  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ deviceId: tablet.deviceId, name: 'Stand 4 · entrada', questionGroupId: trivia.group.id });
    expect(await deviceRow(tablet.deviceId)).toMatchObject({ kiosk_name: 'Stand 4 · entrada', kiosk_question_group_id: trivia.group.id });

    const again = await redeem(await registerDevice(api), { token, questionGroupId: trivia.group.id, name: 'Otro' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'kiosk_setup_used' });
    // Even the device that used it cannot use it twice.
    const same = await redeem(tablet, { token, questionGroupId: trivia.group.id, name: 'Renombrado' });
    expect(same.body).toMatchObject({ code: 'kiosk_setup_used' });
    expect((await deviceRow(tablet.deviceId)).kiosk_name).toBe('Stand 4 · entrada');
  });

  it('let only one of two devices racing for the same link win', async () => {
    const { token } = await newLink();
    const devices = await Promise.all([registerDevice(api), registerDevice(api), registerDevice(api)]);
    const replies = await Promise.all(devices.map((d, i) => redeem(d, { token, questionGroupId: trivia.group.id, name: `Kiosco ${i}` })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  it('refuse an expired link, an unknown token, and a token opened for another trivia (which stays usable for its own)', async () => {
    const device = await registerDevice(api);
    const expired = await newLink();
    await api.dataSource.query(`UPDATE kiosk_setup_links SET expires_at = now() - interval '1 second' WHERE expires_at = $1`, [expired.expiresAt]);
    const late = await redeem(device, { token: expired.token, questionGroupId: trivia.group.id, name: 'Tarde' });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'kiosk_setup_expired' });

    const unknown = await redeem(device, { token: 'A'.repeat(32), questionGroupId: trivia.group.id, name: 'X' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'kiosk_setup_unknown' });

    const link = await newLink();
    const wrongTrivia = await redeem(device, { token: link.token, questionGroupId: other.group.id, name: 'X' });
    expect(wrongTrivia.body).toMatchObject({ code: 'kiosk_setup_unknown' });
    expect((await redeem(device, { token: link.token, questionGroupId: trivia.group.id, name: 'Bien' })).status).toBe(200);
  });

  it('need a registered device and a well-formed request', async () => {
    const { token } = await newLink();
    const anonymous = await api.client().post('/api/kiosk-setup', { token, questionGroupId: trivia.group.id, name: 'X' });
    expect(anonymous.status).toBe(403);
    expect(anonymous.body).toMatchObject({ code: 'device_unknown' });
    const device = await registerDevice(api);
    for (const body of [
      { token: 'corto', questionGroupId: trivia.group.id, name: 'X' },
      { token, questionGroupId: trivia.group.id, name: '   ' },
      { token, questionGroupId: trivia.group.id, name: 'x'.repeat(61) },
      { token, questionGroupId: 'uno', name: 'X' },
      { token, questionGroupId: trivia.group.id, name: 'X', pin: '1234' },
    ]) {
      const res = await redeem(device, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed' });
    }
    // None of the refusals used the link.
    expect((await redeem(device, { token, questionGroupId: trivia.group.id, name: 'Bien' })).status).toBe(200);
  });

  it('redeemed in a browser signed in as an admin, end that session: the kiosk is set up, the browser signed out, its old cookie refused', async () => {
    const { token } = await newLink();
    const tablet = await api.adminClient(); // the admin's own browser, where the link was opened
    const sessionId = sessionIdOf(tablet);
    const cookie = tablet.cookieHeader();
    expect((await tablet.get('/api/user')).status).toBe(200);
    const device = await registerDevice(api, tablet);

    const res = await tablet.post('/api/kiosk-setup', { token, questionGroupId: trivia.group.id, name: 'Stand 9' }, { headers: { 'X-Device-Id': device.deviceId, 'X-Device-Secret': device.secret } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ deviceId: device.deviceId, name: 'Stand 9', questionGroupId: trivia.group.id, adminSignedOut: true });
    expect(res.headers.getSetCookie().some((c) => c.startsWith('trivia.sid=;') && /expires=Thu, 01 Jan 1970/i.test(c))).toBe(true);
    expect(await deviceRow(device.deviceId)).toMatchObject({ kiosk_name: 'Stand 9', kiosk_question_group_id: trivia.group.id });

    // The next admin request from that browser is 401, and so is its old cookie replayed: the session row is gone.
    expect((await tablet.get('/api/user')).status).toBe(401);
    expect((await tablet.post(`/api/question-groups/${trivia.group.id}/kiosk-setup`)).status).toBe(401);
    const replayed = await fetch(`${api.baseUrl}/api/user`, { headers: { Cookie: cookie } });
    expect(replayed.status).toBe(401);
    expect(await api.dataSource.query(`SELECT id FROM sessions WHERE id = $1`, [sessionId])).toEqual([]);
    // The kiosk goes on working as a device; another admin's browser is still signed in.
    expect((await device.push([])).status).toBe(400);
    expect((await tablet.get('/api/devices/me/receipt', { headers: { 'X-Device-Id': device.deviceId, 'X-Device-Secret': device.secret } })).status).toBe(200);
    expect((await admin.get('/api/user')).status).toBe(200);

    // Without an admin session nothing is signed out, and the reply says so.
    const plain = await registerDevice(api);
    const other = await redeem(plain, { token: (await newLink()).token, questionGroupId: trivia.group.id, name: 'Stand 10' });
    expect(other.body).toMatchObject({ name: 'Stand 10', adminSignedOut: false });
    // No session cookie is touched; the only cookie set is the kiosk's mark (tests/security/kiosk-admin-login.test.ts).
    expect(other.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual(['trivia.kiosk', 'trivia.kiosk.sig']);
  });

  it('redeemed with an admin cookie, end the session even when the link is refused', async () => {
    const tablet = await api.adminClient();
    const device = await registerDevice(api, tablet);
    const res = await tablet.post('/api/kiosk-setup', { token: 'B'.repeat(32), questionGroupId: trivia.group.id, name: 'X' }, { headers: { 'X-Device-Id': device.deviceId, 'X-Device-Secret': device.secret } });
    expect(res.body).toMatchObject({ code: 'kiosk_setup_unknown' });
    expect((await tablet.get('/api/user')).status).toBe(401);
  });
});

/** The session id a client's cookie names (the signed cookie's value). */
const sessionIdOf = (client: TestClient) => /(?:^|; )trivia\.sid=([^;]+)/.exec(client.cookieHeader())![1]!;

describe('player routes with an admin cookie', () => {
  it('neither read nor keep alive the admin session, and answer as without it', async () => {
    const browser = await api.adminClient();
    const sessionId = sessionIdOf(browser);
    // The session near the end of its idle lifetime: any request that reads it renews it.
    const nearEnd = Date.now() + 3_600_000;
    const age = async () =>
      (await api.dataSource.query(`SELECT expires_at, data->'_expire' AS expire FROM sessions WHERE id = $1`, [sessionId]))[0] as { expires_at: Date; expire: number };
    await api.dataSource.query(`UPDATE sessions SET expires_at = $2, data = jsonb_set(data, '{_expire}', to_jsonb($3::bigint)) WHERE id = $1`, [sessionId, new Date(nearEnd), nearEnd]);
    const before = await age();

    const device = await registerDevice(api, browser);
    const asDevice = { headers: { 'X-Device-Id': device.deviceId, 'X-Device-Secret': device.secret } };
    const cc = await documentTypeId(api.dataSource);
    const anonymous = api.client();
    const check = { documentTypeId: cc, documentNumber: '900111222', companyId: trivia.group.companyId, questionGroupId: trivia.group.id };
    const replies = [
      await browser.get(`/api/play/${trivia.group.id}/bundle`),
      await browser.get(`/api/play/${trivia.group.id}/manifest.webmanifest`),
      await browser.post('/api/players/validate', check),
      await browser.post('/api/players', {}),
      await browser.post('/api/player-attempts', {}),
      await browser.request('PATCH', '/api/player-attempts/1', {}),
      await browser.post('/api/devices/me/heartbeat', {}, asDevice),
      await browser.get('/api/devices/me/receipt', asDevice),
      await browser.post('/api/sync', { mutations: [] }, asDevice),
    ];
    for (const reply of replies) expect(reply.headers.getSetCookie()).toEqual([]);
    expect(await age()).toEqual(before);

    // The same answers as a browser with no cookie at all.
    expect(replies[0]!.body).toEqual((await anonymous.get(`/api/play/${trivia.group.id}/bundle`)).body);
    expect(replies[2]!.body).toEqual((await anonymous.post('/api/players/validate', check)).body);
    expect(replies[3]!.status).toBe((await anonymous.post('/api/players', {})).status);

    // An admin route does read it, and renews it: what the player routes above did not do.
    expect((await browser.get('/api/user')).status).toBe(200);
    expect((await age()).expires_at.getTime()).toBeGreaterThan(nearEnd + 3_600_000);
  });
});
