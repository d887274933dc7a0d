import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildLocation, buildTrivia } from '../support/factories';
import { chooseAnswers, documentTypeId, freshDocument, phoneHeaders, registerDevice, type TestTrivia } from '../support/player-flow';

/**
 * Player identity, replayed as an outside probe did it: spending another player's attempts with
 * a bare numeric id (online and through sync), renaming a player by registering their document
 * again, and looking document numbers up (tests/security/document-check.test.ts has the rest).
 */
const DOCUMENT_LIMIT = 5;
let api: TestApi;
let cc: number;
let site: { id: number };
let otherCompanySite: { id: number };
let companyId: number;
let trivia: TestTrivia;

beforeAll(async () => {
  // Behind a proxy the client address comes from X-Forwarded-For: each request below can claim its own.
  api = await startTestApi({ TRUST_PROXY: 'true', PLAYER_DOCUMENT_RATE_LIMIT: String(DOCUMENT_LIMIT) });
  cc = await documentTypeId(api.dataSource);
  const company = await buildCompany(api.dataSource, { name: 'Feria Identidad' });
  companyId = company.id;
  site = await buildLocation(api.dataSource, company.id, 'Pabellón A');
  const other = await buildCompany(api.dataSource, { name: 'Otra Feria' });
  otherCompanySite = await buildLocation(api.dataSource, other.id, 'Sede Secreta');
  trivia = await buildTrivia(api.dataSource, company.id, { questions: 2, overrides: { maxAttempts: 1, questionsPerRound: 2 } });
});
afterAll(() => api.close());

let addressCounter = 0;
/** A client whose requests come from an address no other test uses (the per-address limit stays out of the way). */
function clientAt(address = `203.0.113.${++addressCounter}`) {
  const client = api.client();
  return {
    post: (path: string, body: unknown, headers: Record<string, string> = {}) => client.post(path, body, { headers: { 'X-Forwarded-For': address, ...headers } }),
  };
}

async function registerVictim(fullName = 'Valeria Víctima') {
  const documentNumber = freshDocument();
  const res = await clientAt().post('/api/players', { fullName, documentTypeId: cc, documentNumber, locationId: site.id });
  expect(res.status).toBe(200);
  return { id: res.body.id as number, documentNumber };
}

const documentCheck = (documentNumber: string, address?: string) =>
  clientAt(address).post('/api/players/validate', { documentTypeId: cc, documentNumber, companyId, questionGroupId: trivia.group.id });

async function attemptsOf(playerId: number) {
  return api.dataSource.query(`SELECT review_status, review_reason FROM player_attempts WHERE player_id = $1 ORDER BY id`, [playerId]);
}

