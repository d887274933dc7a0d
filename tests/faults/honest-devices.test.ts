import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIOSK_CERTIFICATE_HEADER } from '../../contract';
import { ADMIN, startTestApi, type TestApi } from '../support/api-server';
import type { TestClient } from '../support/http-client';
import { buildKioskSite, chooseAnswers, deviceHeaders, freshDocument, playerProof, type KioskSite } from '../support/player-flow';
import { buildPlayer, buildTrivia } from '../support/factories';

/**
 * Honest devices never pay for the fair-play rules: a kiosk whose row the server lost, and a kiosk
 * whose clock was set right just before it reconnected. Every result is stored once, none with a
 * time of 0 s, and what is held is listed for staff with the time that ranks if approved.
 */
let api: TestApi;
let admin: TestClient;
let site: KioskSite;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  site = await buildKioskSite(api.dataSource, { siteName: 'Pabellón Este', trivia: { questions: 5, overrides: { questionsPerRound: 5 } } });
  await api.dataSource.query(`UPDATE question_groups SET created_at = now() - interval '10 hours' WHERE id = $1`, [site.trivia.group.id]);
});
afterAll(() => api.close());

const groupId = () => site.trivia.group.id;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const roundsOf = async (clientIds: string[]) =>
  (await api.dataSource.query(`SELECT client_id, review_status, review_reason, completion_time, completed_at FROM player_attempts WHERE client_id = ANY($1::uuid[]) ORDER BY started_at`, [
    clientIds,
  ])) as { client_id: string; review_status: string; review_reason: string | null; completion_time: number | null }[];

/** A kiosk set up by staff through a one-time link, an hour ago: its credentials and certificate. */
async function setUpKiosk(questionGroupId = groupId()) {
  const device = (await api.client().post('/api/devices')).body as { deviceId: string; secret: string };
  const link = await admin.post(`/api/question-groups/${questionGroupId}/kiosk-setup`);
  const token = new URL(link.body.path, 'http://x').searchParams.get('kiosk');
  const setup = await api.client().post('/api/kiosk-setup', { token, questionGroupId, name: 'Tableta Este' }, { headers: deviceHeaders(device) });
  expect(setup.status).toBe(200);
  await api.dataSource.query(`UPDATE devices SET created_at = now() - interval '1 hour', kiosk_setup_at = now() - interval '1 hour' WHERE id = $1`, [device.deviceId]);
  return { ...device, certificate: setup.body.certificate as string };
}

/** An offline round's two mutations (the player already known by the server), played `secondsAgo` on the device's clock, `seconds` long. */
function offlineRound(firstMutationId: number, player: { id: number; documentTypeId: number; documentNumber: string }, endedAt: Date, seconds: number) {
  const clientId = randomUUID();
  const answers = chooseAnswers(site.trivia, 4);
  return {
    clientId,
    mutations: [
      {
        mutationId: firstMutationId,
        kind: 'attempt',
        payload: { clientId, ...playerProof(player), questionGroupId: groupId(), totalQuestions: 5, questionIds: answers.map((a) => a.questionId), startedAt: new Date(endedAt.getTime() - seconds * 1000).toISOString() },
      },
      { mutationId: firstMutationId + 1, kind: 'completion', payload: { attemptClientId: clientId, answers, completionTime: seconds, completedAt: endedAt.toISOString() } },
    ],
  };
}

describe('a kiosk whose row the server lost', () => {
  it('completes the round the server dealt it and ranks the round it played offline since: both stored once, none at 0 s', async () => {
    // Rounds of one question (1 s at the least), played in real time: the kiosk's certificate dates its setup now.
    const quick = await buildTrivia(api.dataSource, site.company.id, { questions: 2, overrides: { questionsPerRound: 1 } });
    await api.dataSource.query(`UPDATE question_groups SET created_at = now() - interval '10 hours' WHERE id = $1`, [quick.group.id]);
    const kiosk = await setUpKiosk(quick.group.id);
    const player = await buildPlayer(api.dataSource, { locationId: site.site.id });
    const dealtId = randomUUID();
    const deal = await api.client().post('/api/player-attempts', { ...playerProof(player), questionGroupId: quick.group.id, clientId: dealtId }, { headers: deviceHeaders(kiosk) });
    expect(deal.status).toBe(200);
    const [questionId] = deal.body.round.questionIds as number[];
    const right = quick.items.find((i) => i.question.id === questionId)!.answers[0]!.id;
    // The kiosk finishes that round offline, then a second player plays one the kiosk deals itself.
    await sleep(1_500);
    const completion = { mutationId: 1, kind: 'completion', payload: { attemptClientId: dealtId, answers: [{ questionId, answerId: right }], completionTime: 1, completedAt: new Date().toISOString() } };
    const second = await buildPlayer(api.dataSource, { locationId: site.site.id });
    const offlineId = randomUUID();
    const offlineStart = new Date();
    await sleep(1_500);
    const offline = [
      { mutationId: 2, kind: 'attempt', payload: { clientId: offlineId, ...playerProof(second), questionGroupId: quick.group.id, totalQuestions: 1, questionIds: [questionId], startedAt: offlineStart.toISOString() } },
      { mutationId: 3, kind: 'completion', payload: { attemptClientId: offlineId, answers: [{ questionId, answerId: right }], completionTime: 2, completedAt: new Date().toISOString() } },
    ];

    // The server loses the kiosk's row (deleted, or a restore older than the kiosk's setup).
    await api.dataSource.query(`DELETE FROM devices WHERE id = $1`, [kiosk.deviceId]);
    const res = await api
      .client()
      .post('/api/sync', { mutations: [completion, ...offline], sentAt: new Date().toISOString() }, { headers: { ...deviceHeaders(kiosk), [KIOSK_CERTIFICATE_HEADER]: kiosk.certificate } });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied']);

    const rounds = await roundsOf([dealtId, offlineId]);
    expect(rounds).toHaveLength(2);
    expect(rounds.map((r) => r.review_reason ?? r.review_status)).toEqual(['clean', 'clean']);
    expect(rounds.every((r) => (r.completion_time ?? 0) > 0)).toBe(true);
    const ranked = ((await api.client().get(`/api/ranking?questionGroupId=${quick.group.id}&includeDuplicates=true&limit=500`)).body as { id: number }[]).map((e) => e.id);
    expect(ranked).toHaveLength(2);
  });
});

