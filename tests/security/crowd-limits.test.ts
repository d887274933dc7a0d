import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildPlayer, buildTrivia } from '../support/factories';
import { buildKioskSite, chooseAnswers, deviceHeaders, freshDocument, offlinePlay, playerProof, setUpKiosk, type KioskSite } from '../support/player-flow';

/**
 * A script on a laptop trying to fill the podium with players nobody was: the crowd limits
 * (players per device, new players per address) hold whatever order the rounds arrive in and
 * whatever route they take, and a kiosk's exemption holds only for its own trivia.
 */
const ADDRESS_LIMIT = 12;
let api: TestApi;
let admin: Awaited<ReturnType<TestApi['adminClient']>>;
let site: KioskSite;
beforeAll(async () => {
  // Behind a proxy the client address comes from X-Forwarded-For: each test claims its own. The
  // request rate limits are raised out of the way: what is measured is the fair-play limits alone.
  api = await startTestApi({ TRUST_PROXY: 'true', ADDRESS_PLAYERS_PER_HOUR: String(ADDRESS_LIMIT), DEVICE_RATE_LIMIT: '1000', PLAYER_RATE_LIMIT: '100000' });
  admin = await api.adminClient();
  site = await buildKioskSite(api.dataSource, { siteName: 'Pabellón Norte', trivia: { questions: 5, overrides: { questionsPerRound: 5 } } });
});
afterAll(() => api.close());

let addresses = 0;
const newAddress = () => `198.51.100.${++addresses}`;
const groupId = () => site.trivia.group.id;
const stored = async (clientIds: string[]) =>
  (await api.dataSource.query(`SELECT client_id, review_status, review_reason FROM player_attempts WHERE client_id = ANY($1::uuid[])`, [clientIds])) as {
    client_id: string;
    review_status: string;
    review_reason: string | null;
  }[];
const rankedCount = (rows: { review_status: string }[]) => rows.filter((r) => r.review_status === 'clean').length;

async function newDevice(address: string) {
  const res = await api.client().post('/api/devices', {}, { headers: { 'X-Forwarded-For': address } });
  expect(res.status).toBe(201);
  return res.body as { deviceId: string; secret: string };
}
/** `more`: the outbox has more to send after this push, so the next keeps the same anchor. */
const push = (device: { deviceId: string; secret: string }, address: string, mutations: unknown[], more = false) =>
  api.client().post('/api/sync', { mutations, sentAt: new Date().toISOString(), more }, { headers: { ...deviceHeaders(device), 'X-Forwarded-For': address } });

/** Full-marks rounds of `count` new players, as a script forges them: the n-th ended `n · step` seconds after (or before) the first. */
function forgedPlays(count: number, { firstEnd, stepSeconds, questionGroupId = groupId(), trivia = site.trivia }: { firstEnd: Date; stepSeconds: number; questionGroupId?: number; trivia?: KioskSite['trivia'] }) {
  return Array.from({ length: count }, (_, i) =>
    offlinePlay({
      firstMutationId: 1 + 3 * i,
      documentTypeId: site.cc,
      documentNumber: freshDocument(),
      locationId: site.site.id,
      questionGroupId,
      answers: chooseAnswers(trivia, 5),
      completedAt: new Date(firstEnd.getTime() + i * stepSeconds * 1000),
      completionTime: 20,
    }),
  );
}

