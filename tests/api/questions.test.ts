import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import { bundleVersion } from '../support/bundle-version';
import { buildCompany, buildTrivia } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { replyOf, ROLE_FORBIDDEN, signInAs } from '../support/members';
import { PARIS_ANSWERS as answers } from '../support/trivia-contents';

/** A trivia's questions and answers: listed, created, edited and deleted. Replacing a question whole (PUT): question-replacement. */

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

describe('GET /api/question-groups/:id/questions and /api/questions/:groupId/all-answers', () => {
  it('lists the questions in id order and their answers by question id, to anyone, the answer key only to an admin', async () => {
    const { group, items } = await buildTrivia(api.dataSource, companyId, { questions: 3, answersPerQuestion: 2 });
    const list = await api.client().get(`/api/question-groups/${group.id}/questions`);
    expect(list.status).toBe(200);
    expect(list.body.map((q: { id: number; text: string }) => [q.id, q.text])).toEqual(items.map(({ question }) => [question.id, question.text]));

    const all = await api.client().get(`/api/questions/${group.id}/all-answers`);
    expect(all.status).toBe(200);
    expect(Object.keys(all.body).map(Number)).toEqual(items.map(({ question }) => question.id));
    expect(all.body[items[0]!.question.id]).toEqual([
      { id: items[0]!.answers[0]!.id, text: 'Respuesta 1.1', questionId: items[0]!.question.id, picture: null },
      { id: items[0]!.answers[1]!.id, text: 'Respuesta 1.2', questionId: items[0]!.question.id, picture: null },
    ]);
    expect(all.text).not.toContain('isCorrect');
    const keyed = await admin.get(`/api/questions/${group.id}/all-answers`);
    expect(keyed.body[items[0]!.question.id]).toEqual([
      { id: items[0]!.answers[0]!.id, text: 'Respuesta 1.1', isCorrect: true, questionId: items[0]!.question.id, picture: null },
      { id: items[0]!.answers[1]!.id, text: 'Respuesta 1.2', isCorrect: false, questionId: items[0]!.question.id, picture: null },
    ]);
  });

  it('is 400 for a non-numeric trivia id', async () => {
    expect((await api.client().get('/api/question-groups/abc/questions')).status).toBe(400);
    expect((await api.client().get('/api/questions/abc/all-answers')).status).toBe(400);
    expect((await admin.delete('/api/questions/abc')).status).toBe(400);
    expect((await admin.patch('/api/questions/abc', { text: 'x', groupId: 1 })).status).toBe(400);
  });

  it('is 404 for a missing trivia', async () => {
    expect((await api.client().get('/api/question-groups/999999/questions')).body.error).toBe('No se encontró la trivia.');
    expect((await api.client().get('/api/questions/999999/all-answers')).status).toBe(404);
  });
});

