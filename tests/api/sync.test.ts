import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_NUMBER_MESSAGE } from '../../contract';
import { UNKNOWN_DOCUMENT_TYPE } from '../../api/play/players/service';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildLocation, buildTrivia } from '../support/factories';
import { buildKioskSite, chooseAnswers, documentTypeId, freshDocument, kioskPlay, playerFlowSnapshot, registerDevice, type KioskSite, type OfflinePlayInput, type TestTrivia } from '../support/player-flow';


let api: TestApi;
let cc: number;
let site: KioskSite['site'];
let trivia: TestTrivia;
let otherTrivia: TestTrivia;
beforeAll(async () => {
  api = await startTestApi();
  let company: KioskSite['company'];
  ({ cc, company, site, trivia } = await buildKioskSite(api.dataSource, { siteName: 'Pabellón 1', trivia: { questions: 4 } }));
  otherTrivia = await buildTrivia(api.dataSource, company.id, { questions: 2 });
});
afterAll(() => api.close());


const play = (firstMutationId: number, overrides: Partial<OfflinePlayInput> = {}) => kioskPlay({ cc, site, trivia }, firstMutationId, overrides);

const attemptByClientId = async (clientId: string) =>
  (await api.dataSource.query(`SELECT * FROM player_attempts WHERE client_id = $1`, [clientId]))[0];
const counter = async (deviceId: string) =>
  (await api.dataSource.query(`SELECT last_mutation_id FROM devices WHERE id = $1`, [deviceId]))[0].last_mutation_id;

describe('POST /api/devices', () => {
  it('registers a device and keeps only the SHA-256 of its secret', async () => {
    const device = await registerDevice(api);
    expect(device.deviceId).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await api.dataSource.query(`SELECT secret_hash FROM devices WHERE id = $1`, [device.deviceId]);
    expect(row.secret_hash).toBe(createHash('sha256').update(device.secret).digest('hex'));
  });
});

