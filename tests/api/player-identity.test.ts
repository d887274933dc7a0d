import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTEMPT_LIMIT_MESSAGE, DOCUMENT_NUMBER_EMPTY_MESSAGE } from '../../contract';
import { startTestApi, type TestApi } from '../support/api-server';
import { insertCompletedAttempt } from '../support/attempts';
import { buildCompany, buildLocation, buildPlayer, buildTrivia } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { chooseAnswers, documentTypeId, freshDocument, offlinePlay, phoneHeaders, playerFlowSnapshot, registerDevice, type TestTrivia } from '../support/player-flow';

/**
 * One person, one identity: every spelling of a document names one player (registration, document
 * check, a kiosk's push, the attempt limit), and players stored apart before the rule are merged
 * by an admin ("Unir jugadores").
 */
let api: TestApi;
let admin: TestClient;
let cc: number;
let pa: number;
let company: { id: number };
let site: { id: number };
let trivia: TestTrivia;
let once: TestTrivia;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  cc = await documentTypeId(api.dataSource);
  pa = await documentTypeId(api.dataSource, 'PA');
  company = await buildCompany(api.dataSource, { name: 'Feria Identidad' });
  site = await buildLocation(api.dataSource, company.id, 'Pabellón 1');
  trivia = await buildTrivia(api.dataSource, company.id, { overrides: { maxAttempts: 0 } });
  once = await buildTrivia(api.dataSource, company.id, { overrides: { maxAttempts: 1 } });
});
afterAll(() => api.close());

/** The hostile player's four spellings of one cédula. */
const spellings = (number: string) => [number, `0${number}`, `${number.slice(0, 3)}-${number.slice(3)}`, `${number}-`];

const register = (documentNumber: string, documentType = cc, fullName = 'Laura Gómez') =>
  api.client().post('/api/players', { fullName, documentTypeId: documentType, documentNumber, locationId: site.id });
const validate = (documentNumber: string, group = trivia.group.id) =>
  api.client().post('/api/players/validate', { documentTypeId: cc, documentNumber, companyId: company.id, questionGroupId: group });
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

