import { randomUUID } from 'node:crypto';
import { NOT_FOUND } from '../../api/platform/access/not-found';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Picture, PlayerHistory } from '../../contract';
import { startTestApi, type TestApi } from '../support/api-server';
import { insertCompletedAttempt } from '../support/attempts';
import { buildCompany, buildLocation, buildPlayer, buildTrivia } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { photo, putPictureBytes, requestPictureUrl } from '../support/picture-uploads';

/**
 * One player's history: two trivias (the first part of a campaign "Feria"), four finished rounds
 * (counted on a kiosk "Kiosco Norte", held over the limit, discarded, disqualified) and one
 * unfinished, each with its questions in the order shown and the answers chosen.
 */
let api: TestApi;
let admin: TestClient;
let player: Awaited<ReturnType<typeof buildPlayer>>;
let first: Awaited<ReturnType<typeof buildTrivia>>;
let second: Awaited<ReturnType<typeof buildTrivia>>;
let campaignId: number;
/** The picture of question 2 and of its first answer. */
let picture: Picture;
const ids = {} as Record<'counted' | 'held' | 'discarded' | 'disqualified' | 'unfinished', number>;

const history = async (id = player.id) => {
  const res = await admin.get(`/api/players/${id}/history`);
  expect(res.status).toBe(200);
  return res.body as PlayerHistory;
};

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  const company = await buildCompany(api.dataSource);
  const site = await buildLocation(api.dataSource, company.id, 'Stand Norte');
  first = await buildTrivia(api.dataSource, company.id, { questions: 3, answersPerQuestion: 3, overrides: { name: 'Productos' } });
  second = await buildTrivia(api.dataSource, company.id, { questions: 2, answersPerQuestion: 2, overrides: { name: 'Historia' } });
  [{ id: campaignId }] = await api.dataSource.query(
    `INSERT INTO campaigns (name, company_id, start_date, end_date) VALUES ('Feria', $1, current_date - 1, current_date + 1) RETURNING id`,
    [company.id],
  );
  await api.dataSource.query(`INSERT INTO campaign_question_groups (campaign_id, question_group_id, weight, "order") VALUES ($1, $2, 1, 1)`, [campaignId, first.group.id]);
  player = await buildPlayer(api.dataSource, { fullName: 'Ana Torres', locationId: site.id });
  const kiosk = randomUUID();
  await api.dataSource.query(`INSERT INTO devices (id, secret_hash, kiosk_name) VALUES ($1, repeat('0', 64), 'Kiosco Norte')`, [kiosk]);

  const [q1, q2, q3] = first.items;
  picture = (await putPictureBytes(api, await requestPictureUrl(admin, first.group.id), await photo(600, 400, 3))).body as Picture;
  await api.dataSource.query(`UPDATE questions SET picture_name = $1, picture_alt = 'Foto del producto' WHERE id = $2`, [picture.name, q2!.question.id]);
  await api.dataSource.query(`UPDATE answers SET picture_name = $1, picture_alt = 'El producto de cerca' WHERE id = $2`, [picture.name, q2!.answers[0]!.id]);
  // Counted, on the kiosk: shown Q2 then Q1 (Q3 not dealt); Q2 right in 1.2 s, Q1 wrong.
  ids.counted = await insertCompletedAttempt(api.dataSource, {
    playerId: player.id, groupId: first.group.id, score: 50, totalQuestions: 2, correctAnswers: 1, locationId: site.id, deviceId: kiosk,
    completedAt: new Date('2026-05-01T15:00:00Z'), questionIds: [q2!.question.id, q1!.question.id],
    answers: [{ questionId: q2!.question.id, answerId: q2!.answers[0]!.id, elapsedMs: 1200 }, { questionId: q1!.question.id, answerId: q1!.answers[2]!.id }],
  });
  // Held over the limit: Q3 shown, the time ran out.
  ids.held = await insertCompletedAttempt(api.dataSource, {
    playerId: player.id, groupId: first.group.id, score: 0, totalQuestions: 1, correctAnswers: 0, locationId: site.id,
    completedAt: new Date('2026-05-01T16:00:00Z'), questionIds: [q3!.question.id], answers: [], reviewStatus: 'held', reviewReason: 'over_limit',
  });
  ids.discarded = await insertCompletedAttempt(api.dataSource, {
    playerId: player.id, groupId: first.group.id, score: 100, totalQuestions: 1, correctAnswers: 1,
    completedAt: new Date('2026-05-01T17:00:00Z'), questionIds: [q1!.question.id], answers: [{ questionId: q1!.question.id, answerId: q1!.answers[0]!.id }],
    reviewStatus: 'discarded', reviewReason: 'implausible_time',
  });
  const [r1, r2] = second.items;
  ids.disqualified = await insertCompletedAttempt(api.dataSource, {
    playerId: player.id, groupId: second.group.id, score: 100, totalQuestions: 2, correctAnswers: 2,
    completedAt: new Date('2026-05-02T15:00:00Z'), questionIds: [r1!.question.id, r2!.question.id],
    answers: [{ questionId: r1!.question.id, answerId: r1!.answers[0]!.id }, { questionId: r2!.question.id, answerId: r2!.answers[0]!.id }],
  });
  await api.dataSource.query(`INSERT INTO ranking_disqualifications (question_group_id, player_id, attempt_id, reason) VALUES ($1, $2, $3, 'Jugó por otro')`, [
    second.group.id, player.id, ids.disqualified,
  ]);
  [{ id: ids.unfinished }] = await api.dataSource.query(
    `INSERT INTO player_attempts (player_id, question_group_id, total_questions, started_at, token_hash) VALUES ($1, $2, 2, '2026-05-03T15:00:00Z', repeat('0', 64)) RETURNING id`,
    [player.id, second.group.id],
  );
  // Another player's round never shows in this history.
  await insertCompletedAttempt(api.dataSource, { playerId: (await buildPlayer(api.dataSource)).id, groupId: first.group.id, score: 70 });
});
afterAll(() => api.close());

