import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTEMPT_LIMIT_MESSAGE, DOCUMENT_NUMBER_EMPTY_MESSAGE } from '../../contract';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildTrivia } from '../support/factories';
import { buildIdentitySite, identityRequests, spellings, type IdentitySite } from '../support/identity-site';
import type { TestClient } from '../support/http-client';
import { chooseAnswers, documentTypeId, freshDocument, offlinePlay, phoneHeaders, playerFlowSnapshot, registerDevice, type TestTrivia } from '../support/player-flow';

/**
 * One person, one identity: every spelling of a document names one player (registration, document
 * check, a kiosk's push, the attempt limit). Players stored apart before the rule are merged by an
 * admin: player-merges.
 */
let api: TestApi;
let admin: TestClient;
let cc: number;
let pa: number;
let company: IdentitySite['company'];
let site: IdentitySite['site'];
let trivia: TestTrivia;
let once: TestTrivia;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  ({ cc, pa, company, site, trivia, once } = await buildIdentitySite(api.dataSource));
});
afterAll(() => api.close());

const { register, validate } = identityRequests(() => ({ api, cc, company, site, trivia }));
const storedNumbers = async (documentType: number, like: string): Promise<string[]> =>
  (await api.dataSource.query(`SELECT document_number FROM players WHERE document_type_id = $1 AND document_number LIKE $2`, [documentType, `%${like}%`])).map(
    (r: { document_number: string }) => r.document_number,
  );

describe('document types', () => {
  it('say whether their numbers are digits only', async () => {
    const res = await api.client().get('/api/document-types');
    expect(res.body.map((t: { code: string; numeric: boolean }) => [t.code, t.numeric])).toEqual([
      ['CC', true],
      ['TI', true],
      ['CE', true],
      ['PA', false],
      ['PPT', true],
    ]);
  });
});

