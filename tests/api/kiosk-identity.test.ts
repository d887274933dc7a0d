import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIOSK_CERTIFICATE_HEADER } from '../../contract';
import { issueKioskCertificate } from '../../api/play/devices/kiosk-certificate';
import { startTestApi, type TestApi } from '../support/api-server';
import type { TestClient } from '../support/http-client';
import { buildKioskSite, deviceHeaders, kioskPlay, registerDevice, type KioskSite } from '../support/player-flow';

let api: TestApi;
let admin: TestClient;
let booth: KioskSite;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  booth = await buildKioskSite(api.dataSource, { siteName: 'Pabellón Azul', trivia: { questions: 4 } });
});
afterAll(() => api.close());

/** A browser set up as a kiosk through an admin's link, as staff do: its credentials and the certificate the setup gave it. */
async function setUpTablet(name: string, groupId = booth.trivia.group.id) {
  const device = await registerDevice(api, api.client(), { phone: true });
  const link = await admin.post(`/api/question-groups/${groupId}/kiosk-setup`);
  const token = new URL(link.body.path, 'http://x').searchParams.get('kiosk');
  const setup = await api.client().post('/api/kiosk-setup', { token, questionGroupId: groupId, name }, { headers: deviceHeaders(device) });
  expect(setup.status).toBe(200);
  return { device, certificate: setup.body.certificate as string, setupAt: setup.body.setupAt as string };
}

const kioskRow = async (id: string) =>
  (await api.dataSource.query(`SELECT kiosk_name, kiosk_question_group_id, kiosk_setup_at FROM devices WHERE id = $1`, [id]))[0] as
    | { kiosk_name: string | null; kiosk_question_group_id: number | null; kiosk_setup_at: Date | null }
    | undefined;

const listedKiosk = async (id: string) => (await admin.get('/api/devices?limit=200')).body.kiosks.find((k: { id: string }) => k.id === id);

const keyed = async (device: { deviceId: string; secret: string }) =>
  (await api.client().get(`/api/play/${booth.trivia.group.id}/bundle`, { headers: deviceHeaders(device) })).text.includes('isCorrect');