describe('players per phone, in any order', () => {
  it('ranks at most PHONE_PLAYERS_PER_HOUR of 33 players one phone pushes with their start times running backwards', async () => {
    const address = newAddress();
    const device = await newDevice(address);
    await api.dataSource.query(`UPDATE devices SET created_at = now() - interval '2 hours' WHERE id = $1`, [device.deviceId]);
    const plays = forgedPlays(33, { firstEnd: new Date(Date.now() - 10_000), stepSeconds: -30 });
    const res = await push(device, address, plays.flatMap((p) => p.mutations));
    expect(res.status).toBe(200);
    const rows = await stored(plays.map((p) => p.attemptClientId));
    expect(rows).toHaveLength(33);
    expect(rankedCount(rows)).toBe(3);
    expect(rows.filter((r) => r.review_status === 'held').every((r) => r.review_reason === 'too_many_players')).toBe(true);
  });

  it('holds a fourth player whose round a later push places before the three that fill its hour', async () => {
    const address = newAddress();
    const device = await newDevice(address);
    await api.dataSource.query(`UPDATE devices SET created_at = now() - interval '2 hours' WHERE id = $1`, [device.deviceId]);
    const first = forgedPlays(3, { firstEnd: new Date(Date.now() - 50 * 60_000), stepSeconds: 20 * 60 });
    expect((await push(device, address, first.flatMap((p) => p.mutations), true)).status).toBe(200);
    expect(rankedCount(await stored(first.map((p) => p.attemptClientId)))).toBe(3);
    // A fourth player whose round started before the three, inside the hour they fill, pushed last.
    const late = offlinePlay({ ...lateRound(55), firstMutationId: 10 });
    await push(device, address, late.mutations);
    expect((await stored([late.attemptClientId]))[0]).toMatchObject({ review_status: 'held', review_reason: 'too_many_players' });
  });
});

/** A round that ended `minutesAgo` minutes ago, of a new player. */
const lateRound = (minutesAgo: number) => ({
  documentTypeId: site.cc,
  documentNumber: freshDocument(),
  locationId: site.site.id,
  questionGroupId: groupId(),
  answers: chooseAnswers(site.trivia, 5),
  completedAt: new Date(Date.now() - minutesAgo * 60_000),
  completionTime: 20,
});

describe('every round is a device’s', () => {
  it('refuses an online round without a device (403 device_unknown), and stores nothing', async () => {
    const player = await buildPlayer(api.dataSource, { locationId: site.site.id });
    const clientId = randomUUID();
    const res = await api.client().post('/api/player-attempts', { ...playerProof(player), questionGroupId: groupId(), clientId }, { headers: { 'X-Forwarded-For': newAddress() } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'device_unknown', error: expect.any(String), message: expect.any(String) });
    expect(await stored([clientId])).toEqual([]);
  });

  it('holds the players of one online phone past PHONE_PLAYERS_PER_HOUR, as a push would', async () => {
    const address = newAddress();
    const device = await newDevice(address);
    const replies = [];
    for (let i = 0; i < 5; i++) {
      const player = await buildPlayer(api.dataSource, { locationId: site.site.id });
      const res = await api.client().post('/api/player-attempts', { ...playerProof(player), questionGroupId: groupId(), clientId: randomUUID() }, { headers: { ...deviceHeaders(device), 'X-Forwarded-For': address } });
      expect(res.status).toBe(200);
      replies.push(res.body.clientId as string);
    }
    const rows = await stored(replies);
    expect(rankedCount(rows)).toBe(3);
    expect(rows.filter((r) => r.review_reason === 'too_many_players')).toHaveLength(2);
  });
});