describe('one person, one identity', () => {
  it('registers the four spellings of one cédula online as one player, stored without separators or leading zeros', async () => {
    const number = freshDocument();
    const ids = [];
    for (const spelling of spellings(number)) {
      const res = await register(spelling);
      expect(res.status, spelling).toBe(200);
      expect(res.body.documentNumber).toBe(number);
      ids.push(res.body.id);
    }
    expect(new Set(ids).size).toBe(1);
    expect(await storedNumbers(cc, number)).toEqual([number]);
  });

  it('finds the player at the document check under every spelling', async () => {
    const number = freshDocument();
    const registered = await register(`0${number}`);
    for (const spelling of spellings(number)) {
      const res = await validate(spelling);
      expect(res.status, spelling).toBe(200);
      expect(res.body.player, spelling).toMatchObject({ id: registered.body.id });
    }
  });

  it('keeps the letters of a passport, upper-cased, and drops its separators', async () => {
    const suffix = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
    const first = await register(`ab-${suffix}`, pa);
    const second = await register(`AB ${suffix.slice(0, 3)}.${suffix.slice(3)}`, pa);
    expect(second.body.id).toBe(first.body.id);
    expect(first.body.documentNumber).toBe(`AB${suffix}`);
  });

  it('makes one player of a kiosk push naming the four spellings, each with its own client id', async () => {
    const number = freshDocument();
    const device = await registerDevice(api);
    const mutations = spellings(number).map((documentNumber, i) => ({
      mutationId: i + 1,
      kind: 'player',
      payload: { clientId: randomUUID(), fullName: 'Laura Gómez', documentTypeId: cc, documentNumber, locationId: site.id },
    }));
    const res = await device.push(mutations);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    const ids = new Set(res.body.results.map((r: { id: number }) => r.id));
    expect([...ids]).toEqual([expect.any(Number)]);
    expect(await storedNumbers(cc, number)).toEqual([number]);
    const [{ aliases }] = await api.dataSource.query(`SELECT count(DISTINCT player_id)::int AS aliases FROM player_aliases WHERE client_id = ANY($1::uuid[])`, [
      mutations.map((m) => m.payload.clientId),
    ]);
    expect(aliases).toBe(1);
  });

  it('refuses a second attempt under another spelling when the trivia allows one: online 403, synced held', async () => {
    const number = freshDocument();
    const player = await register(number);
    const first = await api.client().post('/api/player-attempts', { playerId: player.body.id, documentTypeId: cc, documentNumber: number, questionGroupId: once.group.id }, { headers: await phoneHeaders(api) });
    expect(first.status).toBe(200);

    const check = await validate(`0${number}`, once.group.id);
    expect(check.status).toBe(403);
    expect(check.body).toMatchObject({ code: 'attempt_limit_reached', message: ATTEMPT_LIMIT_MESSAGE });
    const again = await api
      .client()
      .post('/api/player-attempts', { playerId: player.body.id, documentTypeId: cc, documentNumber: `${number.slice(0, 3)}-${number.slice(3)}`, questionGroupId: once.group.id }, { headers: await phoneHeaders(api) });
    expect(again.status).toBe(403);
    expect(again.body.code).toBe('attempt_limit_reached');

    const device = await registerDevice(api);
    const play = offlinePlay({ firstMutationId: 1, documentTypeId: cc, documentNumber: `${number}-`, locationId: site.id, questionGroupId: once.group.id, answers: chooseAnswers(once, 2) });
    const pushed = await device.push(play.mutations);
    expect(pushed.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied']);
    expect(pushed.body.results[0].id).toBe(player.body.id);
    const held = await admin.get(`/api/player-attempts/held?questionGroupId=${once.group.id}`);
    expect(held.body.map((a: { playerId: number; reason: string }) => [a.playerId, a.reason])).toEqual([[player.body.id, 'over_limit']]);
    const ranking = await admin.get(`/api/ranking?questionGroupId=${once.group.id}`);
    expect(ranking.body.filter((row: { playerId: number }) => row.playerId === player.body.id)).toHaveLength(0);
  });

  it('answers 400 document_number_empty for a number with nothing left once normalised (a kiosk\'s is rejected), and stores nothing', async () => {
    const before = await playerFlowSnapshot(api.dataSource);
    for (const res of [await register('00000'), await validate('0-0-0')]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'document_number_empty', message: DOCUMENT_NUMBER_EMPTY_MESSAGE });
    }
    expect(await playerFlowSnapshot(api.dataSource)).toEqual(before);
    const device = await registerDevice(api);
    const pushed = await device.push([
      { mutationId: 1, kind: 'player', payload: { clientId: randomUUID(), fullName: 'Nadie', documentTypeId: cc, documentNumber: '000-00', locationId: site.id } },
    ]);
    expect(pushed.body.results).toEqual([expect.objectContaining({ mutationId: 1, status: 'rejected', reason: DOCUMENT_NUMBER_EMPTY_MESSAGE })]);
    expect((await playerFlowSnapshot(api.dataSource)).players).toBe(before.players);
  });

  it('finds the personal data of a player under any spelling, and takes any spelling as the erasure confirmation', async () => {
    const number = freshDocument();
    const player = await register(number);
    const found = await admin.get(`/api/player-data?documentTypeId=${cc}&documentNumber=0${number}`);
    expect(found.status).toBe(200);
    expect(found.body.id).toBe(player.body.id);
    const erased = await admin.post(`/api/player-data/${player.body.id}/erase`, { action: 'anonymise', confirm: `${number.slice(0, 4)}-${number.slice(4)}` });
    expect(erased.status, erased.text).toBe(200);
  });
});

describe('the per-document limit', () => {
  it('counts every spelling of a document as one', async () => {
    const limited = await startTestApi({ PLAYER_DOCUMENT_RATE_LIMIT: '2' });
    try {
      const company2 = await buildCompany(limited.dataSource);
      const group = await buildTrivia(limited.dataSource, company2.id);
      const type = await documentTypeId(limited.dataSource);
      const number = freshDocument();
      const statuses = [];
      for (const spelling of spellings(number).slice(0, 3)) {
        const res = await limited.client().post('/api/players/validate', { documentTypeId: type, documentNumber: spelling, companyId: company2.id, questionGroupId: group.group.id });
        statuses.push(res.status === 429 ? res.body.code : res.status);
      }
      expect(statuses).toEqual([200, 200, 'document_rate_limited']);
    } finally {
      await limited.close();
    }
  });
});
