import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTEMPT_LIMIT_MESSAGE } from '../../contract';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildLocation, buildPlayer, buildTrivia } from '../support/factories';
import { chooseAnswers, phoneHeaders, playerFlowSnapshot, playerProof, registerDevice, type TestTrivia } from '../support/player-flow';


let api: TestApi;
let site: { id: number };
let trivia: TestTrivia;
let otherTrivia: TestTrivia;
beforeAll(async () => {
  api = await startTestApi();
  const company = await buildCompany(api.dataSource);
  site = await buildLocation(api.dataSource, company.id, 'Pabellón 1');
  trivia = await buildTrivia(api.dataSource, company.id, { questions: 4 });
  otherTrivia = await buildTrivia(api.dataSource, company.id, { questions: 2 });
});
afterAll(() => api.close());


async function startAttempt(body: Record<string, unknown> = {}) {
  const player = await buildPlayer(api.dataSource, { locationId: site.id });
  const headers = await phoneHeaders(api);
  const res = await api.client().post('/api/player-attempts', { ...playerProof(player), questionGroupId: trivia.group.id, totalQuestions: 4, ...body }, { headers });
  expect(res.status).toBe(200);
  return { player, headers, attempt: res.body as { id: number; token: string; clientId: string | null } };
}

const storedAttempt = async (id: number) => (await api.dataSource.query(`SELECT * FROM player_attempts WHERE id = $1`, [id]))[0];

