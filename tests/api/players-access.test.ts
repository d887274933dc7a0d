import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildPlayer } from '../support/factories';
import type { TestClient, TestResponse } from '../support/http-client';
import { signInAs } from '../support/members';
import { buildTwoCompanies, MISSING_ID, type TwoCompanies } from '../support/two-companies';

/**
 * Players' personal data (`players.manage`: organisers) as members of company A: a player is
 * theirs to read when the player has data in A (played a trivia of A, or registered at A's site);
 * a change to a player (erasure, merge, applying a name change) needs every company the player has
 * data in. A player of B only is, for them, a player that does not exist.
 */
let api: TestApi;
let owner: TestClient;
let world: TwoCompanies;
let organiser: TestClient;
let viewer: TestClient;
beforeAll(async () => {
  api = await startTestApi();
  owner = await api.adminClient();
  world = await buildTwoCompanies(api);
  organiser = await signInAs(api, 'organiser', world.a.company.id);
  viewer = await signInAs(api, 'viewer', world.a.company.id);
});
afterAll(() => api.close());

/** A document type other than CC: one number under two types makes a pair "Unir jugadores" lists. */
const otherDocumentType = async (): Promise<number> => (await api.dataSource.query(`SELECT id FROM document_types WHERE code <> 'CC' ORDER BY id LIMIT 1`))[0].id;

const refusal = (res: TestResponse) => ({ status: res.status, code: res.body?.code });

async function expectSameAsMissing(beyond: Promise<TestResponse>, absent: Promise<TestResponse>) {
  const [out, missing] = await Promise.all([beyond, absent]);
  expect(out.status).toBe(404);
  expect({ status: out.status, body: out.body }).toEqual({ status: missing.status, body: missing.body });
}

const dataOf = (client: TestClient, player: { documentTypeId: number; documentNumber: string }) =>
  client.get(`/api/player-data?documentTypeId=${player.documentTypeId}&documentNumber=${player.documentNumber}`);

describe('reading a player', () => {
  it("finds A's players for A's organiser, and a player of B only as no player at all", async () => {
    expect((await dataOf(organiser, world.a.player)).body).toMatchObject({ id: world.a.player.id });
    expect((await dataOf(organiser, world.shared)).status).toBe(200);
    await expectSameAsMissing(dataOf(organiser, world.b.player), dataOf(organiser, { ...world.b.player, documentNumber: '55555555' }));
    expect(refusal(await dataOf(viewer, world.a.player))).toEqual({ status: 403, code: 'role_forbidden' });
  });

  it("shows A's organiser a shared player's history at A's trivias only, and hides B's player", async () => {
    const history = await organiser.get(`/api/players/${world.shared.id}/history`);
    expect(history.body.attempts.map((a: { trivia: { id: number } }) => a.trivia.id)).toEqual([world.a.trivia.id]);
    expect((await owner.get(`/api/players/${world.shared.id}/history`)).body.attempts).toHaveLength(2);
    await expectSameAsMissing(organiser.get(`/api/players/${world.b.player.id}/history`), organiser.get(`/api/players/${MISSING_ID}/history`));
    expect(refusal(await viewer.get(`/api/players/${world.a.player.id}/history`))).toEqual({ status: 403, code: 'role_forbidden' });
  });

  it("lists only the name changes and duplicates of players with data in A", async () => {
    const change = async (playerId: number) =>
      (await api.dataSource.query(`INSERT INTO player_name_changes (player_id, old_full_name, new_full_name, source) VALUES ($1, 'Viejo', 'Nuevo Nombre', 'online') RETURNING id`, [playerId]))[0].id as number;
    const ofA = await change(world.a.player.id);
    const ofB = await change(world.b.player.id);
    expect((await organiser.get('/api/player-name-changes')).body.map((c: { id: number }) => c.id)).toEqual([ofA]);
    await expectSameAsMissing(organiser.post(`/api/player-name-changes/${ofB}/apply`), organiser.post(`/api/player-name-changes/${MISSING_ID}/apply`));
    expect((await organiser.post(`/api/player-name-changes/${ofA}/apply`)).status).toBe(200);

    // One number under two document types at one company's site: a pair at A, a pair at B.
    const otherType = await otherDocumentType();
    for (const [site, number] of [[world.a.site.id, '70000001'], [world.b.site.id, '70000002']] as const) {
      await buildPlayer(api.dataSource, { locationId: site, documentNumber: number });
      await buildPlayer(api.dataSource, { locationId: site, documentNumber: number, documentTypeId: otherType });
    }
    const numbers = (res: TestResponse) => res.body.map((group: { documentNumber: string }) => group.documentNumber).filter((n: string) => n.startsWith('7000000'));
    expect(numbers(await organiser.get('/api/player-duplicates'))).toEqual(['70000001']);
    expect(numbers(await owner.get('/api/player-duplicates'))).toEqual(['70000001', '70000002']);
  });
});

describe('changing a player', () => {
  it('erases a player of A only; one also of B is for an owner (403 player_out_of_reach); one of B only does not exist', async () => {
    const erase = (id: number, confirm: string) => organiser.post(`/api/player-data/${id}/erase`, { action: 'anonymise', confirm });
    expect(refusal(await erase(world.shared.id, world.shared.documentNumber))).toEqual({ status: 403, code: 'player_out_of_reach' });
    await expectSameAsMissing(erase(world.b.player.id, world.b.player.documentNumber), erase(MISSING_ID, '1'));
    expect(refusal(await viewer.post(`/api/player-data/${world.a.player.id}/erase`, { action: 'anonymise', confirm: world.a.player.documentNumber }))).toEqual({ status: 403, code: 'role_forbidden' });
    const erased = await erase(world.a.player.id, world.a.player.documentNumber);
    expect(erased.status).toBe(200);
    expect((await organiser.get('/api/player-erasures')).body.map((e: { playerId: number }) => e.playerId)).toContain(world.a.player.id);
  });

  it('merges only when every player of the merge is wholly within reach', async () => {
    const merge = (playerIds: number[]) => organiser.post('/api/player-merges', { keepPlayerId: playerIds[0], playerIds });
    const loner = await buildPlayer(api.dataSource, { locationId: world.a.site.id });
    expect(refusal(await merge([loner.id, world.shared.id]))).toEqual({ status: 403, code: 'player_out_of_reach' });
    await expectSameAsMissing(merge([loner.id, world.b.player.id]), merge([loner.id, MISSING_ID]));
    const twin = await buildPlayer(api.dataSource, { locationId: world.a.site.id, documentNumber: loner.documentNumber, documentTypeId: await otherDocumentType() });
    expect(refusal(await viewer.post('/api/player-merges', { keepPlayerId: loner.id, playerIds: [loner.id, twin.id] }))).toEqual({ status: 403, code: 'role_forbidden' });
    expect((await merge([loner.id, twin.id])).status).toBe(201);
    expect(refusal(await viewer.get('/api/player-merges'))).toEqual({ status: 403, code: 'role_forbidden' });
  });
});