describe('spending an attempt needs more than a numeric player id', () => {
  it('online: a bare playerId is refused with 403 player_proof_invalid, and the victim can still play', async () => {
    const victim = await registerVictim();
    const res = await clientAt().post('/api/player-attempts', { playerId: victim.id, questionGroupId: trivia.group.id, totalQuestions: 2 }, await phoneHeaders(api));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'player_proof_invalid', error: expect.any(String), message: expect.any(String) });
    expect(await attemptsOf(victim.id)).toEqual([]);
    const check = await documentCheck(victim.documentNumber);
    expect(check.status).toBe(200);
    expect(check.body.player).toEqual({ id: victim.id, shortName: 'Valeria V.', fromOtherCompany: false });
  });

  it("online: another document than the player's is refused the same way", async () => {
    const victim = await registerVictim();
    const attacker = await registerVictim('Ana Atacante');
    const res = await clientAt().post('/api/player-attempts', {
      playerId: victim.id,
      documentTypeId: cc,
      documentNumber: attacker.documentNumber,
      questionGroupId: trivia.group.id,
      totalQuestions: 2,
    }, await phoneHeaders(api));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('player_proof_invalid');
    expect(await attemptsOf(victim.id)).toEqual([]);
  });

  it("online: the player's own document starts the attempt, and it is completed as before", async () => {
    const player = await registerVictim('Pedro Propio');
    const client = clientAt();
    const started = await client.post('/api/player-attempts', {
      playerId: player.id,
      documentTypeId: cc,
      documentNumber: ` ${player.documentNumber} `,
      questionGroupId: trivia.group.id,
      totalQuestions: 2,
    }, await phoneHeaders(api));
    expect(started.status).toBe(200);
    const done = await api
      .client()
      .request('PATCH', `/api/player-attempts/${started.body.id}`, { token: started.body.token, answers: chooseAnswers(trivia, 2) }, { headers: { 'X-Forwarded-For': '198.51.100.7' } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ playerId: player.id, score: 100 });
  });

  it('sync: a bare playerId is held for review, never spends the victim’s attempt, and staff can release it', async () => {
    const victim = await registerVictim();
    const device = await registerDevice(api);
    const attemptClientId = randomUUID();
    const push = await device.push([
      {
        mutationId: 1,
        kind: 'attempt',
        payload: { clientId: attemptClientId, playerId: victim.id, questionGroupId: trivia.group.id, totalQuestions: 2, startedAt: new Date(Date.now() - 60_000).toISOString() },
      },
      {
        mutationId: 2,
        kind: 'completion',
        payload: { attemptClientId, answers: chooseAnswers(trivia, 2), completionTime: 60, completedAt: new Date().toISOString() },
      },
    ]);
    expect(push.status).toBe(200);
    expect(push.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    expect(await attemptsOf(victim.id)).toEqual([{ review_status: 'held', review_reason: 'unproven_player' }]);

    // The victim's document check still lets them play (maxAttempts is 1).
    const check = await documentCheck(victim.documentNumber);
    expect(check.status).toBe(200);
    expect(check.body.player.id).toBe(victim.id);

    // Staff see it with its reason among the held results, and may release a real one.
    const admin = await api.adminClient();
    const held = await admin.get(`/api/player-attempts/held?questionGroupId=${trivia.group.id}`);
    const entry = held.body.find((h: { playerId: number }) => h.playerId === victim.id);
    expect(entry).toMatchObject({ reason: 'unproven_player' });
    expect((await admin.post(`/api/player-attempts/${entry.id}/release`)).status).toBe(200);
  });

  it('sync: the document with the id, or the registration clientId, is proof and is applied clean', async () => {
    const player = await registerVictim('Carla Cliente');
    const device = await registerDevice(api);
    const playerClientId = randomUUID();
    const startedAt = new Date(Date.now() - 60_000).toISOString();
    const push = await device.push([
      {
        mutationId: 1,
        kind: 'attempt',
        payload: { clientId: randomUUID(), playerId: player.id, documentTypeId: cc, documentNumber: player.documentNumber, questionGroupId: trivia.group.id, totalQuestions: 2, startedAt },
      },
      {
        mutationId: 2,
        kind: 'player',
        payload: { clientId: playerClientId, fullName: 'Nueva Kiosco', documentTypeId: cc, documentNumber: freshDocument(), locationId: site.id },
      },
      {
        mutationId: 3,
        kind: 'attempt',
        payload: { clientId: randomUUID(), playerClientId, questionGroupId: trivia.group.id, totalQuestions: 2, startedAt },
      },
    ]);
    expect(push.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied']);
    expect(await attemptsOf(player.id)).toEqual([{ review_status: 'clean', review_reason: null }]);
  });
});