describe('GET /api/players/:id/history', () => {
  it('lists every attempt of the player, newest first, with where it stands, where it was played and each answer with its pictures', async () => {
    const result = await history();
    expect(result.player).toEqual({ id: player.id, fullName: 'Ana Torres', documentNumber: player.documentNumber, site: 'Stand Norte' });
    expect(result.attempts.map((a) => [a.id, a.standing])).toEqual([
      [ids.unfinished, 'unfinished'],
      [ids.disqualified, 'disqualified'],
      [ids.discarded, 'discarded'],
      [ids.held, 'held'],
      [ids.counted, 'counted'],
    ]);
    const byId = new Map(result.attempts.map((a) => [a.id, a]));
    const [q1, q2, q3] = first.items;

    expect(byId.get(ids.counted)).toMatchObject({
      trivia: { id: first.group.id, name: 'Productos', companyId: first.group.companyId },
      campaigns: [{ id: campaignId, name: 'Feria' }],
      completedAt: '2026-05-01T15:00:00.000Z',
      score: 50, correctAnswers: 1, totalQuestions: 2,
      site: 'Stand Norte', kiosk: 'Kiosco Norte', reviewReason: null,
      answers: [
        { questionId: q2!.question.id, question: 'Pregunta 2', questionPicture: { ...picture, alt: 'Foto del producto' }, answer: 'Respuesta 2.1', answerPicture: { ...picture, alt: 'El producto de cerca' }, correct: true, elapsedMs: 1200 },
        { questionId: q1!.question.id, question: 'Pregunta 1', questionPicture: null, answer: 'Respuesta 1.3', answerPicture: null, correct: false, elapsedMs: null },
      ],
    });
    expect(byId.get(ids.held)).toMatchObject({
      reviewReason: 'Llegó por encima del límite de intentos', kiosk: null,
      answers: [{ questionId: q3!.question.id, question: 'Pregunta 3', answer: null, correct: false, elapsedMs: null }],
    });
    expect(byId.get(ids.discarded)).toMatchObject({ reviewReason: 'Tiempo no plausible', site: null });
    expect(byId.get(ids.disqualified)).toMatchObject({ trivia: { name: 'Historia' }, campaigns: [], answers: [{ correct: true }, { correct: true }] });
    expect(byId.get(ids.unfinished)).toMatchObject({ completedAt: null, completionTime: null, answers: [] });
  });

  it('names a question deleted since as missing, and keeps the round', async () => {
    const other = await buildPlayer(api.dataSource, { fullName: 'Luis Mora' });
    const [, , q3] = first.items;
    const extra = await api.dataSource.query(`INSERT INTO questions (text, group_id) VALUES ('Pregunta borrada', $1) RETURNING id`, [first.group.id]);
    const deletedId = extra[0].id as number;
    await insertCompletedAttempt(api.dataSource, {
      playerId: other.id, groupId: first.group.id, score: 0, totalQuestions: 2, questionIds: [deletedId, q3!.question.id],
      answers: [{ questionId: q3!.question.id, answerId: q3!.answers[1]!.id }],
    });
    await api.dataSource.query(`DELETE FROM questions WHERE id = $1`, [deletedId]);
    const [attempt] = (await history(other.id)).attempts;
    expect(attempt!.answers).toEqual([
      { questionId: deletedId, question: null, questionPicture: null, answer: null, answerPicture: null, correct: false, timedOut: false, elapsedMs: null },
      { questionId: q3!.question.id, question: 'Pregunta 3', questionPicture: null, answer: 'Respuesta 3.2', answerPicture: null, correct: false, timedOut: false, elapsedMs: null },
    ]);
  });

  it('says which question ran out of time, apart from one the round never reached', async () => {
    const timed = await buildPlayer(api.dataSource, { fullName: 'Tina Reloj' });
    const [q1, q2, q3] = first.items;
    await insertCompletedAttempt(api.dataSource, {
      playerId: timed.id, groupId: first.group.id, score: 33, totalQuestions: 3, questionIds: [q1!.question.id, q2!.question.id, q3!.question.id],
      answers: [{ questionId: q1!.question.id, answerId: q1!.answers[0]!.id }, { questionId: q2!.question.id, answerId: null, elapsedMs: 10_000 }],
    });
    const [attempt] = (await history(timed.id)).attempts;
    expect(attempt!.answers.map((a) => [a.answer, a.correct, a.timedOut, a.elapsedMs])).toEqual([
      ['Respuesta 1.1', true, false, null],
      [null, false, true, 10_000],
      [null, false, false, null],
    ]);
  });

  it('is gone with the data erasure removes: an anonymised player keeps rounds under no name or document, a deleted one is a 404', async () => {
    const erased = await buildPlayer(api.dataSource, { fullName: 'Eva Ruiz' });
    await insertCompletedAttempt(api.dataSource, { playerId: erased.id, groupId: first.group.id, score: 30 });
    expect((await admin.post(`/api/player-data/${erased.id}/erase`, { action: 'anonymise', confirm: erased.documentNumber })).status).toBe(200);
    const anonymised = await history(erased.id);
    expect(anonymised.player).toMatchObject({ fullName: 'Jugador eliminado', documentNumber: null });
    expect(anonymised.attempts).toHaveLength(1);

    const gone = await buildPlayer(api.dataSource, { fullName: 'Iván Paz' });
    await insertCompletedAttempt(api.dataSource, { playerId: gone.id, groupId: first.group.id, score: 30 });
    expect((await admin.post(`/api/player-data/${gone.id}/erase`, { action: 'delete', confirm: gone.documentNumber })).status).toBe(200);
    const res = await admin.get(`/api/players/${gone.id}/history`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'player_not_found', message: NOT_FOUND.player.message });
  });

  it('is for admins only, and a bad id is a 400 naming it', async () => {
    expect((await api.client().get(`/api/players/${player.id}/history`)).status).toBe(401);
    const bad = await admin.get('/api/players/abc/history');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('id');
  });
});
