import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildTrivia } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { deviceHeaders, registerDevice } from '../support/player-flow';

/**
 * A kiosk never holds an admin session: a browser that redeemed a kiosk setup link is marked (a
 * signed, httpOnly cookie) and the server refuses to sign it in (403 kiosk_browser) while its
 * device is a kiosk. The kiosk drops its role first ("Dejar de ser kiosco", behind the staff PIN on
 * the device): POST /api/kiosk-release with the device's credentials clears the mark and the kiosk
 * on the server, and only then may the browser sign in.
 */
let api: TestApi;
let admin: TestClient;
let trivia: number;

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  const company = await buildCompany(api.dataSource, { name: 'Feria Kioscos' });
  trivia = (await buildTrivia(api.dataSource, company.id)).group.id;
});
afterAll(() => api.close());

/** A browser (its own cookie jar) set up as a kiosk with an admin's one-time link, as staff do. */
async function kioskBrowser(name: string) {
  const browser = api.client();
  const device = await registerDevice(api, browser, { phone: true });
  const link = await admin.post(`/api/question-groups/${trivia}/kiosk-setup`);
  const token = new URL(link.body.path, 'http://kiosk.test').searchParams.get('kiosk');
  const setup = await browser.post('/api/kiosk-setup', { token, questionGroupId: trivia, name }, { headers: deviceHeaders(device) });
  expect(setup.status).toBe(200);
  return { browser, device, setup };
}

const kioskRow = async (deviceId: string) =>
  (await api.dataSource.query(`SELECT kiosk_name, kiosk_setup_at IS NOT NULL AS kiosk FROM devices WHERE id = $1`, [deviceId]))[0] as { kiosk_name: string | null; kiosk: boolean };

describe('a kiosk browser and the admin', () => {
  it('cannot sign in, nor register an account, while it is a kiosk; another browser can', async () => {
    const { browser, setup } = await kioskBrowser('Stand Login');
    const mark = setup.headers.getSetCookie().find((cookie) => cookie.startsWith('trivia.kiosk='));
    expect(mark).toMatch(/httponly/i);
    expect(mark).toMatch(/samesite=strict/i);

    const login = await browser.post('/api/login', ADMIN);
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({ code: 'kiosk_browser', error: expect.any(String), message: expect.stringMatching(/^Este dispositivo es un kiosco/) });
    expect(login.headers.getSetCookie().some((cookie) => cookie.startsWith('trivia.sid='))).toBe(false);
    expect((await browser.get('/api/user')).status).toBe(401);
    const register = await browser.post('/api/register', { username: 'kiosco.nuevo', password: 'una-clave-larga', firstName: 'K', lastName: 'K', email: 'k@example.com' });
    expect(register.status).toBe(403);
    expect(register.body.code).toBe('kiosk_browser');

    // Another browser signs in while the kiosk is set up.
    const desk = api.client();
    expect((await desk.post('/api/login', ADMIN)).status).toBe(200);
  });

  it('signs in once the kiosk dropped its role with its own credentials, visibly: the kiosk leaves the server too', async () => {
    const { browser, device } = await kioskBrowser('Stand Suelto');
    expect(await kioskRow(device.deviceId)).toEqual({ kiosk_name: 'Stand Suelto', kiosk: true });

    // Without the device's credentials nothing is released.
    const anonymous = await browser.post('/api/kiosk-release', {});
    expect(anonymous.status).toBe(403);
    expect(anonymous.body.code).toBe('device_unknown');
    expect((await browser.post('/api/login', ADMIN)).status).toBe(403);

    const released = await browser.post('/api/kiosk-release', {}, { headers: deviceHeaders(device) });
    expect(released.status).toBe(200);
    expect(released.body).toEqual({ released: true });
    expect(released.headers.getSetCookie().some((cookie) => cookie.startsWith('trivia.kiosk=;') && /expires=Thu, 01 Jan 1970/i.test(cookie))).toBe(true);
    expect(await kioskRow(device.deviceId)).toEqual({ kiosk_name: null, kiosk: false });

    const login = await browser.post('/api/login', ADMIN);
    expect(login.status).toBe(200);
    expect((await browser.get('/api/user')).status).toBe(200);
  });

  it('follows the device: a kiosk the server no longer holds does not block its browser', async () => {
    const { browser, device } = await kioskBrowser('Stand Borrado');
    expect((await browser.post('/api/login', ADMIN)).status).toBe(403);
    await api.dataSource.query(`UPDATE devices SET kiosk_name = NULL, kiosk_question_group_id = NULL, kiosk_setup_at = NULL WHERE id = $1`, [device.deviceId]);
    expect((await browser.post('/api/login', ADMIN)).status).toBe(200);
  });
});
