import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceListSchema, type DeviceList, type KioskSummary } from '../../contract';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildLocation, buildTrivia } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { chooseAnswers, documentTypeId, freshDocument, offlinePlay, registerDevice, type TestTrivia } from '../support/player-flow';

let api: TestApi;
let admin: TestClient;
let cc: number;
let companyId: number;
let site: { id: number };
let inCampaign: TestTrivia;
let pastCampaign: TestTrivia;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  cc = await documentTypeId(api.dataSource);
  const company = await buildCompany(api.dataSource, { name: 'Feria Kioscos' });
  companyId = company.id;
  site = await buildLocation(api.dataSource, company.id, 'Pabellón 3');
  inCampaign = await buildTrivia(api.dataSource, company.id, { questions: 3, overrides: { name: 'Trivia de feria' } });
  pastCampaign = await buildTrivia(api.dataSource, company.id, { questions: 3, overrides: { name: 'Trivia de ayer' } });
  await campaign(inCampaign, 'current_date - 1', 'current_date + 1');
  await campaign(pastCampaign, 'current_date - 10', 'current_date - 3');
});
afterAll(() => api.close());

async function campaign(trivia: TestTrivia, start: string, end: string) {
  const [{ id }] = await api.dataSource.query(
    `INSERT INTO campaigns (name, company_id, start_date, end_date) VALUES ('Campaña', $1, ${start}, ${end}) RETURNING id`,
    [companyId],
  );
  await api.dataSource.query(`INSERT INTO campaign_question_groups (campaign_id, question_group_id, weight, "order") VALUES ($1, $2, 1, 1)`, [id, trivia.group.id]);
}

/** A device set up as a kiosk through a real one-time link. */
async function setUpKiosk(trivia: TestTrivia, name: string) {
  const device = await registerDevice(api);
  const link = await admin.post(`/api/question-groups/${trivia.group.id}/kiosk-setup`);
  const token = new URL(link.body.path, 'http://kiosk.test').searchParams.get('kiosk');
  const setup = await api.client().post(
    '/api/kiosk-setup',
    { token, questionGroupId: trivia.group.id, name },
    { headers: { 'X-Device-Id': device.deviceId, 'X-Device-Secret': device.secret } },
  );
  expect(setup.status).toBe(200);
  return device;
}

const play = (trivia: TestTrivia, firstMutationId: number) =>
  offlinePlay({ firstMutationId, documentTypeId: cc, documentNumber: freshDocument(), locationId: site.id, questionGroupId: trivia.group.id, answers: chooseAnswers(trivia, 2) }).mutations;

/** A registration whose document type is not a number: the server settles it as refused, with the schema's reason. */
const refusedPlayer = (mutationId: number) => ({
  mutationId,
  kind: 'player',
  payload: { clientId: crypto.randomUUID(), fullName: 'Pedro Pérez', documentTypeId: 'CC', documentNumber: '1234567890', locationId: site.id },
});

/** The device went quiet `hours` ago, and was set up an hour before that. */
const silentFor = (deviceId: string, hours: number) =>
  api.dataSource.query(`UPDATE devices SET last_seen_at = now() - make_interval(hours => $2), kiosk_setup_at = now() - make_interval(hours => $2 + 1) WHERE id = $1`, [
    deviceId,
    hours,
  ]);

async function list(query = `?companyId=${companyId}`): Promise<DeviceList> {
  const res = await admin.get(`/api/devices${query}`);
  expect(res.status).toBe(200);
  return deviceListSchema.parse(res.body);
}
const named = (reply: DeviceList, name: string) => reply.kiosks.find((k) => k.name === name) as KioskSummary;