describe('a kiosk whose clock ran two hours ahead, set right just before it reconnected', () => {
  it('keeps each round once with the time the player took, held for review with the reason, and ranks that time once approved', async () => {
    const kiosk = await setUpKiosk();
    const ahead = 2 * 3600_000;
    const plays = [];
    for (let i = 0; i < 3; i++) {
      const player = await buildPlayer(api.dataSource, { locationId: site.site.id, documentNumber: freshDocument() });
      plays.push(offlineRound(1 + 2 * i, player, new Date(Date.now() + ahead - (40 - 10 * i) * 60_000), 30 + 5 * i));
    }
    // The clock is right now: the push's sentAt agrees with the server, the rounds' own times do not.
    const res = await api
      .client()
      .post('/api/sync', { mutations: plays.flatMap((p) => p.mutations), sentAt: new Date().toISOString() }, { headers: { ...deviceHeaders(kiosk), [KIOSK_CERTIFICATE_HEADER]: kiosk.certificate } });
    expect(res.status).toBe(200);
    const rounds = await roundsOf(plays.map((p) => p.clientId));
    expect(rounds).toHaveLength(3);
    expect(rounds.map((r) => r.review_reason)).toEqual(['unanchored_time', 'unanchored_time', 'unanchored_time']);
    expect(rounds.map((r) => r.completion_time).sort()).toEqual([30, 35, 40]);

    // Staff are told: each is in "Resultados en revisión" with its reason and its time.
    const held = (await admin.get(`/api/player-attempts/held?questionGroupId=${groupId()}&reason=unanchored_time&limit=200`)).body as { id: number; completionTime: number; reason: string }[];
    const mine = held.filter((h) => [30, 35, 40].includes(h.completionTime));
    expect(mine.length).toBeGreaterThanOrEqual(3);
    const approve = await admin.post(`/api/player-attempts/${mine[0]!.id}/release`);
    expect(approve.status).toBe(200);
    const ranking = (await api.client().get(`/api/ranking?questionGroupId=${groupId()}&includeDuplicates=true&limit=500`)).body as { id: number; completionTime: number }[];
    expect(ranking.find((e) => e.id === mine[0]!.id)?.completionTime).toBe(mine[0]!.completionTime);
  });
});