describe('a kiosk stays a kiosk when the server loses its row', () => {
  it('its push with its certificate recreates the row as the same kiosk: name, trivia, setup time; listed, keyed, never counted as a phone', async () => {
    const { device, certificate, setupAt } = await setUpTablet('Tableta Pabellón Azul');
    expect(certificate).toMatch(/^[\w-]+\.[\w-]+$/);
    await api.dataSource.query(`DELETE FROM devices WHERE id = $1`, [device.deviceId]);

    // Its push comes back: the row is recreated from the derived secret and made the kiosk again before the push applies.
    const plays = [1, 4, 7, 10].map((first) => kioskPlay(booth, first));
    const pushed = await device.push(
      plays.flatMap((p) => p.mutations),
      { [KIOSK_CERTIFICATE_HEADER]: certificate },
    );
    expect(pushed.status).toBe(200);
    expect(await kioskRow(device.deviceId)).toEqual({ kiosk_name: 'Tableta Pabellón Azul', kiosk_question_group_id: booth.trivia.group.id, kiosk_setup_at: new Date(setupAt) });
    // Four players from one device in an hour: a phone's would be held (too_many_players); a kiosk's are not.
    const held = await api.dataSource.query(`SELECT review_reason FROM player_attempts WHERE device_id = $1 AND review_status = 'held'`, [device.deviceId]);
    expect(held.map((r: { review_reason: string }) => r.review_reason)).not.toContain('too_many_players');
    expect(await listedKiosk(device.deviceId)).toMatchObject({ name: 'Tableta Pabellón Azul', setupAt: new Date(setupAt).toISOString(), trivia: { id: booth.trivia.group.id } });
    expect(await keyed(device)).toBe(true);
  });

  it('a heartbeat with the certificate restores it too', async () => {
    const { device, certificate } = await setUpTablet('Tableta Entrada');
    await api.dataSource.query(`DELETE FROM devices WHERE id = $1`, [device.deviceId]);
    const beat = await api.client().post('/api/devices/me/heartbeat', {}, { headers: { ...deviceHeaders(device), [KIOSK_CERTIFICATE_HEADER]: certificate } });
    expect(beat.status).toBe(200);
    expect((await kioskRow(device.deviceId))?.kiosk_name).toBe('Tableta Entrada');
  });

  it('a forged, altered or borrowed certificate makes nobody a kiosk, and no answer key goes out', async () => {
    const { certificate } = await setUpTablet('Tableta Original');
    const phone = await registerDevice(api, api.client(), { phone: true });
    const [body, signature] = certificate.split('.') as [string, string];
    const facts = { deviceId: phone.deviceId, name: 'Kiosco Falso', questionGroupId: booth.trivia.group.id, setupAt: new Date().toISOString() };
    const forgeries = [
      // Another kiosk's genuine certificate: bound to that kiosk's id.
      certificate,
      // This phone's facts signed with a guessed secret.
      issueKioskCertificate('not-the-session-secret', facts),
      // The genuine signature over altered facts.
      `${Buffer.from(JSON.stringify([phone.deviceId, 'Kiosco Falso', booth.trivia.group.id, facts.setupAt])).toString('base64url')}.${signature}`,
      `${body}.`,
      'garbage',
    ];
    for (const forged of forgeries) {
      expect((await phone.push([kioskPlay(booth, 1).mutations[0]], { [KIOSK_CERTIFICATE_HEADER]: forged })).status).toBeLessThan(500);
      const beat = await api.client().post('/api/devices/me/heartbeat', {}, { headers: { ...deviceHeaders(phone), [KIOSK_CERTIFICATE_HEADER]: forged } });
      expect(beat.status).toBe(200);
      expect(await kioskRow(phone.deviceId)).toEqual({ kiosk_name: null, kiosk_question_group_id: null, kiosk_setup_at: null });
    }
    expect(await keyed(phone)).toBe(false);
    expect(await listedKiosk(phone.deviceId)).toBeUndefined();
  });

  it('an older certificate never overrides the setup the server holds', async () => {
    const { device, certificate } = await setUpTablet('Tableta Vieja');
    const other = await buildKioskSite(api.dataSource, { siteName: 'Pabellón Verde', trivia: { questions: 4 } });
    const link = await admin.post(`/api/question-groups/${other.trivia.group.id}/kiosk-setup`);
    const token = new URL(link.body.path, 'http://x').searchParams.get('kiosk');
    expect((await api.client().post('/api/kiosk-setup', { token, questionGroupId: other.trivia.group.id, name: 'Tableta Nueva' }, { headers: deviceHeaders(device) })).status).toBe(200);
    await api.client().post('/api/devices/me/heartbeat', {}, { headers: { ...deviceHeaders(device), [KIOSK_CERTIFICATE_HEADER]: certificate } });
    expect(await kioskRow(device.deviceId)).toMatchObject({ kiosk_name: 'Tableta Nueva', kiosk_question_group_id: other.trivia.group.id });
  });
});

describe('name changes name their device', () => {
  it('a re-registration from a kiosk with another name says which kiosk, by name', async () => {
    const { device } = await setUpTablet('Tableta Pabellón Azul');
    const first = kioskPlay(booth, 1);
    const documentNumber = (first.mutations[0]!.payload as { documentNumber: string }).documentNumber;
    expect((await device.push(first.mutations)).status).toBe(200);
    const again = kioskPlay(booth, 4, { documentNumber });
    (again.mutations[0]!.payload as { fullName: string }).fullName = 'Laura Gómez Pabón';
    expect((await device.push(again.mutations)).status).toBe(200);
    const changes = await admin.get('/api/player-name-changes');
    const change = changes.body.find((c: { source: string; newFullName: string }) => c.source === `device ${device.deviceId}` && c.newFullName === 'Laura Gómez Pabón');
    expect(change.device).toEqual({ id: device.deviceId, kind: 'kiosk', name: 'Tableta Pabellón Azul' });
  });
});