describe('new players per address', () => {
  it(`ranks at most ADDRESS_PLAYERS_PER_HOUR (${ADDRESS_LIMIT}) new players from one address over many phones, online and synced; another address is untouched`, async () => {
    const address = newAddress();
    const clientIds: string[] = [];
    for (let d = 0; d < 6; d++) {
      const device = await newDevice(address);
      await api.dataSource.query(`UPDATE devices SET created_at = now() - interval '2 hours' WHERE id = $1`, [device.deviceId]);
      const plays = forgedPlays(2, { firstEnd: new Date(Date.now() - 60_000 * (1 + d)), stepSeconds: -30 * 60 });
      await push(device, address, plays.flatMap((p) => p.mutations));
      clientIds.push(...plays.map((p) => p.attemptClientId));
      const player = await buildPlayer(api.dataSource, { locationId: site.site.id });
      const online = await api.client().post('/api/player-attempts', { ...playerProof(player), questionGroupId: groupId(), clientId: randomUUID() }, { headers: { ...deviceHeaders(device), 'X-Forwarded-For': address } });
      clientIds.push(online.body.clientId);
    }
    const rows = await stored(clientIds);
    expect(rows).toHaveLength(18);
    expect(rankedCount(rows)).toBe(ADDRESS_LIMIT);
    expect(rows.filter((r) => r.review_status === 'held').map((r) => r.review_reason)).toEqual(Array(18 - ADDRESS_LIMIT).fill('address_limit'));

    const elsewhere = newAddress();
    const device = await newDevice(elsewhere);
    const player = await buildPlayer(api.dataSource, { locationId: site.site.id });
    const fresh = await api.client().post('/api/player-attempts', { ...playerProof(player), questionGroupId: groupId(), clientId: randomUUID() }, { headers: { ...deviceHeaders(device), 'X-Forwarded-For': elsewhere } });
    expect((await stored([fresh.body.clientId]))[0]!.review_status).toBe('clean');
  });

  it('lets a player already ranked from the address play again past the ceiling, and lists the held ones with their reason', async () => {
    const address = newAddress();
    const device = await newDevice(address);
    const regulars: Awaited<ReturnType<typeof buildPlayer>>[] = [];
    for (let i = 0; i < 3; i++) regulars.push(await buildPlayer(api.dataSource, { locationId: site.site.id }));
    const start = async (player: (typeof regulars)[number], from = device) =>
      (await api.client().post('/api/player-attempts', { ...playerProof(player), questionGroupId: groupId(), clientId: randomUUID() }, { headers: { ...deviceHeaders(from), 'X-Forwarded-For': address } }))
        .body.clientId as string;
    for (const player of regulars) await start(player);
    // Fill the address with new players from other phones, then the regulars come back.
    for (let d = 0; d < ADDRESS_LIMIT; d++) await start(await buildPlayer(api.dataSource, { locationId: site.site.id }), await newDevice(address));
    const again = await start(regulars[0]!);
    expect((await stored([again]))[0]!.review_status).toBe('clean');
    const held = (await admin.get(`/api/player-attempts/held?questionGroupId=${groupId()}&reason=address_limit&limit=200`)).body as { reason: string }[];
    expect(held.length).toBeGreaterThan(0);
    expect(held.every((h) => h.reason === 'address_limit')).toBe(true);
  });
});

describe('a kiosk is a kiosk of its trivia', () => {
  it('ranks all players a kiosk pushes for its own trivia, and at most PHONE_PLAYERS_PER_HOUR for another company’s trivia', async () => {
    const address = newAddress();
    const device = await newDevice(address);
    await setUpKiosk(api, admin, device, groupId(), 'Tableta Norte');
    await api.dataSource.query(`UPDATE devices SET created_at = now() - interval '2 hours', kiosk_setup_at = now() - interval '2 hours' WHERE id = $1`, [device.deviceId]);
    const otherCompany = await buildCompany(api.dataSource);
    const other = await buildTrivia(api.dataSource, otherCompany.id, { questions: 5, overrides: { questionsPerRound: 5 } });
    await api.dataSource.query(`UPDATE question_groups SET created_at = now() - interval '3 hours' WHERE id = ANY($1::int[])`, [[groupId(), other.group.id]]);
    const own = forgedPlays(10, { firstEnd: new Date(Date.now() - 60 * 60_000), stepSeconds: 90 });
    // Numbered after the kiosk's own 30 mutations.
    const foreign = forgedPlays(10, { firstEnd: new Date(Date.now() - 30 * 60_000), stepSeconds: 90, questionGroupId: other.group.id, trivia: other }).map((p) => ({
      ...p,
      mutations: p.mutations.map((m) => ({ ...m, mutationId: m.mutationId + 30 })),
    }));
    expect((await push(device, address, [...own, ...foreign].flatMap((p) => p.mutations))).status).toBe(200);
    expect(rankedCount(await stored(own.map((p) => p.attemptClientId)))).toBe(10);
    const foreignRows = await stored(foreign.map((p) => p.attemptClientId));
    expect(foreignRows).toHaveLength(10);
    expect(rankedCount(foreignRows)).toBe(3);
  });
});