describe('Unir jugadores', () => {
  /** Players stored apart before the rule: written around the API, which no longer can. */
  async function storedApart(number: string) {
    const [consent] = await api.dataSource.query(
      `INSERT INTO consent_texts (company_id, version, text) VALUES ($1, (SELECT coalesce(max(version), 0) + 1 FROM consent_texts WHERE company_id = $1), 'Acepto') RETURNING id, version`,
      [company.id],
    );
    const kept = await buildPlayer(api.dataSource, { documentNumber: number, fullName: 'Laura Gómez', locationId: site.id });
    const zeroed = await buildPlayer(api.dataSource, {
      documentNumber: `0${number}`,
      fullName: 'Laura M. Gómez',
      locationId: site.id,
      consentTextId: consent.id,
      consentedAt: new Date('2026-03-01T10:00:00Z'),
    });
    const dashed = await buildPlayer(api.dataSource, { documentNumber: `${number.slice(0, 3)}-${number.slice(3)}`, fullName: 'Laura Gómez', locationId: site.id });
    return { kept, zeroed, dashed, consent };
  }

  it('lists the players one document names, merges them into the chosen one with their attempts, consent and name history, records it, and ranks one row', async () => {
    const number = freshDocument();
    const { kept, zeroed, dashed, consent } = await storedApart(number);
    await insertCompletedAttempt(api.dataSource, { playerId: kept.id, groupId: trivia.group.id, score: 40, locationId: site.id });
    await insertCompletedAttempt(api.dataSource, { playerId: zeroed.id, groupId: trivia.group.id, score: 90, locationId: site.id });
    await insertCompletedAttempt(api.dataSource, { playerId: dashed.id, groupId: trivia.group.id, score: 70, locationId: site.id });
    await api.dataSource.query(`INSERT INTO player_name_changes (player_id, old_full_name, new_full_name, source) VALUES ($1, 'Laura M. Gómez', 'Laura María Gómez', 'address 1')`, [zeroed.id]);
    const alias = randomUUID();
    await api.dataSource.query(`INSERT INTO player_aliases (client_id, player_id) VALUES ($1, $2)`, [alias, dashed.id]);

    const before = await admin.get(`/api/ranking?questionGroupId=${trivia.group.id}`);
    expect(before.body.filter((row: { playerId: number }) => [kept.id, zeroed.id, dashed.id].includes(row.playerId))).toHaveLength(3);

    const duplicates = await admin.get('/api/player-duplicates');
    expect(duplicates.status).toBe(200);
    const group = duplicates.body.find((g: { documentNumber: string }) => g.documentNumber === number);
    expect(group).toMatchObject({ documentTypeId: cc, documentTypeCode: 'CC' });
    expect(group.players.map((p: { id: number; documentNumber: string; attempts: number }) => [p.id, p.documentNumber, p.attempts])).toEqual([
      [kept.id, number, 1],
      [zeroed.id, `0${number}`, 1],
      [dashed.id, `${number.slice(0, 3)}-${number.slice(3)}`, 1],
    ]);

    const merged = await admin.post('/api/player-merges', { keepPlayerId: kept.id, playerIds: [kept.id, zeroed.id, dashed.id] });
    expect(merged.status).toBe(201);
    expect(merged.body).toMatchObject({ keptPlayerId: kept.id, mergedPlayerIds: [zeroed.id, dashed.id], documentTypeId: cc, attemptsMoved: 2, mergedBy: 'admin' });

    const [attempts] = await api.dataSource.query(`SELECT count(*)::int AS n FROM player_attempts WHERE player_id = $1`, [kept.id]);
    expect(attempts.n).toBe(3);
    expect(await api.dataSource.query(`SELECT id FROM players WHERE id = ANY($1::int[])`, [[zeroed.id, dashed.id]])).toEqual([]);
    const [player] = await api.dataSource.query(`SELECT document_number, consent_text_id FROM players WHERE id = $1`, [kept.id]);
    expect(player).toEqual({ document_number: number, consent_text_id: consent.id });
    const changes = await admin.get('/api/player-name-changes');
    expect(
      changes.body.filter((c: { playerId: number }) => c.playerId === kept.id).map((c: { newFullName: string }) => c.newFullName).sort(),
    ).toEqual(['Laura M. Gómez', 'Laura María Gómez']);
    expect(await api.dataSource.query(`SELECT player_id FROM player_aliases WHERE client_id = $1`, [alias])).toEqual([{ player_id: kept.id }]);

    const after = await admin.get(`/api/ranking?questionGroupId=${trivia.group.id}`);
    const rows = after.body.filter((row: { playerId: number }) => [kept.id, zeroed.id, dashed.id].includes(row.playerId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ playerId: kept.id, score: 90 });

    const records = await admin.get('/api/player-merges');
    expect(records.body[0]).toMatchObject({ id: merged.body.id, keptPlayerId: kept.id, mergedPlayerIds: [zeroed.id, dashed.id] });
    expect((await admin.get('/api/player-duplicates')).body.find((g: { documentNumber: string }) => g.documentNumber === number)).toBeUndefined();
    const check = await validate(`${number}-`);
    expect(check.body.player.id).toBe(kept.id);
  });

  it('refreshes the campaign standings the moved attempts touch', async () => {
    const created = await admin.post('/api/campaigns', {
      name: 'Campaña identidad',
      companyId: company.id,
      startDate: '2020-01-01',
      endDate: '2099-12-31',
      maxAttemptsPerTrivia: 3,
      attemptSelectionMode: 'best',
    });
    expect(created.status).toBe(201);
    const campaign = created.body.id;
    const other = await buildTrivia(api.dataSource, company.id);
    expect((await admin.post('/api/campaign-question-groups', { campaignId: campaign, questionGroupId: other.group.id, weight: 1 })).status).toBe(201);
    const number = freshDocument();
    const { kept, zeroed, dashed } = await storedApart(number);
    await insertCompletedAttempt(api.dataSource, { playerId: zeroed.id, groupId: other.group.id, score: 80, locationId: site.id });
    await insertCompletedAttempt(api.dataSource, { playerId: dashed.id, groupId: other.group.id, score: 60, locationId: site.id });
    const ours = (body: { playerId: number }[]) => body.filter((row) => [kept.id, zeroed.id, dashed.id].includes(row.playerId));
    expect(ours((await admin.get(`/api/campaigns/${campaign}/ranking`)).body)).toHaveLength(2);

    const merged = await admin.post('/api/player-merges', { keepPlayerId: dashed.id, playerIds: [kept.id, zeroed.id, dashed.id] });
    expect(merged.status).toBe(201);
    const rows = ours((await admin.get(`/api/campaigns/${campaign}/ranking`)).body);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ playerId: dashed.id });
    const [stored] = await api.dataSource.query(`SELECT document_number FROM players WHERE id = $1`, [dashed.id]);
    expect(stored.document_number).toBe(number);
  });

  it('refuses players of two documents, or a group that leaves out the holder of the number, with 409 player_merge_invalid; needs a session', async () => {
    const a = await buildPlayer(api.dataSource, { documentNumber: freshDocument() });
    const b = await buildPlayer(api.dataSource, { documentNumber: freshDocument() });
    const mixed = await admin.post('/api/player-merges', { keepPlayerId: a.id, playerIds: [a.id, b.id] });
    expect(mixed.status).toBe(409);
    expect(mixed.body.code).toBe('player_merge_invalid');

    const number = freshDocument();
    const { kept, zeroed, dashed } = await storedApart(number);
    const partial = await admin.post('/api/player-merges', { keepPlayerId: zeroed.id, playerIds: [zeroed.id, dashed.id] });
    expect(partial.status).toBe(409);
    expect(partial.body.code).toBe('player_merge_invalid');
    const [{ n }] = await api.dataSource.query(`SELECT count(*)::int AS n FROM players WHERE id = ANY($1::int[])`, [[kept.id, zeroed.id, dashed.id]]);
    expect(n).toBe(3);

    const outsider = await api.client().post('/api/player-merges', { keepPlayerId: kept.id, playerIds: [kept.id, zeroed.id] });
    expect(outsider.status).toBe(401);
    const noMarker = await admin.post('/api/player-merges', { keepPlayerId: kept.id, playerIds: [kept.id, zeroed.id, dashed.id] }, { withoutMarker: true });
    expect(noMarker.body.code).toBe('csrf_header_missing');
    const keepOutside = await admin.post('/api/player-merges', { keepPlayerId: 999999, playerIds: [kept.id, zeroed.id] });
    expect(keepOutside.status).toBe(400);
    expect(keepOutside.body.code).toBe('validation_failed');
  });
});