describe('the document check reveals only what the flow shows', () => {
  it('answers a matching type and number of another company’s player with that alone: no name, no site', async () => {
    const documentNumber = freshDocument();
    await clientAt().post('/api/players', { fullName: 'Olga Otra', documentTypeId: cc, documentNumber, locationId: otherCompanySite.id });
    const res = await documentCheck(documentNumber);
    expect(res.status).toBe(200);
    expect(res.body.player).toEqual({ fromOtherCompany: true });
    const otherType = await clientAt().post('/api/players/validate', {
      documentTypeId: await documentTypeId(api.dataSource, 'TI'),
      documentNumber,
      companyId,
      questionGroupId: trivia.group.id,
    });
    expect(otherType.body).toEqual({ player: null });
  });

  it('limits lookups of a document per address with a 429 in the error shape, other addresses and documents unaffected', async () => {
    const victim = await registerVictim(); // its lookup spent at the registering address
    const statuses: number[] = [];
    for (let i = 0; i <= DOCUMENT_LIMIT; i++) statuses.push((await documentCheck(victim.documentNumber, '192.0.2.1')).status);
    expect(statuses).toEqual([...Array(DOCUMENT_LIMIT).fill(200), 429]);
    const refused = await documentCheck(victim.documentNumber, '192.0.2.1');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'document_rate_limited', error: expect.stringMatching(/documento/) });
    expect(refused.body.player).toBeUndefined();
    expect((await documentCheck(freshDocument(), '192.0.2.1')).status).toBe(200);
    expect((await documentCheck(victim.documentNumber, '192.0.2.200')).status).toBe(200);
  });
});

describe('registering a known document never renames its player', () => {
  it('keeps the stored name, moves the site, and records the change for the admin, who applies it in one call', async () => {
    const victim = await registerVictim('Rosa Real');
    const rename = await clientAt('198.51.100.99').post('/api/players', {
      fullName: 'Nombre Falso',
      documentTypeId: cc,
      documentNumber: victim.documentNumber,
      locationId: otherCompanySite.id,
    });
    expect(rename.status).toBe(200);
    // The reply names the stored player in short form only: the caller sent another name.
    expect(rename.body).toMatchObject({ id: victim.id, fullName: 'Rosa R.', locationId: otherCompanySite.id });
    const [stored] = await api.dataSource.query(`SELECT full_name, first_name, last_name, location_id FROM players WHERE id = $1`, [victim.id]);
    expect(stored).toEqual({ full_name: 'Rosa Real', first_name: 'Rosa', last_name: 'Real', location_id: otherCompanySite.id });

    const admin = await api.adminClient();
    expect((await api.client().get('/api/player-name-changes')).status).toBe(401);
    const changes = await admin.get('/api/player-name-changes');
    const change = changes.body.find((c: { playerId: number }) => c.playerId === victim.id);
    expect(change).toMatchObject({ oldFullName: 'Rosa Real', newFullName: 'Nombre Falso', source: 'address 198.51.100.99', appliedAt: null });
    expect(Date.parse(change.createdAt)).not.toBeNaN();

    const applied = await admin.post(`/api/player-name-changes/${change.id}/apply`);
    expect(applied.status).toBe(200);
    expect(applied.body.appliedAt).not.toBeNull();
    const [renamed] = await api.dataSource.query(`SELECT full_name, first_name, last_name FROM players WHERE id = $1`, [victim.id]);
    expect(renamed).toEqual({ full_name: 'Nombre Falso', first_name: 'Nombre', last_name: 'Falso' });
    const again = await admin.post(`/api/player-name-changes/${change.id}/apply`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('name_change_applied');
    expect((await admin.get('/api/player-name-changes')).body.some((c: { id: number }) => c.id === change.id)).toBe(false);
  });

  it('a synced registration of a known document with another name does not rename either, and names the device', async () => {
    const victim = await registerVictim('Sara Sync');
    const device = await registerDevice(api);
    const push = await device.push([
      {
        mutationId: 1,
        kind: 'player',
        payload: { clientId: randomUUID(), fullName: 'Otro Nombre', documentTypeId: cc, documentNumber: victim.documentNumber, locationId: site.id },
      },
    ]);
    expect(push.body.results).toEqual([{ mutationId: 1, status: 'applied', id: victim.id }]);
    const [stored] = await api.dataSource.query(`SELECT full_name FROM players WHERE id = $1`, [victim.id]);
    expect(stored.full_name).toBe('Sara Sync');
    const changes = await (await api.adminClient()).get('/api/player-name-changes');
    expect(changes.body.find((c: { playerId: number }) => c.playerId === victim.id)).toMatchObject({
      oldFullName: 'Sara Sync',
      newFullName: 'Otro Nombre',
      source: `device ${device.deviceId}`,
    });
  });
});