describe('GET /api/devices', () => {
  let stale: Awaited<ReturnType<typeof registerDevice>>;
  let fresh: Awaited<ReturnType<typeof registerDevice>>;
  let outOfCampaign: Awaited<ReturnType<typeof registerDevice>>;
  beforeAll(async () => {
    stale = await setUpKiosk(inCampaign, 'Tableta entrada');
    fresh = await setUpKiosk(inCampaign, 'Tableta stand');
    outOfCampaign = await setUpKiosk(pastCampaign, 'Tableta bodega');

    const refused = refusedPlayer(4);
    const pushed = await stale.push([...play(inCampaign, 1), refused]);
    expect(pushed.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied', 'rejected']);
    // A resend of what was already settled is answered again, never counted twice.
    expect((await stale.push([refused])).body.results[0]).toMatchObject({ mutationId: 4, status: 'rejected' });
    await silentFor(stale.deviceId, 2);

    expect((await fresh.push([...play(inCampaign, 1), ...play(inCampaign, 4)])).status).toBe(200);
    expect((await outOfCampaign.push(play(pastCampaign, 1))).status).toBe(200);
    await silentFor(outOfCampaign.deviceId, 5);
    // A phone: registered and syncing, never set up as a kiosk.
    expect((await (await registerDevice(api, api.client(), { phone: true })).push(play(inCampaign, 1))).status).toBe(200);
  });

  it('lists each kiosk with its trivia, company, times and the mutations it pushed, counted per kind and outcome', async () => {
    const reply = await list();
    expect(reply.total).toBe(3);
    const kiosk = named(reply, 'Tableta entrada');
    expect(kiosk).toMatchObject({
      id: stale.deviceId,
      trivia: { id: inCampaign.group.id, name: 'Trivia de feria', companyId, companyName: 'Feria Kioscos' },
      // Its round is held for review (played before the kiosk was set up, as its times say): counted where it stands, in review, not as the sync's "applied".
      mutations: {
        byKind: {
          player: { confirmed: 1, inReview: 0, discarded: 0, rejected: 1 },
          attempt: { confirmed: 0, inReview: 1, discarded: 0, rejected: 0 },
          completion: { confirmed: 0, inReview: 1, discarded: 0, rejected: 0 },
        },
        total: { confirmed: 1, inReview: 2, discarded: 0, rejected: 1 },
        inReview: [{ reason: 'unanchored_time', count: 1 }],
      },
    });
    expect(kiosk.lastSyncAt).not.toBeNull();
    expect(kiosk.rejections).toHaveLength(1);
    expect(kiosk.rejections[0]).toMatchObject({ mutationId: 4, kind: 'player', payload: { fullName: 'Pedro Pérez', documentNumber: '*******890' } });
    expect(kiosk.rejections[0]!.reason).not.toBe('');
    // The reason is the one the rejections list gives for the same mutation.
    const listed = await admin.get('/api/sync/rejections?limit=500');
    const same = listed.body.find((r: { deviceId: string }) => r.deviceId === stale.deviceId);
    expect(kiosk.rejections[0]!.reason).toBe(same.reason);

    expect(named(reply, 'Tableta stand').mutations.total).toEqual({ confirmed: 2, inReview: 4, discarded: 0, rejected: 0 });
    expect(named(reply, 'Tableta stand').rejections).toEqual([]);
  });

  it('flags a kiosk silent for over an hour during its campaign and lists it first; not one whose campaign is over, which comes last', async () => {
    const reply = await list();
    expect(reply.kiosks.map((k) => k.name)).toEqual(['Tableta entrada', 'Tableta stand', 'Tableta bodega']);
    const staleKiosk = named(reply, 'Tableta entrada');
    expect(staleKiosk.attention).toMatchObject({ inService: true, offline: true, silentSince: staleKiosk.lastSeenAt });
    const hours = (Date.parse(reply.checkedAt) - Date.parse(staleKiosk.attention.silentSince)) / 3_600_000;
    expect(Math.floor(hours)).toBe(2);
    expect(named(reply, 'Tableta stand').attention).toMatchObject({ inService: true, offline: false });
    expect(named(reply, 'Tableta bodega').attention).toMatchObject({ inService: false, offline: false });
  });

  it('counts phones without listing them, filters by company and pages the kiosks', async () => {
    const all = await list('');
    expect(all.kiosks.every((k) => k.trivia === null || typeof k.trivia.companyName === 'string')).toBe(true);
    expect(all.phones.count).toBeGreaterThanOrEqual(1);
    expect(all.phones.lastSeenAt).not.toBeNull();
    expect(all.kiosks.map((k) => k.id)).not.toContain(undefined);

    const other = await buildCompany(api.dataSource, { name: 'Otra empresa' });
    expect((await list(`?companyId=${other.id}`)).kiosks).toEqual([]);

    const second = await list(`?companyId=${companyId}&limit=1&offset=1`);
    expect(second.total).toBe(3);
    expect(second.kiosks.map((k) => k.name)).toEqual(['Tableta stand']);
  });

  it('is refused without a session, and bad filters are a 400 in the contract shape', async () => {
    const anonymous = await api.client().get('/api/devices');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 'unauthenticated' });
    expect(JSON.stringify(anonymous.body)).not.toContain('Tableta');

    for (const query of ['?companyId=abc', '?limit=0', '?limit=201', '?offset=-1', '?companyId=99999999999']) {
      const res = await admin.get(`/api/devices${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toMatchObject({ code: 'validation_failed', error: expect.any(String), message: expect.any(String) });
    }
  });
});

describe('POST /api/devices/me/heartbeat', () => {
  const beat = (device: { deviceId: string; secret: string }, body: unknown = {}) =>
    api.client().post('/api/devices/me/heartbeat', body, { headers: { 'X-Device-Id': device.deviceId, 'X-Device-Secret': device.secret } });

  it('keeps a quiet kiosk that is still there from being shown offline', async () => {
    const company = await buildCompany(api.dataSource, { name: 'Feria Latidos' });
    const trivia = await buildTrivia(api.dataSource, company.id, { questions: 3 });
    await campaign(trivia, 'current_date - 1', 'current_date + 1');
    const kiosk = await setUpKiosk(trivia, 'Tableta tranquila');
    await silentFor(kiosk.deviceId, 3);
    expect(named(await list(`?companyId=${company.id}`), 'Tableta tranquila').attention.offline).toBe(true);

    const res = await beat(kiosk);
    expect(res.status).toBe(200);
    const after = named(await list(`?companyId=${company.id}`), 'Tableta tranquila');
    expect(after.lastSeenAt).toBe(res.body.lastSeenAt);
    expect(after.attention).toMatchObject({ inService: true, offline: false });
    // A heartbeat is no sync: nothing was received from the kiosk.
    expect(after.mutations.total).toEqual({ confirmed: 0, inReview: 0, discarded: 0, rejected: 0 });
    expect(res.body.lastMutationId).toBe(0);
  });

  it("answers with the server's counter for the device, which a device compares with what it was acknowledged (a restore rewinds it)", async () => {
    const device = await registerDevice(api);
    await api.dataSource.query(`UPDATE devices SET last_mutation_id = 7 WHERE id = $1`, [device.deviceId]);
    expect((await beat(device)).body).toMatchObject({ lastMutationId: 7, offlineWindowHours: expect.any(Number) });
    await api.dataSource.query(`UPDATE devices SET last_mutation_id = 4 WHERE id = $1`, [device.deviceId]);
    expect((await beat(device)).body.lastMutationId).toBe(4);
  });

  it('moves fair play\'s anchor to now, unless the device was acknowledged writes the server no longer has (a restore): those keep the anchor they had', async () => {
    const device = await registerDevice(api);
    const anchor = async () => ((await api.dataSource.query(`SELECT drained_at FROM devices WHERE id = $1`, [device.deviceId])) as { drained_at: Date | null }[])[0]!.drained_at;
    await api.dataSource.query(`UPDATE devices SET last_mutation_id = 4, drained_at = now() - interval '2 hours' WHERE id = $1`, [device.deviceId]);
    const before = await anchor();
    expect((await beat(device, { acknowledged: 9 })).status).toBe(200);
    expect(await anchor()).toEqual(before);
    expect((await beat(device, { acknowledged: 4 })).status).toBe(200);
    expect((await anchor())!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await beat(device, { acknowledged: -1 })).status).toBe(400);
  });

  it('is refused for a wrong secret (403 device_unknown) and for a body that is not {} (400), changing nothing', async () => {
    const device = await registerDevice(api);
    const wrong = await beat({ deviceId: device.deviceId, secret: 'guessed-secret' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('device_unknown');
    expect((await beat(device, { lastSeenAt: '2030-01-01T00:00:00Z' })).status).toBe(400);
    const [row] = await api.dataSource.query(`SELECT last_seen_at FROM devices WHERE id = $1`, [device.deviceId]);
    expect(row.last_seen_at).toBeNull();
  });
});