describe('POST /api/player-attempts', () => {
  it('starts an attempt at the player\'s site and returns a token of which only the SHA-256 is stored', async () => {
    const { player, attempt } = await startAttempt();
    expect(attempt).toMatchObject({ playerId: player.id, questionGroupId: trivia.group.id, totalQuestions: 4, score: 0, completedAt: null });
    expect(attempt.token.length).toBeGreaterThanOrEqual(32);
    const row = await storedAttempt(attempt.id);
    expect(row.location_id).toBe(site.id);
    expect(row.token_hash).toBe(createHash('sha256').update(attempt.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(attempt.token);
  });

  it('returns the same attempt and a working token when a kiosk replays the creation with its clientId', async () => {
    const clientId = randomUUID();
    const { player, headers, attempt } = await startAttempt({ clientId });
    const replay = await api.client().post('/api/player-attempts', { ...playerProof(player), questionGroupId: trivia.group.id, totalQuestions: 4, clientId }, { headers });
    expect(replay.body.id).toBe(attempt.id);
    expect(replay.body.token).toBe(attempt.token);
    const done = await api.client().patch(`/api/player-attempts/${attempt.id}`, { answers: chooseAnswers(trivia, 4), completionTime: 30, token: replay.body.token });
    expect(done.status).toBe(200);
  });

  it('refuses with 403 once the trivia\'s maxAttempts is reached, even when starts arrive at once', async () => {
    const company = await buildCompany(api.dataSource);
    const limited = await buildTrivia(api.dataSource, company.id, { overrides: { maxAttempts: 2 } });
    const player = await buildPlayer(api.dataSource);
    const body = { ...playerProof(player), questionGroupId: limited.group.id, totalQuestions: 5 };
    const replies = await Promise.all(Array.from({ length: 5 }, async () => api.client().post('/api/player-attempts', body, { headers: await phoneHeaders(api) })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 403, 403, 403]);
    const refused = replies.find((r) => r.status === 403)!;
    expect(refused.body.error).toBe(ATTEMPT_LIMIT_MESSAGE);
    expect(refused.body.details).toMatch(/2 intentos/);
    const [{ n }] = await api.dataSource.query(`SELECT count(*)::int AS n FROM player_attempts WHERE player_id = $1`, [player.id]);
    expect(n).toBe(2);
  });

  it('refuses an attempt of 0 questions with 400 and stores nothing', async () => {
    const player = await buildPlayer(api.dataSource, { locationId: site.id });
    const before = await playerFlowSnapshot(api.dataSource);
    const res = await api.client().post('/api/player-attempts', { ...playerProof(player), questionGroupId: trivia.group.id, totalQuestions: 0 }, { headers: await phoneHeaders(api) });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('El total de preguntas debe ser un entero entre 1 y 200');
    expect(await playerFlowSnapshot(api.dataSource)).toEqual(before);
  });

  it('is 404 for an unknown player or trivia', async () => {
    const unknownPlayer = await api.client().post('/api/player-attempts', { playerId: 999999, questionGroupId: trivia.group.id, totalQuestions: 4 }, { headers: await phoneHeaders(api) });
    expect(unknownPlayer.status).toBe(404);
    expect(unknownPlayer.body.error).toBe('No se encontró el jugador');
    const player = await buildPlayer(api.dataSource);
    const unknownTrivia = await api.client().post('/api/player-attempts', { ...playerProof(player), questionGroupId: 999999, totalQuestions: 4 }, { headers: await phoneHeaders(api) });
    expect(unknownTrivia.status).toBe(404);
  });
});

describe("a trivia's maxAttempts", () => {
  it('is one rule for the document check, the online start and a synced start', async () => {
    const company = await buildCompany(api.dataSource);
    const limited = await buildTrivia(api.dataSource, company.id, { questions: 2, overrides: { maxAttempts: 2 } });
    const player = await buildPlayer(api.dataSource, { locationId: site.id });
    const device = await registerDevice(api);
    const validate = () =>
      api.client().post('/api/players/validate', {
        documentTypeId: player.documentTypeId,
        documentNumber: player.documentNumber,
        companyId: company.id,
        questionGroupId: limited.group.id,
      });
    const startOnline = async () => api.client().post('/api/player-attempts', { ...playerProof(player), questionGroupId: limited.group.id, totalQuestions: 2 }, { headers: await phoneHeaders(api) });
    const startSynced = (mutationId: number, reference: Record<string, unknown>) =>
      device.push([
        {
          mutationId,
          kind: 'attempt',
          payload: { clientId: randomUUID(), ...reference, questionGroupId: limited.group.id, totalQuestions: 2, startedAt: new Date().toISOString() },
        },
      ]);

    // A synced attempt naming its player by a bare id is kept, held, and uses up nothing.
    expect((await startSynced(1, { playerId: player.id })).body.results[0].status).toBe('applied');
    expect((await validate()).status).toBe(200);
    // One online start and one synced start use up the two attempts.
    expect((await startOnline()).status).toBe(200);
    expect((await validate()).status).toBe(200);
    expect((await startSynced(2, playerProof(player))).body.results[0].status).toBe('applied');

    // From then on every path says so: the document check and an online start with 403…
    for (const refused of [await validate(), await startOnline()]) {
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'attempt_limit_reached', error: ATTEMPT_LIMIT_MESSAGE, details: 'Esta trivia permite 2 intentos por jugador' });
    }
    // …and a synced start, played on a kiosk that could not know, is kept and held over the limit.
    expect((await startSynced(3, playerProof(player))).body.results[0].status).toBe('applied');
    const stored = await api.dataSource.query(`SELECT review_status, review_reason FROM player_attempts WHERE player_id = $1 ORDER BY id`, [player.id]);
    expect(stored).toEqual([
      { review_status: 'held', review_reason: 'unproven_player' },
      { review_status: 'clean', review_reason: null },
      { review_status: 'clean', review_reason: null },
      { review_status: 'held', review_reason: 'over_limit' },
    ]);
  });
});