describe('verdicts only for rounds the server dealt', () => {
  it('gives no token for a round the device dealt and pushed: asking to deal it again is 409 round_not_dealt', async () => {
    const address = newAddress();
    const device = await newDevice(address);
    await api.dataSource.query(`UPDATE devices SET created_at = now() - interval '2 hours' WHERE id = $1`, [device.deviceId]);
    const player = await buildPlayer(api.dataSource, { locationId: site.site.id });
    const attemptClientId = randomUUID();
    const questionIds = site.trivia.items.map((i) => i.question.id);
    const synced = await push(device, address, [
      { mutationId: 1, kind: 'attempt', payload: { clientId: attemptClientId, ...playerProof(player), questionGroupId: groupId(), totalQuestions: 5, questionIds, startedAt: new Date().toISOString() } },
    ]);
    expect(synced.body.results[0].status).toBe('applied');
    const resumed = await api.client().post('/api/player-attempts', { ...playerProof(player), questionGroupId: groupId(), clientId: attemptClientId }, { headers: { ...deviceHeaders(device), 'X-Forwarded-For': address } });
    expect(resumed.status).toBe(409);
    expect(resumed.body).toMatchObject({ code: 'round_not_dealt', error: expect.any(String), message: expect.any(String) });
    expect(resumed.body.token).toBeUndefined();
    expect(JSON.stringify(resumed.body)).not.toContain('correct');
  });
});

describe('a script on one address, as the probe ran it', () => {
  it('ranks no more fake players than the limits allow, whatever mix of routes and orders it uses (the figure is printed)', async () => {
    const address = newAddress();
    const seconds = 5;
    const until = Date.now() + seconds * 1000;
    const tried: string[] = [];
    let devices = 0;
    let refusedWithoutDevice = 0;
    while (Date.now() < until) {
      // A new phone pushes 33 players whose start times run backwards, as the probe's script did.
      const device = await newDevice(address);
      devices++;
      await api.dataSource.query(`UPDATE devices SET created_at = now() - interval '2 hours' WHERE id = $1`, [device.deviceId]);
      const plays = forgedPlays(33, { firstEnd: new Date(Date.now() - 5_000), stepSeconds: -30 });
      expect((await push(device, address, plays.flatMap((p) => p.mutations))).status).toBe(200);
      tried.push(...plays.map((p) => p.attemptClientId));
      // And asks the server for rounds of more new players: without a device, and as that phone.
      for (let i = 0; i < 3; i++) {
        const player = await buildPlayer(api.dataSource, { locationId: site.site.id });
        const bare = await api.client().post('/api/player-attempts', { ...playerProof(player), questionGroupId: groupId(), clientId: randomUUID() }, { headers: { 'X-Forwarded-For': address } });
        if (bare.status === 403) refusedWithoutDevice++;
        const asPhone = await api.client().post('/api/player-attempts', { ...playerProof(player), questionGroupId: groupId(), clientId: randomUUID() }, { headers: { ...deviceHeaders(device), 'X-Forwarded-For': address } });
        tried.push(asPhone.body.clientId);
      }
    }
    const ranked = rankedCount(await stored(tried));
    console.log(
      `one address, ${seconds} s: ${ranked} of ${tried.length} fake players ranked; ${refusedWithoutDevice} rounds without a device refused ` +
        `(limits: ADDRESS_PLAYERS_PER_HOUR ${ADDRESS_LIMIT}; ${devices} devices × PHONE_PLAYERS_PER_HOUR 3 = ${devices * 3})`,
    );
    expect(devices).toBeGreaterThan(1);
    expect(ranked).toBeLessThanOrEqual(Math.min(ADDRESS_LIMIT, devices * 3));
    expect(refusedWithoutDevice).toBe(3 * devices);
  });
});
