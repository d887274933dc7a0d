import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import { insertCompletedAttempt } from '../support/attempts';
import { buildCompany, buildLocation, buildPlayer, buildTrivia } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { documentTypeId, freshDocument, type TestTrivia } from '../support/player-flow';

/**
 * One person's number under several document types (CC 1234567 and CE 1234567, or TI) is two
 * players: nothing merges them silently, but "Unir jugadores" lists them together, with the reason
 * ("Mismo número con otro tipo de documento"), when their sites are of one company, and an admin may
 * merge them into the one they keep.
 */
let api: TestApi;
let admin: TestClient;
let types: { cc: number; ce: number; ti: number };
let site: { id: number };
let otherSite: { id: number };
let trivia: TestTrivia;

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  types = { cc: await documentTypeId(api.dataSource), ce: await documentTypeId(api.dataSource, 'CE'), ti: await documentTypeId(api.dataSource, 'TI') };
  const company = await buildCompany(api.dataSource, { name: 'Feria de Tipos' });
  site = await buildLocation(api.dataSource, company.id, 'Pabellón Tipos');
  const other = await buildCompany(api.dataSource, { name: 'Otra Feria de Tipos' });
  otherSite = await buildLocation(api.dataSource, other.id, 'Pabellón Ajeno');
  trivia = await buildTrivia(api.dataSource, company.id, { overrides: { maxAttempts: 0 } });
});
afterAll(() => api.close());

const register = (documentTypeId: number, documentNumber: string, fullName: string, locationId = site.id) =>
  api.client().post('/api/players', { fullName, documentTypeId, documentNumber, locationId });

interface ListedGroup {
  reason: string;
  documentTypeId: number | null;
  documentTypeCode: string | null;
  documentNumber: string;
  players: { id: number; documentTypeCode: string; documentNumber: string; attempts: number }[];
}

const groupsOf = async (number: string): Promise<ListedGroup[]> => {
  const reply = await admin.get('/api/player-duplicates');
  expect(reply.status).toBe(200);
  return (reply.body as ListedGroup[]).filter((group) => group.documentNumber === number);
};

describe('the same number under another document type', () => {
  it('registers as another player, and is listed for "Unir jugadores" with its reason; never merged by itself', async () => {
    const number = freshDocument();
    const asCc = await register(types.cc, number, 'Marta Lucía Ríos');
    const asCe = await register(types.ce, `0${number}`, 'Marta Ríos');
    expect(asCc.status).toBe(200);
    expect(asCe.status).toBe(200);
    expect(asCe.body.id).not.toBe(asCc.body.id);
    await insertCompletedAttempt(api.dataSource, { playerId: asCc.body.id, groupId: trivia.group.id, score: 50, locationId: site.id });
    await insertCompletedAttempt(api.dataSource, { playerId: asCe.body.id, groupId: trivia.group.id, score: 70, locationId: site.id });

    const [group, ...more] = await groupsOf(number);
    expect(more).toEqual([]);
    expect(group).toMatchObject({ reason: 'same-number-other-type', documentTypeId: null, documentTypeCode: 'CC / CE', documentNumber: number });
    expect(group!.players.map((p) => [p.id, p.documentTypeCode, p.documentNumber, p.attempts])).toEqual([
      [asCc.body.id, 'CC', number, 1],
      [asCe.body.id, 'CE', number, 1],
    ]);

    // Listing changed nothing: both players, both results in the ranking.
    const [{ n }] = await api.dataSource.query(`SELECT count(*)::int AS n FROM players WHERE id = ANY($1::int[])`, [[asCc.body.id, asCe.body.id]]);
    expect(n).toBe(2);
    const ranking = await admin.get(`/api/ranking?questionGroupId=${trivia.group.id}`);
    expect(ranking.body.filter((row: { playerId: number }) => [asCc.body.id, asCe.body.id].includes(row.playerId))).toHaveLength(2);
  });

  it('lists a tarjeta de identidad with the cédula of the same number, and leaves out another company’s player and an erased one', async () => {
    const number = freshDocument();
    const cedula = await buildPlayer(api.dataSource, { documentTypeId: types.cc, documentNumber: number, locationId: site.id, fullName: 'Julián Pardo' });
    const tarjeta = await buildPlayer(api.dataSource, { documentTypeId: types.ti, documentNumber: number, locationId: site.id, fullName: 'Julián Pardo' });
    await buildPlayer(api.dataSource, { documentTypeId: types.ce, documentNumber: number, locationId: otherSite.id, fullName: 'Julián Pardo Ajeno' });
    const [group, ...more] = await groupsOf(number);
    expect(more).toEqual([]);
    expect(group!.reason).toBe('same-number-other-type');
    expect(group!.players.map((p) => p.id).sort((a, b) => a - b)).toEqual([cedula.id, tarjeta.id].sort((a, b) => a - b));

    // The other company's player alone, or the number once one of the two is erased: no group.
    await api.dataSource.query(`UPDATE players SET document_number = NULL WHERE id = $1`, [tarjeta.id]);
    expect(await groupsOf(number)).toEqual([]);
  });

  it('merges into the player the admin keeps, who keeps their own type; the group leaves the list', async () => {
    const number = freshDocument();
    const kept = await buildPlayer(api.dataSource, { documentTypeId: types.cc, documentNumber: number, locationId: site.id, fullName: 'Camila Vélez' });
    const other = await buildPlayer(api.dataSource, { documentTypeId: types.ti, documentNumber: number, locationId: site.id, fullName: 'Camila Vélez' });
    await insertCompletedAttempt(api.dataSource, { playerId: other.id, groupId: trivia.group.id, score: 80, locationId: site.id });
    expect(await groupsOf(number)).toHaveLength(1);

    const merged = await admin.post('/api/player-merges', { keepPlayerId: kept.id, playerIds: [kept.id, other.id] });
    expect(merged.status).toBe(201);
    expect(merged.body).toMatchObject({ keptPlayerId: kept.id, mergedPlayerIds: [other.id], documentTypeId: types.cc, attemptsMoved: 1 });
    expect(await api.dataSource.query(`SELECT document_type_id, document_number FROM players WHERE id = ANY($1::int[])`, [[kept.id, other.id]])).toEqual([
      { document_type_id: types.cc, document_number: number },
    ]);
    expect(await groupsOf(number)).toEqual([]);

    // Two different numbers are still not one person, whatever their types.
    const a = await buildPlayer(api.dataSource, { documentTypeId: types.cc, documentNumber: freshDocument(), locationId: site.id });
    const b = await buildPlayer(api.dataSource, { documentTypeId: types.ce, documentNumber: freshDocument(), locationId: site.id });
    const refused = await admin.post('/api/player-merges', { keepPlayerId: a.id, playerIds: [a.id, b.id] });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('player_merge_invalid');
  });
});