describe('POST /api/question-groups/:id/questions', () => {
  it('creates a question (spec body) and moves the trivia bundle version', async () => {
    const { group } = await buildTrivia(api.dataSource, companyId, { questions: 0 });
    const before = await contentVersion(group.id);
    const res = await admin.post(`/api/question-groups/${group.id}/questions`, { text: '¿Capital de Francia?', groupId: group.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(Number), text: '¿Capital de Francia?', groupId: group.id });
    expect(await contentVersion(group.id)).not.toBe(before);
  });

  it('creates a question with its answers in one call', async () => {
    const { group } = await buildTrivia(api.dataSource, companyId, { questions: 0 });
    const res = await admin.post(`/api/question-groups/${group.id}/questions`, { text: '¿Capital de Francia?', groupId: group.id, answers });
    expect(res.status).toBe(201);
    expect(res.body.answers.map((a: { text: string; isCorrect: boolean }) => [a.text, a.isCorrect])).toEqual([
      ['París', true],
      ['Lyon', false],
    ]);
    const all = await api.client().get(`/api/questions/${group.id}/all-answers`);
    expect(all.body[res.body.id]).toHaveLength(2);
  });

  it('refuses bad input with the spec messages and stores nothing', async () => {
    const { group } = await buildTrivia(api.dataSource, companyId, { questions: 0 });
    const path = `/api/question-groups/${group.id}/questions`;
    const blank = await admin.post(path, { text: '  ', groupId: group.id });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe('La pregunta es requerida');
    const badGroup = await admin.post(path, { text: 'x', groupId: 0 });
    expect(badGroup.body.error).toBe('El ID del grupo debe ser mayor que 0');
    for (const groupId of [undefined, 'abc', String(group.id)]) {
      const invalid = await admin.post(path, { text: 'x', groupId });
      expect(invalid.status, JSON.stringify(groupId)).toBe(400);
      expect(invalid.body.issues).toEqual([{ path: 'groupId', message: 'El ID del grupo debe ser mayor que 0' }]);
    }
    const { group: other } = await buildTrivia(api.dataSource, companyId, { questions: 0 });
    const mismatch = await admin.post(path, { text: 'x', groupId: other.id });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toBe('El ID del grupo no coincide con la ruta');
    const oneAnswer = await admin.post(path, { text: 'x', groupId: group.id, answers: [answers[0]] });
    expect(oneAnswer.body.error).toBe('Debe haber al menos 2 respuestas');
    const emptyAnswer = await admin.post(path, { text: 'x', groupId: group.id, answers: [answers[0], { text: '', isCorrect: false }] });
    expect(emptyAnswer.body.error).toBe('El texto de la respuesta es requerido');
    const twoCorrect = await admin.post(path, { text: 'x', groupId: group.id, answers: answers.map((a) => ({ ...a, isCorrect: true })) });
    expect(twoCorrect.body.error).toBe('Marca exactamente una respuesta correcta');
    expect((await api.client().get(path)).body).toEqual([]);
    expect((await api.client().get(`/api/question-groups/${other.id}/questions`)).body).toEqual([]);
  });

  it('is 401 signed out and 404 for a missing trivia', async () => {
    const { group } = await buildTrivia(api.dataSource, companyId, { questions: 0 });
    expect((await api.client().post(`/api/question-groups/${group.id}/questions`, { text: 'x', groupId: group.id })).status).toBe(401);
    const missing = await admin.post('/api/question-groups/999999/questions', { text: 'x', groupId: 999999 });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('No se encontró la trivia.');
  });
});

describe('PATCH /api/questions/:id', () => {
  it('changes the text and moves the bundle version', async () => {
    const { group, items } = await buildTrivia(api.dataSource, companyId, { questions: 1 });
    const before = await contentVersion(group.id);
    const res = await admin.patch(`/api/questions/${items[0]!.question.id}`, { text: 'Nuevo texto', groupId: group.id });
    expect(res.status).toBe(200);
    expect(res.body.text).toBe('Nuevo texto');
    expect(await contentVersion(group.id)).not.toBe(before);
  });

  it('is 400, 401 and 404 as it should', async () => {
    const { group, items } = await buildTrivia(api.dataSource, companyId, { questions: 1 });
    const path = `/api/questions/${items[0]!.question.id}`;
    expect((await admin.patch(path, { text: '', groupId: group.id })).body.error).toBe('La pregunta es requerida');
    expect((await api.client().patch(path, { text: 'x', groupId: group.id })).status).toBe(401);
    expect((await admin.patch('/api/questions/999999', { text: 'x', groupId: group.id })).body.error).toBe('No se encontró la pregunta.');
    expect((await admin.patch(path, { text: 'x', groupId: 999999 })).status).toBe(404);
  });
});

describe('DELETE /api/questions/:id', () => {
  it('removes the question with its answers', async () => {
    const { group, items } = await buildTrivia(api.dataSource, companyId, { questions: 2 });
    const id = items[0]!.question.id;
    const before = await contentVersion(group.id);
    expect((await admin.delete(`/api/questions/${id}`)).status).toBe(204);
    const all = await api.client().get(`/api/questions/${group.id}/all-answers`);
    expect(Object.keys(all.body).map(Number)).toEqual([items[1]!.question.id]);
    const [{ count }] = await api.dataSource.query('SELECT count(*)::int AS count FROM answers WHERE question_id = $1', [id]);
    expect(count).toBe(0);
    expect(await contentVersion(group.id)).not.toBe(before);
  });

  it('is 401 signed out and 404 for a missing question', async () => {
    const { items } = await buildTrivia(api.dataSource, companyId, { questions: 1 });
    expect((await api.client().delete(`/api/questions/${items[0]!.question.id}`)).status).toBe(401);
    expect((await admin.delete('/api/questions/999999')).status).toBe(404);
  });
});

