import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import { bundleVersion } from '../support/bundle-version';
import { insertCompletedAttempt } from '../support/attempts';
import { buildCompany, buildPlayer, buildTrivia } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { PARIS_ANSWERS as answers } from '../support/trivia-contents';

/** PUT /api/questions/:id: a question's text and answers replaced in one transaction, what played rounds keep, and the text's history. */

let api: TestApi;
let admin: TestClient;
let companyId: number;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  companyId = (await buildCompany(api.dataSource)).id;
});
afterAll(() => api.close());

const contentVersion = (groupId: number) => bundleVersion(api, groupId);

describe('PUT /api/questions/:id (text and all answers in one transaction)', () => {
  it('replaces the text and every answer', async () => {
    const { group, items } = await buildTrivia(api.dataSource, companyId, { questions: 1, answersPerQuestion: 4 });
    const id = items[0]!.question.id;
    const before = await contentVersion(group.id);
    const res = await admin.put(`/api/questions/${id}`, { text: '¿Capital de Francia?', groupId: group.id, answers });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, text: '¿Capital de Francia?' });
    const all = await admin.get(`/api/questions/${group.id}/all-answers`);
    expect(all.body[id].map((a: { text: string; isCorrect: boolean }) => [a.text, a.isCorrect])).toEqual([
      ['París', true],
      ['Lyon', false],
    ]);
    expect(await contentVersion(group.id)).not.toBe(before);
  });

  it('leaves the old text and answers when the replacement fails', async () => {
    const { group, items } = await buildTrivia(api.dataSource, companyId, { questions: 1, answersPerQuestion: 3 });
    const id = items[0]!.question.id;
    const before = await contentVersion(group.id);
    const invalid = await admin.put(`/api/questions/${id}`, { text: 'Nuevo', groupId: group.id, answers: [answers[0]] });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe('Debe haber al menos 2 respuestas');
    // A missing target trivia is found inside the transaction, after the question was loaded.
    const missingGroup = await admin.put(`/api/questions/${id}`, { text: 'Nuevo', groupId: 999999, answers });
    expect(missingGroup.status).toBe(404);

    const list = await api.client().get(`/api/question-groups/${group.id}/questions`);
    expect(list.body[0].text).toBe('Pregunta 1');
    const all = await api.client().get(`/api/questions/${group.id}/all-answers`);
    expect(all.body[id].map((a: { text: string }) => a.text)).toEqual(['Respuesta 1.1', 'Respuesta 1.2', 'Respuesta 1.3']);
    expect(await contentVersion(group.id)).toBe(before);
  });

  it('is 400 with the spec messages and leaves the question as it was', async () => {
    const { group, items } = await buildTrivia(api.dataSource, companyId, { questions: 1, answersPerQuestion: 3 });
    const path = `/api/questions/${items[0]!.question.id}`;
    const cases: [Record<string, unknown>, string][] = [
      [{ text: '   ' }, 'La pregunta es requerida'],
      [{ answers: [answers[0], { text: '  ', isCorrect: false }] }, 'El texto de la respuesta es requerido'],
      [{ answers: answers.map((a) => ({ ...a, isCorrect: true })) }, 'Marca exactamente una respuesta correcta'],
      [{ answers: answers.map((a) => ({ ...a, isCorrect: false })) }, 'Marca exactamente una respuesta correcta'],
      [{ answers: [] }, 'Debe haber al menos 2 respuestas'],
      [{ answers: undefined }, 'Debe haber al menos 2 respuestas'],
      [{ groupId: undefined }, 'El ID del grupo debe ser mayor que 0'],
      [{ groupId: 0 }, 'El ID del grupo debe ser mayor que 0'],
    ];
    for (const [overrides, message] of cases) {
      const res = await admin.put(path, { text: 'Nuevo', groupId: group.id, answers, ...overrides });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.error, JSON.stringify(overrides)).toBe(message);
    }
    expect((await admin.put('/api/questions/abc', { text: 'Nuevo', groupId: group.id, answers })).status).toBe(400);
    expect((await api.client().get(`/api/question-groups/${group.id}/questions`)).body[0].text).toBe('Pregunta 1');
    const all = await api.client().get(`/api/questions/${group.id}/all-answers`);
    expect(all.body[items[0]!.question.id]).toHaveLength(3);
  });

  it('is 401 signed out and 404 for a missing question', async () => {
    const { group } = await buildTrivia(api.dataSource, companyId, { questions: 1 });
    expect((await api.client().put('/api/questions/1', { text: 'x', groupId: group.id, answers })).status).toBe(401);
    expect((await admin.put('/api/questions/999999', { text: 'x', groupId: group.id, answers })).status).toBe(404);
  });
});