describe('PATCH /api/player-attempts/:id', () => {
  it('scores the chosen answers itself and ignores the figures and the time the client claims', async () => {
    const { attempt } = await startAttempt();
    const res = await api.client().patch(`/api/player-attempts/${attempt.id}`, {
      score: 100,
      correctAnswers: 4,
      answers: chooseAnswers(trivia, 3),
      completionTime: 75,
      token: attempt.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: attempt.id, correctAnswers: 3, score: 75, totalQuestions: 4 });
    expect(res.body.completionTime).toBeLessThan(5);
    expect(res.body.completedAt).toEqual(expect.any(String));
    expect(res.body.token).toBeUndefined();
  });


  it('completes an attempt named by its clientId', async () => {
    const clientId = randomUUID();
    const { attempt } = await startAttempt({ clientId });
    const res = await api.client().patch(`/api/player-attempts/${clientId}`, { answers: chooseAnswers(trivia, 1), completionTime: 9, token: attempt.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: attempt.id, clientId, score: 25 });
  });

  const firstThree = () => chooseAnswers(trivia, 4).slice(0, 3);
  const refusals: [string, (a: { token: string }) => Record<string, unknown>, number, string | RegExp][] = [
    ['figures without answers', (a) => ({ score: 100, correctAnswers: 4, completionTime: 10, token: a.token }), 400, 'Faltan respuestas: el intento tiene 4 preguntas'],
    ['fewer answers than the round', (a) => ({ answers: firstThree(), completionTime: 10, token: a.token }), 400, 'Faltan respuestas: el intento tiene 4 preguntas'],
    ['more answers than the round', (a) => ({ answers: [...chooseAnswers(trivia, 4), chooseAnswers(otherTrivia, 1)[0]], token: a.token }), 400, 'Hay más respuestas que preguntas en el intento'],
    ['an answer id from another trivia', (a) => ({ answers: [...firstThree(), { questionId: trivia.items[3]!.question.id, answerId: otherTrivia.items[0]!.answers[0]!.id }], completionTime: 10, token: a.token }), 400, 'La respuesta no pertenece a esta trivia'],
    ['a question of another trivia', (a) => ({ answers: [...firstThree(), chooseAnswers(otherTrivia, 1)[0]], completionTime: 10, token: a.token }), 400, 'La respuesta no pertenece a esta trivia'],
    ['an answer given to the wrong question', (a) => ({ answers: [...firstThree(), { questionId: trivia.items[3]!.question.id, answerId: trivia.items[0]!.answers[0]!.id }], completionTime: 10, token: a.token }), 400, 'La respuesta no corresponde a su pregunta'],
    ['the same question answered twice', (a) => ({ answers: [...firstThree(), firstThree()[0]], completionTime: 10, token: a.token }), 400, 'Una pregunta se respondió más de una vez'],
    ['a negative completion time', (a) => ({ answers: chooseAnswers(trivia, 4), completionTime: -1, token: a.token }), 400, 'El tiempo no puede ser negativo'],
    ['a fractional completion time', (a) => ({ answers: chooseAnswers(trivia, 4), completionTime: 1.5, token: a.token }), 400, 'El tiempo debe ser un número entero de segundos'],
    ['a missing token', () => ({ answers: chooseAnswers(trivia, 4), completionTime: 10 }), 403, 'Token de intento no válido'],
    ['a wrong token', () => ({ answers: chooseAnswers(trivia, 4), completionTime: 10, token: 'not-the-token' }), 403, 'Token de intento no válido'],
  ];
  for (const [what, body, status, message] of refusals) {
    it(`refuses ${what} with ${status} and leaves the attempt unchanged`, async () => {
      const { attempt } = await startAttempt();
      const before = await storedAttempt(attempt.id);
      const snapshot = await playerFlowSnapshot(api.dataSource);
      const res = await api.client().patch(`/api/player-attempts/${attempt.id}`, body(attempt));
      expect(res.status).toBe(status);
      expect(res.body.error).toMatch(message);
      expect(await storedAttempt(attempt.id)).toEqual(before);
      expect(await playerFlowSnapshot(api.dataSource)).toEqual(snapshot);
    });
  }

  it('refuses another attempt\'s token', async () => {
    const { attempt } = await startAttempt();
    const { attempt: other } = await startAttempt();
    const res = await api.client().patch(`/api/player-attempts/${attempt.id}`, { answers: chooseAnswers(trivia, 4), completionTime: 10, token: other.token });
    expect(res.status).toBe(403);
    expect((await storedAttempt(attempt.id)).completed_at).toBeNull();
  });

  it('completes once: the same completion again returns it unchanged, a different one is 409', async () => {
    const { attempt } = await startAttempt();
    const body = { answers: chooseAnswers(trivia, 2), completionTime: 20, token: attempt.token };
    const first = await api.client().patch(`/api/player-attempts/${attempt.id}`, body);
    const replay = await api.client().patch(`/api/player-attempts/${attempt.id}`, body);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    const different = await api.client().patch(`/api/player-attempts/${attempt.id}`, { ...body, answers: chooseAnswers(trivia, 4) });
    expect(different.status).toBe(409);
    expect(different.body.error).toBe('El intento ya fue completado con otro resultado');
    expect((await storedAttempt(attempt.id)).score).toBe(50);
  });

  it('is 404 for an unknown attempt', async () => {
    const res = await api.client().patch('/api/player-attempts/999999', { answers: [], token: 'x' });
    expect(res.status).toBe(404);
    expect((await api.client().patch('/api/player-attempts/abc', { answers: [], completionTime: 1, token: 'x' })).status).toBe(404);
  });
});
