import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildLocation, buildTrivia } from '../support/factories';
import { kioskPushes } from '../support/kiosk-pushes';
import { buildKioskSite, chooseAnswers, documentTypeId, freshDocument, playerFlowSnapshot, registerDevice, type KioskSite, type TestTrivia } from '../support/player-flow';

/** Who a push names (one player per document, across devices and restores) and how its results rank. */

let api: TestApi;
let cc: number;
let site: KioskSite['site'];
let trivia: TestTrivia;
beforeAll(async () => {
  api = await startTestApi();
  ({ cc, site, trivia } = await buildKioskSite(api.dataSource, { siteName: 'Pabellón 1', trivia: { questions: 4 } }));
});
afterAll(() => api.close());

const { play, attemptByClientId } = kioskPushes(() => ({ api, cc, site, trivia }));

describe('POST /api/sync', () => {
  it('merges the same document registered offline on two devices into one player that both attempts name', async () => {
    const documentNumber = freshDocument();
    const kioskA = await registerDevice(api);
    const kioskB = await registerDevice(api);
    const playA = play(1, { documentNumber });
    const playB = play(1, { documentNumber });
    const before = await playerFlowSnapshot(api.dataSource);
    await Promise.all([kioskA.push(playA.mutations), kioskB.push(playB.mutations)]);
    const after = await playerFlowSnapshot(api.dataSource);
    expect(after.players - before.players).toBe(1);
    const [attemptA, attemptB] = [await attemptByClientId(playA.attemptClientId), await attemptByClientId(playB.attemptClientId)];
    expect(attemptA.player_id).toBe(attemptB.player_id);
    const aliases = await api.dataSource.query(`SELECT DISTINCT player_id FROM player_aliases WHERE client_id = ANY($1::uuid[])`, [
      [playA.playerClientId, playB.playerClientId],
    ]);
    expect(aliases).toEqual([{ player_id: attemptA.player_id }]);
  });

  it('credits an offline play of a player the kiosk knew by document: kept as stored when present, recreated when a restore lost it', async () => {
    const documentNumber = freshDocument();
    const otherSite = await buildLocation(api.dataSource, trivia.group.companyId, 'Pabellón 2');
    // Registered elsewhere meanwhile: the server's name and site are newer than the kiosk's memory.
    const [stored] = await api.dataSource.query(
      `INSERT INTO players (full_name, first_name, last_name, document_type_id, document_number, location_id)
       VALUES ('Laura Gómez Nueva', 'Laura', 'Gómez Nueva', $1, $2, $3) RETURNING id`,
      [cc, documentNumber, otherSite.id],
    );
    const known = play(1, { documentNumber });
    (known.mutations[0]!.payload as Record<string, unknown>).keepExisting = true;
    const kiosk = await registerDevice(api);
    expect((await kiosk.push(known.mutations)).body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied']);
    expect((await attemptByClientId(known.attemptClientId)).player_id).toBe(stored.id);
    const [player] = await api.dataSource.query(`SELECT full_name, location_id FROM players WHERE id = $1`, [stored.id]);
    expect(player).toEqual({ full_name: 'Laura Gómez Nueva', location_id: otherSite.id });

    // A restore lost the player: the same kind of push recreates it from the payload, and the result is theirs.
    const lostDocument = freshDocument();
    const lost = play(4, { documentNumber: lostDocument });
    (lost.mutations[0]!.payload as Record<string, unknown>).keepExisting = true;
    expect((await kiosk.push(lost.mutations)).body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied']);
    const [recreated] = await api.dataSource.query(
      `SELECT p.full_name, p.document_number FROM player_attempts a JOIN players p ON p.id = a.player_id WHERE a.client_id = $1`,
      [lost.attemptClientId],
    );
    expect(recreated).toEqual({ full_name: 'Laura María Gómez', document_number: lostDocument });
  });

  it('stores an attempt over maxAttempts flagged overLimit, and the ranking leaves it out', async () => {
    const company = await buildCompany(api.dataSource);
    const limited = await buildTrivia(api.dataSource, company.id, { questions: 2, overrides: { maxAttempts: 1 } });
    const device = await registerDevice(api);
    const first = play(1, { questionGroupId: limited.group.id, answers: chooseAnswers(limited, 1) });
    const second = play(3, { questionGroupId: limited.group.id, answers: chooseAnswers(limited, 2), playerClientId: first.playerClientId });
    const res = await device.push([...first.mutations, ...second.mutations.slice(1)]);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);
    expect((await attemptByClientId(first.attemptClientId)).review_status).toBe('clean');
    const over = await attemptByClientId(second.attemptClientId);
    expect(over).toMatchObject({ review_status: 'held', review_reason: 'over_limit', score: 100 });
    const ranking = await api.client().get(`/api/ranking?questionGroupId=${limited.group.id}`);
    expect(ranking.body.map((e: { id: number }) => e.id)).toEqual([(await attemptByClientId(first.attemptClientId)).id]);
    // The counted result is told its place; the held one none, only that it is held.
    expect(res.body.results[2].result).toMatchObject({ held: false, place: 1 });
    expect(res.body.results[4].result).toEqual({ score: 100, correctAnswers: 2, totalQuestions: 2, completionTime: expect.any(Number), held: true, scoring: 'percent', reviewReason: 'over_limit' });
  });

  it("tells each completion the player's place in the trivia's public ranking, and a resent one its place now", async () => {
    const company = await buildCompany(api.dataSource);
    const ranked = await buildTrivia(api.dataSource, company.id, { questions: 4 });
    const device = await registerDevice(api);
    const plays = [2, 4, 3, 4].map((correct, i) => play(1 + 3 * i, { questionGroupId: ranked.group.id, answers: chooseAnswers(ranked, correct), completionTime: 40 + i }));
    const first = await device.push(plays[0]!.mutations);
    expect(first.body.results[2].result.place).toBe(1);
    const rest = await device.push(plays.slice(1).flatMap((p) => p.mutations));
    // Each place as the result arrived: 100 % in 41 s first; 75 % behind it; 100 % in 43 s between them.
    expect([2, 5, 8].map((i) => rest.body.results[i].result.place)).toEqual([1, 2, 2]);
    const resent = await device.push(plays[0]!.mutations);
    expect(resent.body.results[2]).toMatchObject({ status: 'duplicate', result: { place: 4 } });
    // The places are the public ranking's order.
    const ranking = await api.client().get(`/api/ranking?questionGroupId=${ranked.group.id}`);
    const ids = await Promise.all([1, 3, 2, 0].map(async (i) => (await attemptByClientId(plays[i]!.attemptClientId)).id));
    expect(ranking.body.map((e: { id: number }) => e.id)).toEqual(ids);
  });

  it('matches passport numbers whatever their case: a lower-case registration on another device names the same player', async () => {
    const digits = freshDocument();
    const pa = await documentTypeId(api.dataSource, 'PA');
    const online = await api.client().post('/api/players', { fullName: 'Ana Ruiz', documentTypeId: pa, documentNumber: `AB${digits}`, locationId: site.id });
    expect(online.status).toBe(200);
    const device = await registerDevice(api);
    const before = await playerFlowSnapshot(api.dataSource);
    const offline = play(1, { documentTypeId: pa, documentNumber: ` ab${digits} ` });
    const res = await device.push(offline.mutations);
    expect(res.body.results[0]).toEqual({ mutationId: 1, status: 'applied', id: online.body.id });
    expect((await attemptByClientId(offline.attemptClientId)).player_id).toBe(online.body.id);
    expect((await playerFlowSnapshot(api.dataSource)).players).toBe(before.players);
    const [stored] = await api.dataSource.query(`SELECT document_number FROM players WHERE id = $1`, [online.body.id]);
    expect(stored.document_number).toBe(`AB${digits}`);
  });
});
