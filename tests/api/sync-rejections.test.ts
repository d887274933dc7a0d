import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_NUMBER_MESSAGE } from '../../contract';
import { UNKNOWN_DOCUMENT_TYPE } from '../../api/play/players/service';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildTrivia } from '../support/factories';
import { kioskPushes } from '../support/kiosk-pushes';
import { buildKioskSite, chooseAnswers, freshDocument, playerFlowSnapshot, registerDevice, type KioskSite, type TestTrivia } from '../support/player-flow';

/**
 * What a push carries that the rules or the contract refuse: rejected one mutation at a time, the
 * counter advanced past it, the rest of the batch applied, and the rejections kept for staff.
 */

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

const { play, attemptByClientId, counter } = kioskPushes(() => ({ api, cc, site, trivia }));

describe('POST /api/sync', () => {
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