describe('POST /api/sync', () => {
  it('applies a player, an attempt and a completion in order, scoring the answers on the server', async () => {
    const device = await registerDevice(api);
    const { mutations, attemptClientId } = play(1, { completionTime: 61 });
    const res = await device.push(mutations);
    expect(res.status).toBe(200);
    expect(res.body.lastMutationId).toBe(3);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied']);
    const attempt = await attemptByClientId(attemptClientId);
    expect(res.body.results[1].id).toBe(attempt.id);
    expect(res.body.results[2].id).toBe(attempt.id);
    expect(attempt).toMatchObject({ score: 75, correct_answers: 3, completion_time: 61, device_id: device.deviceId, location_id: site.id, review_status: 'clean' });
    // Within its window (after the kiosk's last contact, before the push), the device's times are kept as sent.
    expect(attempt.started_at.toISOString()).toBe((mutations[1]!.payload as { startedAt: string }).startedAt);
    expect(attempt.completed_at.toISOString()).toBe((mutations[2]!.payload as { completedAt: string }).completedAt);
    expect(res.body.results[2].result).toEqual({ score: 75, correctAnswers: 3, totalQuestions: 4, completionTime: 61, held: false, place: 1 });
  });

  it('refuses an unknown device or a wrong secret with 403 and applies nothing', async () => {
    const device = await registerDevice(api);
    const before = await playerFlowSnapshot(api.dataSource);
    const wrong = await device.push(play(1).mutations, { 'X-Device-Secret': 'not-the-secret' });
    expect(wrong.status).toBe(403);
    const unknown = await device.push(play(1).mutations, { 'X-Device-Id': randomUUID() });
    expect(unknown.status).toBe(403);
    expect(await playerFlowSnapshot(api.dataSource)).toEqual(before);
  });

  it('applies the same batch sent 5 times in sequence exactly once', async () => {
    const device = await registerDevice(api);
    const { mutations, attemptClientId } = play(1);
    const before = await playerFlowSnapshot(api.dataSource);
    const replies = [];
    for (let i = 0; i < 5; i++) replies.push(await device.push(mutations));
    expect(replies[0]!.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied']);
    for (const reply of replies.slice(1)) {
      expect(reply.status).toBe(200);
      expect(reply.body.results).toEqual(replies[0]!.body.results.map((r: object) => ({ ...r, status: 'duplicate' })));
    }
    const after = await playerFlowSnapshot(api.dataSource);
    expect([after.players - before.players, after.attempts - before.attempts, after.completed - before.completed]).toEqual([1, 1, 1]);
    expect((await attemptByClientId(attemptClientId)).score).toBe(75);
  });

  it('applies the same batch sent 5 times at once exactly once', async () => {
    const device = await registerDevice(api);
    const { mutations } = play(1);
    const before = await playerFlowSnapshot(api.dataSource);
    const replies = await Promise.all(Array.from({ length: 5 }, () => device.push(mutations)));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const applied = replies.flatMap((r) => r.body.results).filter((r: { status: string }) => r.status === 'applied');
    expect(applied).toHaveLength(3);
    const after = await playerFlowSnapshot(api.dataSource);
    expect([after.players - before.players, after.attempts - before.attempts, after.completed - before.completed]).toEqual([1, 1, 1]);
    expect(after.mutations - before.mutations).toBe(3);
    expect(await counter(device.deviceId)).toBe(3);
  });

  it('refuses with 409 a push whose first new mutation id skips ahead, and applies nothing', async () => {
    const device = await registerDevice(api);
    const before = await playerFlowSnapshot(api.dataSource);
    const skipping = play(2);
    const res = await device.push(skipping.mutations);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Falta la operación 1: se recibió la 2 fuera de orden');
    expect(await playerFlowSnapshot(api.dataSource)).toEqual(before);
    expect(await attemptByClientId(skipping.attemptClientId)).toBeUndefined();
    expect(await counter(device.deviceId)).toBe(0);
  });

  it('stops a batch at a later gap and reports only what it settled', async () => {
    const device = await registerDevice(api);
    const { mutations } = play(1);
    const res = await device.push([mutations[0], { ...mutations[2], mutationId: 3 }]);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { mutationId: number }) => r.mutationId)).toEqual([1]);
    expect(res.body.lastMutationId).toBe(1);
    expect(await counter(device.deviceId)).toBe(1);
  });

  it('settles a push of 99 mutations, more than one transaction holds, all in order', async () => {
    const device = await registerDevice(api);
    const plays = Array.from({ length: 33 }, (_, i) => play(1 + i * 3));
    const res = await device.push(plays.flatMap((p) => p.mutations));
    expect(res.status).toBe(200);
    expect(res.body.lastMutationId).toBe(99);
    expect(res.body.results.map((r: { mutationId: number; status: string }) => [r.mutationId, r.status])).toEqual(
      Array.from({ length: 99 }, (_, i) => [i + 1, 'applied']),
    );
    expect(await counter(device.deviceId)).toBe(99);
    const attempts = await Promise.all(plays.map((p) => attemptByClientId(p.attemptClientId)));
    expect(attempts.every((a) => a.completed_at !== null && a.device_id === device.deviceId)).toBe(true);
    expect(attempts.map((a) => a.id)).toEqual([...attempts.map((a) => a.id)].sort((a, b) => a - b));
    const again = await device.push(plays.flatMap((p) => p.mutations));
    expect(again.body.results.every((r: { status: string }) => r.status === 'duplicate')).toBe(true);
  });

  it('keeps what a long push settled before a changed resend further in it, then answers 422', async () => {
    const device = await registerDevice(api);
    const mutations = Array.from({ length: 20 }, (_, i) => play(1 + i * 3).mutations).flat();
    const changed = { ...mutations[0]!, payload: { ...mutations[0]!.payload, fullName: 'Otra Persona' } };
    const res = await device.push([...mutations, changed]);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'sync_payload_mismatch', lastMutationId: 60 });
    expect(await counter(device.deviceId)).toBe(60);
    const resend = await device.push(mutations);
    expect(resend.body.results.every((r: { status: string }) => r.status === 'duplicate')).toBe(true);
  });

  it('answers 422 to a known mutation id with a different payload and changes nothing', async () => {
    const device = await registerDevice(api);
    const play1 = play(1);
    const { mutations } = play1;
    await device.push(mutations);
    const before = await playerFlowSnapshot(api.dataSource);
    const stored = await attemptByClientId(play1.attemptClientId);
    const changed = structuredClone(mutations[2]!);
    changed.payload.completionTime = 5;
    const res = await device.push([changed]);
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('La operación 3 ya se recibió con otro contenido');
    expect(await playerFlowSnapshot(api.dataSource)).toEqual(before);
    expect(await attemptByClientId(play1.attemptClientId)).toEqual(stored);
  });

  it('rejects a mutation the rules refuse, advances the counter and keeps it for staff', async () => {
    const device = await registerDevice(api);
    const { mutations, attemptClientId } = play(1, { documentTypeId: 999999 });
    const res = await device.push(mutations);
    expect(res.status).toBe(200);
    const rejected = [
      { mutationId: 1, status: 'rejected', reason: UNKNOWN_DOCUMENT_TYPE },
      { mutationId: 2, status: 'rejected', reason: 'No se encontró el jugador' },
      { mutationId: 3, status: 'rejected', reason: 'No se encontró el intento' },
    ];
    expect(res.body.results).toEqual(rejected);
    expect(res.body.lastMutationId).toBe(3);
    expect(await attemptByClientId(attemptClientId)).toBeUndefined();
    const kept = await api.dataSource.query(`SELECT mutation_id, status, reason FROM sync_mutations WHERE device_id = $1 ORDER BY mutation_id`, [device.deviceId]);
    expect(kept.map((k: { status: string }) => k.status)).toEqual(['rejected', 'rejected', 'rejected']);
    const resend = await device.push(mutations);
    expect(resend.body).toEqual({ results: rejected, lastMutationId: 3 });
  });

  it('answers a resent rejection with its first outcome and reason, and a resent applied mutation as a duplicate with its id', async () => {
    const device = await registerDevice(api);
    const foreign = [...chooseAnswers(trivia, 3).slice(0, 3), { questionId: trivia.items[3]!.question.id, answerId: otherTrivia.items[0]!.answers[0]!.id }];
    const { mutations, attemptClientId } = play(1, { answers: foreign });
    const first = await device.push(mutations);
    expect(first.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'rejected']);
    const before = await playerFlowSnapshot(api.dataSource);
    const resend = await device.push(mutations);
    expect(resend.status).toBe(200);
    expect(resend.body.results).toEqual([
      { ...first.body.results[0], status: 'duplicate' },
      { ...first.body.results[1], status: 'duplicate' },
      { mutationId: 3, status: 'rejected', reason: 'La respuesta no pertenece a esta trivia' },
    ]);
    expect(resend.body.results[1].id).toBe((await attemptByClientId(attemptClientId)).id);
    const changed = structuredClone(mutations[2]!);
    changed.payload.completionTime = 30;
    const different = await device.push([changed]);
    expect(different.status).toBe(422);
    expect(different.body.error).toBe('La operación 3 ya se recibió con otro contenido');
    expect(await playerFlowSnapshot(api.dataSource)).toEqual(before);
    expect((await attemptByClientId(attemptClientId)).completed_at).toBeNull();
  });

  it('applies the rest of a kiosk push around a refused completion, each once, and answers its resend the same', async () => {
    const device = await registerDevice(api);
    const foreign = [...chooseAnswers(trivia, 3).slice(0, 3), { questionId: trivia.items[3]!.question.id, answerId: otherTrivia.items[0]!.answers[0]!.id }];
    const first = play(1);
    const refused = play(4, { answers: foreign });
    const last = play(7, { completionTime: 40 });
    const mutations = [...first.mutations, ...refused.mutations, ...last.mutations];
    const res = await device.push(mutations);
    expect(res.status).toBe(200);
    expect(res.body.lastMutationId).toBe(9);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied', 'rejected', 'applied', 'applied', 'applied']);
    expect(await attemptByClientId(first.attemptClientId)).toMatchObject({ score: 75, review_status: 'clean' });
    expect((await attemptByClientId(refused.attemptClientId)).completed_at).toBeNull();
    expect(await attemptByClientId(last.attemptClientId)).toMatchObject({ score: 75, completion_time: 40 });
    const [{ attempts }] = await api.dataSource.query(`SELECT count(*)::int AS attempts FROM player_attempts WHERE device_id = $1`, [device.deviceId]);
    expect(attempts).toBe(3);
    const [{ standings }] = await api.dataSource.query(
      `SELECT count(*)::int AS standings FROM trivia_standings WHERE attempt_id = ANY($1::int[])`,
      [[res.body.results[2].id, res.body.results[8].id]],
    );
    // Each completed player ranks at every site and at the kiosk's own.
    expect(standings).toBe(4);
    const resend = await device.push(mutations);
    expect(resend.body.results.map((r: { status: string }) => r.status)).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'rejected', 'duplicate', 'duplicate', 'duplicate']);
  });

  it('rejects a registration naming an unknown document type and leaves the known player as stored', async () => {
    const documentNumber = freshDocument();
    const online = await api.client().post('/api/players', { fullName: 'Ana Ruiz', documentTypeId: cc, documentNumber, locationId: site.id });
    const stored = async () => (await api.dataSource.query(`SELECT * FROM players WHERE id = $1`, [online.body.id]))[0];
    const before = await stored();
    const device = await registerDevice(api);
    const { mutations } = play(1, { documentNumber, documentTypeId: 999999 });
    const res = await device.push(mutations.slice(0, 1));
    expect(res.body.results).toEqual([{ mutationId: 1, status: 'rejected', reason: UNKNOWN_DOCUMENT_TYPE }]);
    expect(await stored()).toEqual(before);
  });

  it('rejects a completion carrying an answer from another trivia and leaves the attempt open', async () => {
    const device = await registerDevice(api);
    const answers = [...chooseAnswers(trivia, 3).slice(0, 3), { questionId: trivia.items[3]!.question.id, answerId: otherTrivia.items[0]!.answers[0]!.id }];
    const { mutations, attemptClientId } = play(1, { answers });
    const res = await device.push(mutations);
    expect(res.body.results[2]).toEqual({ mutationId: 3, status: 'rejected', reason: 'La respuesta no pertenece a esta trivia' });
    const attempt = await attemptByClientId(attemptClientId);
    expect(attempt.completed_at).toBeNull();
    expect(attempt.score).toBe(0);
  });

  it('rejects a completion of an attempt another device started', async () => {
    const first = await registerDevice(api);
    const second = await registerDevice(api);
    const { mutations, attemptClientId } = play(1);
    await first.push(mutations.slice(0, 2));
    const res = await second.push([{ ...mutations[2], mutationId: 1 }]);
    expect(res.body.results[0]).toEqual({ mutationId: 1, status: 'rejected', reason: 'El intento pertenece a otro dispositivo' });
    expect((await attemptByClientId(attemptClientId)).completed_at).toBeNull();
  });

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
    expect(res.body.results[4].result).toEqual({ score: 100, correctAnswers: 2, totalQuestions: 2, completionTime: expect.any(Number), held: true, reviewReason: 'over_limit' });
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

  it('rejects a mutation whose payload breaks the contract and applies the rest of the batch behind it', async () => {
    const device = await registerDevice(api);
    const late = play(1, { completionTime: -1 });
    const next = play(4, { completionTime: 50 });
    const res = await device.push([...late.mutations, ...next.mutations]);
    expect(res.status).toBe(200);
    expect(res.body.lastMutationId).toBe(6);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'rejected', 'applied', 'applied', 'applied']);
    expect(res.body.results[2]).toEqual({ mutationId: 3, status: 'rejected', reason: 'El tiempo no puede ser negativo' });
    expect(await attemptByClientId(late.attemptClientId)).toMatchObject({ completed_at: null, completion_time: null, score: 0 });
    expect(await attemptByClientId(next.attemptClientId)).toMatchObject({ score: 75, completion_time: 50 });
    expect(await counter(device.deviceId)).toBe(6);
    const [kept] = await api.dataSource.query(`SELECT kind, status, reason, payload FROM sync_mutations WHERE device_id = $1 AND mutation_id = 3`, [device.deviceId]);
    expect(kept).toMatchObject({ kind: 'completion', status: 'rejected', reason: 'El tiempo no puede ser negativo' });
    expect(kept.payload.completionTime).toBe(-1);
  });

  const invalidPayloads: [string, (m: ReturnType<typeof play>['mutations']) => unknown, string][] = [
    ['a negative completion time', (m) => ({ ...m[2], payload: { ...m[2]!.payload, completionTime: -1 } }), 'El tiempo no puede ser negativo'],
    ['an attempt of 0 questions', (m) => ({ ...m[1], payload: { ...m[1]!.payload, totalQuestions: 0 } }), 'El total de preguntas debe ser un entero entre 1 y 200'],
    ['a name over 150 characters', (m) => ({ ...m[0], payload: { ...m[0]!.payload, fullName: 'A'.repeat(151) } }), 'Máximo 150 caracteres'],
    ['a document number under 5 characters', (m) => ({ ...m[0], payload: { ...m[0]!.payload, documentNumber: '1234' } }), DOCUMENT_NUMBER_MESSAGE],
    ['a completion that claims its own score', (m) => ({ ...m[2], payload: { ...m[2]!.payload, score: 100 } }), 'Llave desconocida: "score"'],
    ['a payload that is not an object', (m) => ({ ...m[0], payload: 'hola' }), 'Entrada inválida: se esperaba objeto, recibido texto'],
  ];
  for (const [what, broken, reason] of invalidPayloads) {
    it(`rejects ${what} with the contract's message, stores nothing of it and moves on`, async () => {
      const device = await registerDevice(api);
      const bad = play(1);
      const mutation = broken(bad.mutations) as { mutationId: number };
      const good = play(mutation.mutationId + 1);
      const before = await playerFlowSnapshot(api.dataSource);
      const res = await device.push([...bad.mutations.slice(0, mutation.mutationId - 1), mutation, ...good.mutations]);
      expect(res.status).toBe(200);
      expect(res.body.results[mutation.mutationId - 1]).toEqual({ mutationId: mutation.mutationId, status: 'rejected', reason });
      expect(res.body.results.slice(mutation.mutationId).map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied']);
      expect(await counter(device.deviceId)).toBe(mutation.mutationId + 3);
      const after = await playerFlowSnapshot(api.dataSource);
      // Only what came before the bad mutation, and the good play behind it, were stored.
      expect(after.attempts - before.attempts).toBe(mutation.mutationId === 3 ? 2 : 1);
      expect(after.completed - before.completed).toBe(1);
      if (mutation.mutationId === 3) expect((await attemptByClientId(bad.attemptClientId)).completed_at).toBeNull();
      else expect(await attemptByClientId(bad.attemptClientId)).toBeUndefined();
    });
  }

  it('rejects a name the database cannot store (a NUL byte) instead of failing the push forever', async () => {
    const device = await registerDevice(api);
    const bad = play(1);
    bad.mutations[0]!.payload.fullName = 'Laura\u0000Gómez';
    const res = await device.push(bad.mutations.slice(0, 1));
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([{ mutationId: 1, status: 'rejected', reason: 'Valor no válido' }]);
    expect(await counter(device.deviceId)).toBe(1);
    expect((await device.push(bad.mutations.slice(0, 1))).body.results[0].status).toBe('rejected');
  });

  it('keeps a mutation whose text holds a lone surrogate, which JSON allows and PostgreSQL does not', async () => {
    const device = await registerDevice(api);
    const { mutations } = play(1);
    mutations[0]!.payload.fullName = 'Laura \ud800Gómez';
    const res = await device.push(mutations);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied']);
    expect((await device.push(mutations)).body.results.map((r: { status: string }) => r.status)).toEqual(['duplicate', 'duplicate', 'duplicate']);
  });

  const malformed: [string, unknown][] = [
    ['a body without mutations', {}],
    ['mutations that are not a list', 'not-a-list'],
    ['an empty list', []],
    ['more than 100 mutations', Array.from({ length: 101 }, (_, i) => ({ mutationId: i + 1, kind: 'player', payload: {} }))],
    ['a mutation id of 0', [{ mutationId: 0, kind: 'player', payload: {} }]],
    ['a fractional mutation id', [{ mutationId: 1.5, kind: 'player', payload: {} }]],
    ['a mutation id sent as text', [{ mutationId: '1', kind: 'player', payload: {} }]],
    ['an unknown kind', [{ mutationId: 1, kind: 'score', payload: {} }]],
  ];
  for (const [what, mutations] of malformed) {
    it(`refuses a push with ${what} with 400 and applies nothing`, async () => {
      const device = await registerDevice(api);
      const before = await playerFlowSnapshot(api.dataSource);
      const res =
        what === 'a body without mutations'
          ? await api.client().post('/api/sync', {}, { headers: { 'X-Device-Id': device.deviceId, 'X-Device-Secret': device.secret } })
          : await device.push(mutations as unknown[]);
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
      expect(res.body.issues).toEqual(expect.any(Array));
      expect(await playerFlowSnapshot(api.dataSource)).toEqual(before);
    });
  }

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

describe('GET /api/sync/rejections', () => {
  it('is 401 when signed out', async () => {
    const res = await api.client().get('/api/sync/rejections');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('No has iniciado sesión');
  });

  it('lists rejected mutations newest first for staff, with the document number masked', async () => {
    const device = await registerDevice(api);
    const documentNumber = `XY${freshDocument()}`;
    const bad = play(1, { documentNumber, documentTypeId: 999999 });
    await device.push(bad.mutations.slice(0, 1));
    const later = play(2, { completionTime: -5 });
    await device.push(later.mutations);
    const admin = await api.adminClient();
    const res = await admin.get('/api/sync/rejections?limit=2');
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThanOrEqual(2);
    expect(res.body).toEqual([
      {
        deviceId: device.deviceId,
        mutationId: 4,
        kind: 'completion',
        reason: 'El tiempo no puede ser negativo',
        createdAt: expect.any(String),
        payload: { attemptClientId: later.attemptClientId, answers: 4, completionTime: -5, completedAt: later.mutations[2]!.payload.completedAt },
      },
      {
        deviceId: device.deviceId,
        mutationId: 1,
        kind: 'player',
        reason: UNKNOWN_DOCUMENT_TYPE,
        createdAt: expect.any(String),
        payload: {
          clientId: bad.playerClientId,
          fullName: 'Laura María Gómez',
          documentTypeId: 999999,
          documentNumber: `${'*'.repeat(documentNumber.length - 3)}${documentNumber.slice(-3)}`,
          locationId: site.id,
        },
      },
    ]);
    expect(res.text).not.toContain(documentNumber);
    const second = await admin.get('/api/sync/rejections?limit=1&offset=1');
    expect(second.body.map((r: { mutationId: number }) => r.mutationId)).toEqual([1]);
  });

  it('masks a document number a device sent as a number', async () => {
    const device = await registerDevice(api);
    const bad = play(1);
    await device.push([{ ...bad.mutations[0], payload: { ...bad.mutations[0]!.payload, documentNumber: 987654321 } }]);
    const res = await (await api.adminClient()).get('/api/sync/rejections?limit=1');
    expect(res.body[0]).toMatchObject({ deviceId: device.deviceId, payload: { documentNumber: '******321' } });
    expect(res.text).not.toContain('987654321');
  });

  it('refuses a bad page with 400', async () => {
    const res = await (await api.adminClient()).get('/api/sync/rejections?limit=0');
    expect(res.status).toBe(400);
  });
});