describe('POST and DELETE /api/questions/:id/answers (the spec delete-then-recreate edit)', () => {
  it('adds answers one by one and removes all of them', async () => {
    const { group, items } = await buildTrivia(api.dataSource, companyId, { questions: 1, answersPerQuestion: 2 });
    const id = items[0]!.question.id;
    const removed = await admin.delete(`/api/questions/${id}/answers`);
    expect(removed.status).toBe(200);
    expect(removed.body.deletedCount).toBe(2);
    const added = await admin.post(`/api/questions/${id}/answers`, { text: 'Sí' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ text: 'Sí', isCorrect: false, questionId: id });
    await admin.post(`/api/questions/${id}/answers`, { text: 'No', isCorrect: true });
    const all = await admin.get(`/api/questions/${group.id}/all-answers`);
    expect(all.body[id].map((a: { text: string; isCorrect: boolean }) => [a.text, a.isCorrect])).toEqual([
      ['Sí', false],
      ['No', true],
    ]);
  });

  it('is 400, 401 and 404 as it should', async () => {
    const { items } = await buildTrivia(api.dataSource, companyId, { questions: 1 });
    const path = `/api/questions/${items[0]!.question.id}/answers`;
    expect((await admin.post(path, { text: ' ' })).body.error).toBe('El texto de la respuesta es requerido');
    expect((await api.client().post(path, { text: 'x' })).status).toBe(401);
    expect((await api.client().delete(path)).status).toBe(401);
    expect((await admin.post('/api/questions/999999/answers', { text: 'x' })).status).toBe(404);
    expect((await admin.delete('/api/questions/999999/answers')).status).toBe(404);
  });
});

describe('questions for a member', () => {
  const keyOf = (body: Record<string, { isCorrect?: boolean }[]>) => Object.values(body).flat().map((answer) => answer.isCorrect);

  it('the answer key goes only to whoever may edit the trivia: its organiser, not its viewer nor another company\'s organiser', async () => {
    const other = await buildCompany(api.dataSource, { name: 'Otra empresa' });
    const { group } = await buildTrivia(api.dataSource, companyId, { questions: 1, answersPerQuestion: 2 });
    const path = `/api/questions/${group.id}/all-answers`;
    expect(keyOf((await (await signInAs(api, 'organiser', companyId)).get(path)).body)).toEqual([true, false]);
    expect(keyOf((await (await signInAs(api, 'viewer', companyId)).get(path)).body)).toEqual([undefined, undefined]);
    expect(keyOf((await (await signInAs(api, 'organiser', other.id)).get(path)).body)).toEqual([undefined, undefined]);
  });

  it('an organiser edits their trivia\'s questions; a viewer may not; another company\'s questions and trivias are missing, as a destination too', async () => {
    const other = await buildCompany(api.dataSource, { name: 'Empresa lejana' });
    const { group, items } = await buildTrivia(api.dataSource, companyId, { questions: 1 });
    const { group: theirs, items: theirItems } = await buildTrivia(api.dataSource, other.id, { questions: 1 });
    const question = items[0]!.question;
    const organiser = await signInAs(api, 'organiser', companyId);
    expect(await organiser.patch(`/api/questions/${question.id}`, { text: 'Editada', groupId: group.id })).toMatchObject({ status: 200, body: { text: 'Editada' } });
    const viewer = await signInAs(api, 'viewer', companyId);
    expect(replyOf(await viewer.patch(`/api/questions/${question.id}`, { text: 'No', groupId: group.id }))).toEqual(ROLE_FORBIDDEN);
    expect(replyOf(await viewer.get(`/api/questions/${question.id}/revisions`))).toEqual(ROLE_FORBIDDEN);

    const missingQuestion = replyOf(await organiser.delete('/api/questions/999999'));
    expect(missingQuestion.status).toBe(404);
    expect(replyOf(await organiser.delete(`/api/questions/${theirItems[0]!.question.id}`))).toEqual(missingQuestion);
    // Saved into another company's trivia (a move): refused as into a trivia that does not exist, whole or in part.
    const missingTrivia = replyOf(await organiser.patch(`/api/questions/${question.id}`, { text: 'Movida', groupId: 999999 }));
    expect(missingTrivia.status).toBe(404);
    expect(replyOf(await organiser.patch(`/api/questions/${question.id}`, { text: 'Movida', groupId: theirs.id }))).toEqual(missingTrivia);
    const whole = (groupId: number) => ({ text: 'Movida', groupId, answers: [{ text: 'Sí', isCorrect: true }, { text: 'No', isCorrect: false }] });
    expect(replyOf(await organiser.put(`/api/questions/${question.id}`, whole(theirs.id)))).toEqual(replyOf(await organiser.put(`/api/questions/${question.id}`, whole(999999))));
    expect(await api.dataSource.query(`SELECT group_id, text FROM questions WHERE id = $1`, [question.id])).toEqual([{ group_id: group.id, text: 'Editada' }]);
  });
});