describe('a phone behind a busy venue address', () => {
  it('is refused a device with a note of when it asked; registered later with it, the device dates from that request and its round ranks', async () => {
    const busy = await startTestApi({ DEVICE_RATE_LIMIT: '1' });
    try {
      const place = await buildKioskSite(busy.dataSource, { siteName: 'Feria', trivia: { questions: 2, overrides: { questionsPerRound: 1 } } });
      await busy.dataSource.query(`UPDATE question_groups SET created_at = now() - interval '10 hours' WHERE id = $1`, [place.trivia.group.id]);
      expect((await busy.client().post('/api/devices')).status).toBe(201);
      const asked = new Date();
      const refused = await busy.client().post('/api/devices');
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'rate_limited', contactTicket: expect.any(String) });
      expect(refused.body.message).toContain('ocupado');

      // The phone plays on its own meanwhile (the server is busy, not gone), then the address's hour ends.
      const startedAt = new Date();
      await sleep(1_500);
      const completedAt = new Date();
      await busy.dataSource.query(`DELETE FROM rate_limits`);
      const forged = await busy.client().post('/api/devices', { contactTicket: `2020-01-01T00:00:00.000Z.${'x'.repeat(43)}` });
      expect(forged.status).toBe(201);
      await busy.dataSource.query(`DELETE FROM rate_limits`);
      const registered = await busy.client().post('/api/devices', { contactTicket: refused.body.contactTicket });
      expect(registered.status).toBe(201);
      const dated = async (deviceId: string) => ((await busy.dataSource.query(`SELECT created_at FROM devices WHERE id = $1`, [deviceId]))[0].created_at as Date).getTime();
      expect(Math.abs((await dated(registered.body.deviceId)) - asked.getTime())).toBeLessThan(1_000);
      expect(await dated(forged.body.deviceId)).toBeGreaterThan(completedAt.getTime() - 1);

      const [item] = place.trivia.items;
      const playerClientId = randomUUID();
      const attemptClientId = randomUUID();
      const push = await busy.client().post(
        '/api/sync',
        {
          sentAt: new Date().toISOString(),
          mutations: [
            { mutationId: 1, kind: 'player', payload: { clientId: playerClientId, fullName: 'Marta Feria', documentTypeId: place.cc, documentNumber: freshDocument(), locationId: place.site.id } },
            { mutationId: 2, kind: 'attempt', payload: { clientId: attemptClientId, playerClientId, questionGroupId: place.trivia.group.id, totalQuestions: 1, questionIds: [item!.question.id], startedAt: startedAt.toISOString() } },
            { mutationId: 3, kind: 'completion', payload: { attemptClientId, answers: [{ questionId: item!.question.id, answerId: item!.answers[0]!.id }], completionTime: 2, completedAt: completedAt.toISOString() } },
          ],
        },
        { headers: deviceHeaders(registered.body) },
      );
      expect(push.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied']);
      const [round] = await busy.dataSource.query(`SELECT review_status, completion_time, started_at FROM player_attempts WHERE client_id = $1`, [attemptClientId]);
      expect(round.review_status).toBe('clean');
      expect(round.completion_time).toBeGreaterThan(0);
      expect((round.started_at as Date).getTime()).toBeLessThan(completedAt.getTime());
    } finally {
      await busy.close();
    }
  });
});

describe('a kiosk whose browser lost its data', () => {
  it('is told so when its browser registers anew, and "Dispositivos" flags the kiosk with what the server received, until it is heard from again', async () => {
    // The tablet's browser: one cookie jar, as staff redeem the setup link on it.
    const tablet = api.client();
    const device = (await tablet.post('/api/devices')).body as { deviceId: string; secret: string };
    const link = await admin.post(`/api/question-groups/${groupId()}/kiosk-setup`);
    const token = new URL(link.body.path, 'http://x').searchParams.get('kiosk');
    expect((await tablet.post('/api/kiosk-setup', { token, questionGroupId: groupId(), name: 'Tableta Sur' }, { headers: deviceHeaders(device) })).status).toBe(200);

    // Its site storage is cleared or evicted: the player screen, device credentials gone, registers again.
    const again = await tablet.post('/api/devices');
    expect(again.status).toBe(201);
    expect(again.body.lostKiosk).toEqual({ name: 'Tableta Sur' });
    const listed = async () => ((await admin.get('/api/devices?limit=200')).body.kiosks as { id: string; dataLostAt: string | null }[]).find((k) => k.id === device.deviceId)!;
    expect((await listed()).dataLostAt).toEqual(expect.any(String));
    // Another browser registering says nothing of any kiosk.
    expect((await api.client().post('/api/devices')).body.lostKiosk).toBeUndefined();

    // The kiosk heard from again (it had not lost its data after all): the flag goes.
    expect((await tablet.post('/api/devices/me/heartbeat', {}, { headers: deviceHeaders(device) })).status).toBe(200);
    expect((await listed()).dataLostAt).toBeNull();
  });

  it('lets that browser sign in to the admin (nothing of the kiosk is left in it), and retires the lost kiosk once the tablet is set up again', async () => {
    const tablet = api.client();
    const lost = (await tablet.post('/api/devices')).body as { deviceId: string; secret: string };
    const setUp = async (device: { deviceId: string; secret: string }, name: string) => {
      const link = await admin.post(`/api/question-groups/${groupId()}/kiosk-setup`);
      const token = new URL(link.body.path, 'http://x').searchParams.get('kiosk');
      expect((await tablet.post('/api/kiosk-setup', { token, questionGroupId: groupId(), name }, { headers: deviceHeaders(device) })).status).toBe(200);
    };
    await setUp(lost, 'Tableta Oeste');
    expect((await tablet.post('/api/login', ADMIN)).status).toBe(403);
    const fresh = (await tablet.post('/api/devices')).body as { deviceId: string; secret: string; lostKiosk?: { name: string } };
    expect(fresh.lostKiosk).toEqual({ name: 'Tableta Oeste' });
    expect((await tablet.post('/api/login', ADMIN)).status).toBe(200);
    await tablet.post('/api/logout');

    await setUp(fresh, 'Tableta Oeste');
    const kiosks = (await admin.get('/api/devices?limit=200')).body.kiosks as { id: string; name: string; dataLostAt: string | null }[];
    expect(kiosks.map((k) => k.id)).not.toContain(lost.deviceId);
    expect(kiosks.find((k) => k.id === fresh.deviceId)).toMatchObject({ name: 'Tableta Oeste', dataLostAt: null });
  });
});