describe('PUT /api/questions/:id: answers kept by id, a change of the correct answer confirmed, the text\'s history', () => {
  /** A trivia of one question (answers A*, B, C; * the right one) and its ids. */
  async function oneQuestion() {
    const { group, items } = await buildTrivia(api.dataSource, companyId, { questions: 1, answersPerQuestion: 3 });
    const question = items[0]!.question;
    const [a, b, c] = items[0]!.answers.map((answer) => answer.id) as [number, number, number];
    return { group, question, a, b, c };
  }
  /** A completed round that chose `answerId` at the question. */
  async function roundChoosing(groupId: number, questionId: number, answerId: number, score: number, reviewStatus: 'clean' | 'held' = 'clean') {
    const player = await buildPlayer(api.dataSource);
    return insertCompletedAttempt(api.dataSource, { playerId: player.id, groupId, score, questionIds: [questionId], answers: [{ questionId, answerId }], reviewStatus, reviewReason: reviewStatus === 'held' ? 'over_limit' : null });
  }

  it('keeps an answer sent with its id (the rounds that chose it still count it), adds one without and deletes one not sent', async () => {
    const { group, question, a, b, c } = await oneQuestion();
    await roundChoosing(group.id, question.id, b, 0);
    const res = await admin.put(`/api/questions/${question.id}`, {
      text: 'Pregunta 1',
      groupId: group.id,
      answers: [{ id: a, text: 'A corregida', isCorrect: true }, { id: b, text: 'B', isCorrect: false }, { text: 'D nueva', isCorrect: false }],
    });
    expect(res.status).toBe(200);
    const stored = (await admin.get(`/api/questions/${group.id}/all-answers`)).body[question.id] as { id: number; text: string }[];
    expect(stored.map((answer) => answer.text)).toEqual(['A corregida', 'B', 'D nueva']);
    expect(stored.slice(0, 2).map((answer) => answer.id)).toEqual([a, b]);
    expect(stored.map((answer) => answer.id)).not.toContain(c);
    // The round that chose B still counts for B in the analysis.
    const analysis = await admin.get(`/api/question-groups/${group.id}/analysis`);
    expect(analysis.body.questions[0].answers.find((answer: { answerId: number }) => answer.answerId === b)).toMatchObject({ text: 'B', chosen: 1 });
  });

  it('asks to confirm a change of the correct answer once played rounds chose the old or the new one, with how many; confirmed, it applies and stored scores stay', async () => {
    const { group, question, a, b, c } = await oneQuestion();
    const rounds = [await roundChoosing(group.id, question.id, a, 100), await roundChoosing(group.id, question.id, b, 0), await roundChoosing(group.id, question.id, c, 0), await roundChoosing(group.id, question.id, b, 0, 'held')];
    const body = { text: 'Pregunta 1', groupId: group.id, answers: [{ id: a, text: 'Respuesta 1.1', isCorrect: false }, { id: b, text: 'Respuesta 1.2', isCorrect: true }, { id: c, text: 'Respuesta 1.3', isCorrect: false }] };

    const asked = await admin.put(`/api/questions/${question.id}`, body);
    expect(asked.status).toBe(409);
    // A and the two Bs (the held one too: an admin may release it); C's reading does not change.
    expect(asked.body).toMatchObject({ code: 'correct_answer_change_unconfirmed', affectedResults: 3 });
    expect(asked.body.error).toContain('3 resultados ya jugados');
    expect(asked.body.error).toContain('Sus puntajes guardados no cambian');
    const unchanged = (await admin.get(`/api/questions/${group.id}/all-answers`)).body[question.id] as { id: number; isCorrect: boolean }[];
    expect(unchanged.find((answer) => answer.isCorrect)?.id).toBe(a);

    // Renaming answers without moving the mark needs no confirmation.
    expect((await admin.put(`/api/questions/${question.id}`, { ...body, answers: body.answers.map((answer) => ({ ...answer, isCorrect: answer.id === a })) })).status).toBe(200);

    const confirmed = await admin.put(`/api/questions/${question.id}`, { ...body, confirmCorrectChange: true });
    expect(confirmed.status).toBe(200);
    const changed = (await admin.get(`/api/questions/${group.id}/all-answers`)).body[question.id] as { id: number; isCorrect: boolean }[];
    expect(changed.find((answer) => answer.isCorrect)?.id).toBe(b);
    const scores = (await api.dataSource.query(`SELECT score FROM player_attempts WHERE id = ANY($1) ORDER BY id`, [rounds])) as { score: number }[];
    expect(scores.map((row) => row.score)).toEqual([100, 0, 0, 0]);
  });

  it('refuses an answer id of another question, or one sent twice, with the field named, and changes nothing', async () => {
    const { group, question, a, b } = await oneQuestion();
    const other = await oneQuestion();
    const foreign = await admin.put(`/api/questions/${question.id}`, { text: 'Nuevo', groupId: group.id, answers: [{ id: other.a, text: 'X', isCorrect: true }, { id: b, text: 'Y', isCorrect: false }] });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ code: 'validation_failed', error: 'La respuesta no es de esta pregunta', issues: [{ path: 'answers.0.id' }] });
    const twice = await admin.put(`/api/questions/${question.id}`, { text: 'Nuevo', groupId: group.id, answers: [{ id: a, text: 'X', isCorrect: true }, { id: a, text: 'Y', isCorrect: false }] });
    expect(twice.status).toBe(400);
    expect(twice.body.error).toBe('Una respuesta aparece dos veces');
    expect((await api.client().get(`/api/question-groups/${group.id}/questions`)).body[0].text).toBe('Pregunta 1');
  });

  it('keeps each replaced text with who replaced it and when, newest first, through PUT and PATCH; the history goes with the question', async () => {
    const { group, question, a, b } = await oneQuestion();
    const answersKept = [{ id: a, text: 'Respuesta 1.1', isCorrect: true }, { id: b, text: 'Respuesta 1.2', isCorrect: false }];
    expect((await admin.put(`/api/questions/${question.id}`, { text: 'Segunda versión', groupId: group.id, answers: answersKept })).status).toBe(200);
    // Saving the same text again is no new version.
    expect((await admin.put(`/api/questions/${question.id}`, { text: 'Segunda versión', groupId: group.id, answers: answersKept })).status).toBe(200);
    expect((await admin.patch(`/api/questions/${question.id}`, { text: 'Tercera versión', groupId: group.id })).status).toBe(200);

    const revisions = await admin.get(`/api/questions/${question.id}/revisions`);
    expect(revisions.status).toBe(200);
    expect(revisions.body.map((r: { text: string; replacedBy: string }) => [r.text, r.replacedBy])).toEqual([
      ['Segunda versión', 'Ana Admin'],
      ['Pregunta 1', 'Ana Admin'],
    ]);
    expect(Date.parse(revisions.body[0].replacedAt)).toBeGreaterThanOrEqual(Date.parse(revisions.body[1].replacedAt));

    expect((await api.client().get(`/api/questions/${question.id}/revisions`)).status).toBe(401);
    expect((await admin.get('/api/questions/999999/revisions')).status).toBe(404);
    expect((await admin.delete(`/api/questions/${question.id}`)).status).toBe(204);
    expect((await admin.get(`/api/questions/${question.id}/revisions`)).status).toBe(404);
    expect(await api.dataSource.query(`SELECT 1 FROM question_text_revisions WHERE question_id = $1`, [question.id])).toEqual([]);
  });
});
