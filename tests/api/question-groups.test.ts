import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerEntity, PlayerAttemptEntity, QuestionEntity, QuestionGroupEntity } from '../../db/entities';
import { startTestApi, type TestApi } from '../support/api-server';
import { bundleVersion } from '../support/bundle-version';
import type { TestClient } from '../support/http-client';
import { buildCompany, buildPlayer, buildTrivia } from '../support/factories';
import { replyOf, ROLE_FORBIDDEN, signInAs } from '../support/members';

let api: TestApi;
let admin: TestClient;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
});
afterAll(() => api.close());

const groupBody = (companyId: number, overrides: Record<string, unknown> = {}) => ({
  name: 'Trivia de seguridad',
  description: 'Normas básicas',
  instructions: '<p>Lee con <strong>calma</strong></p>',
  companyId,
  questionsPerRound: 4,
  randomizeQuestions: false,
  randomizeAnswers: true,
  completionRedirectUrl: 'https://example.com/gracias',
  maxAttempts: 2,
  ...overrides,
});

const contentVersion = (id: number) => bundleVersion(api, id);

async function addAttempt(groupId: number, completed = true) {
  const player = await buildPlayer(api.dataSource);
  return api.dataSource.getRepository(PlayerAttemptEntity).save({
    playerId: player.id,
    questionGroupId: groupId,
    totalQuestions: 5,
    score: 80,
    correctAnswers: 4,
    startedAt: new Date(Date.now() - 60_000),
    completedAt: completed ? new Date() : null,
    completionTime: completed ? 60 : null,
    tokenHash: 'x'.repeat(64),
  });
}

describe('POST /api/companies/:companyId/question-groups', () => {
  it('creates a trivia with its settings and nested company', async () => {
    const company = await buildCompany(api.dataSource, { name: 'Seguridad SA' });
    const res = await admin.post(`/api/companies/${company.id}/question-groups`, groupBody(company.id));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      name: 'Trivia de seguridad',
      instructions: '<p>Lee con <strong>calma</strong></p>',
      questionsPerRound: 4,
      randomizeQuestions: false,
      completionRedirectUrl: 'https://example.com/gracias',
      maxAttempts: 2,
      company: { id: company.id, name: 'Seguridad SA', logoUrl: null },
    });
  });

  it('applies the spec defaults (5 per round, randomised, unlimited attempts)', async () => {
    const company = await buildCompany(api.dataSource);
    const res = await admin.post(`/api/companies/${company.id}/question-groups`, { name: 'Mínima', companyId: company.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ questionsPerRound: 5, randomizeQuestions: true, randomizeAnswers: true, maxAttempts: 0, completionRedirectUrl: null });
  });

  it('stores script and event-handler HTML in the instructions inert', async () => {
    const company = await buildCompany(api.dataSource);
    const instructions =
      '<p onclick="steal()">Hola</p><img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">x</a><a href="https://ok.example">ok</a>';
    const res = await admin.post(`/api/companies/${company.id}/question-groups`, groupBody(company.id, { instructions }));
    expect(res.status).toBe(201);
    const stored = (await api.dataSource.getRepository(QuestionGroupEntity).findOneByOrFail({ id: res.body.id })).instructions!;
    expect(stored).not.toMatch(/<script|onerror|onclick|<img|javascript:|alert\(2\)/i);
    expect(stored).toContain('<p>Hola</p>');
    expect(stored).toContain('<a href="https://ok.example" rel="noopener noreferrer">ok</a>');
  });

  it('is 400 with the spec messages', async () => {
    const company = await buildCompany(api.dataSource);
    const url = `/api/companies/${company.id}/question-groups`;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'El nombre es requerido'],
      [{ questionsPerRound: 0 }, 'Debe tener al menos 1 pregunta por ronda'],
      [{ maxAttempts: -1 }, 'El número de intentos debe ser 0 (sin límite) o mayor'],
      [{ completionRedirectUrl: 'javascript:alert(1)' }, 'Debe ser una URL válida'],
      [{ completionRedirectUrl: 'ftp://example.com/x' }, 'Debe ser una URL válida'],
      [{ completionRedirectUrl: 'no es una url' }, 'Debe ser una URL válida'],
      [{ companyId: undefined }, 'La empresa es requerida'],
      [{ companyId: 0 }, 'Selecciona una empresa válida'],
      [{ companyId: 'abc' }, 'Selecciona una empresa válida'],
      [{ companyId: String(company.id) }, 'Selecciona una empresa válida'],
      [{ companyId: 2.5 }, 'Selecciona una empresa válida'],
    ];
    for (const [overrides, message] of cases) {
      const res = await admin.post(url, groupBody(company.id, overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.error).toBe(message);
    }
  });

  it('is 400 when the body names another company than the route, or the route id is not a number', async () => {
    const company = await buildCompany(api.dataSource);
    const other = await buildCompany(api.dataSource);
    const mismatch = await admin.post(`/api/companies/${company.id}/question-groups`, groupBody(other.id));
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toBe('La empresa del grupo no coincide con la ruta');
    expect((await admin.post('/api/companies/abc/question-groups', groupBody(company.id))).status).toBe(400);
    expect((await admin.get('/api/companies/abc/question-groups')).status).toBe(400);
    expect((await admin.get(`/api/companies/${company.id}/question-groups`)).body).toEqual([]);
  });

  it('is 404 for a missing company and 401 signed out', async () => {
    expect((await admin.post('/api/companies/999999/question-groups', groupBody(999999))).status).toBe(404);
    const company = await buildCompany(api.dataSource);
    expect((await api.client().post(`/api/companies/${company.id}/question-groups`, groupBody(company.id))).status).toBe(401);
  });
});

describe('GET /api/companies/:companyId/question-groups and /api/recent-question-groups', () => {
  it('lists a company’s trivias with the nested company, newest first', async () => {
    const company = await buildCompany(api.dataSource, { name: 'Lista' });
    const first = (await admin.post(`/api/companies/${company.id}/question-groups`, groupBody(company.id, { name: 'Primera' }))).body;
    const second = (await admin.post(`/api/companies/${company.id}/question-groups`, groupBody(company.id, { name: 'Segunda' }))).body;
    const res = await admin.get(`/api/companies/${company.id}/question-groups`);
    expect(res.status).toBe(200);
    expect(res.body.map((g: { id: number }) => g.id)).toEqual([second.id, first.id]);
    expect(res.body[0].company).toEqual({ id: company.id, name: 'Lista', logoUrl: null });
  });

  it('lists the six newest trivias with id, name and description only', async () => {
    const company = await buildCompany(api.dataSource);
    const ids: number[] = [];
    for (let i = 1; i <= 7; i++) {
      ids.push((await admin.post(`/api/companies/${company.id}/question-groups`, groupBody(company.id, { name: `Reciente ${i}` }))).body.id);
    }
    const res = await admin.get('/api/recent-question-groups');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(6);
    expect(res.body[0]).toEqual({ id: ids[6], name: 'Reciente 7', description: 'Normas básicas' });
    expect(res.body.map((g: { id: number }) => g.id)).toEqual(ids.slice(1).reverse());
  });

  it('is 404 for a missing company and 401 signed out', async () => {
    expect((await admin.get('/api/companies/999999/question-groups')).status).toBe(404);
    expect((await api.client().get('/api/companies/1/question-groups')).status).toBe(401);
    expect((await api.client().get('/api/recent-question-groups')).status).toBe(401);
  });
});

describe('PATCH /api/question-groups/:id', () => {
  it('updates the trivia and moves its bundle version every time', async () => {
    const company = await buildCompany(api.dataSource);
    const created = (await admin.post(`/api/companies/${company.id}/question-groups`, groupBody(company.id))).body;
    const v1 = await contentVersion(created.id);
    const res = await admin.patch(`/api/question-groups/${created.id}`, groupBody(company.id, { name: 'Renombrada', completionRedirectUrl: '' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, name: 'Renombrada', completionRedirectUrl: null });
    const v2 = await contentVersion(created.id);
    expect(v2).not.toBe(v1);
    await admin.patch(`/api/question-groups/${created.id}`, groupBody(company.id, { name: 'Renombrada' }));
    const v3 = await contentVersion(created.id);
    expect(v3).not.toBe(v2);
    // The same content again: the version stays, so kiosks keep their copy.
    await admin.patch(`/api/question-groups/${created.id}`, groupBody(company.id, { name: 'Renombrada' }));
    expect(await contentVersion(created.id)).toBe(v3);
  });

  it('sanitises instructions on update too', async () => {
    const company = await buildCompany(api.dataSource);
    const created = (await admin.post(`/api/companies/${company.id}/question-groups`, groupBody(company.id))).body;
    const res = await admin.patch(`/api/question-groups/${created.id}`, groupBody(company.id, { instructions: '<script>alert(1)</script><b>ok</b>' }));
    expect(res.body.instructions).toBe('<b>ok</b>');
  });

  it('is 400 for bad input or a moved company, 404 when missing, 401 signed out', async () => {
    const company = await buildCompany(api.dataSource);
    const other = await buildCompany(api.dataSource);
    const created = (await admin.post(`/api/companies/${company.id}/question-groups`, groupBody(company.id))).body;
    const bad = await admin.patch(`/api/question-groups/${created.id}`, groupBody(company.id, { completionRedirectUrl: 'mailto:a@b.c' }));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Debe ser una URL válida');
    expect((await admin.patch(`/api/question-groups/${created.id}`, groupBody(other.id))).status).toBe(400);
    expect((await admin.patch('/api/question-groups/999999', groupBody(company.id))).status).toBe(404);
    expect((await api.client().patch(`/api/question-groups/${created.id}`, groupBody(company.id))).status).toBe(401);
  });
});

describe('DELETE /api/question-groups/:id', () => {
  it('deletes the trivia with its questions and answers', async () => {
    const company = await buildCompany(api.dataSource);
    const { group, items } = await buildTrivia(api.dataSource, company.id, { questions: 2 });
    const res = await admin.delete(`/api/question-groups/${group.id}`);
    expect(res.status).toBe(200);
    expect((await api.client().get(`/api/question-groups/${group.id}`)).status).toBe(404);
    expect(await api.dataSource.getRepository(QuestionEntity).countBy({ groupId: group.id })).toBe(0);
    expect(await api.dataSource.getRepository(AnswerEntity).countBy({ questionId: items[0]!.question.id })).toBe(0);
  });

  it('is 404 when missing, 400 for a non-numeric id and 401 signed out', async () => {
    expect((await admin.delete('/api/question-groups/999999')).status).toBe(404);
    expect((await admin.delete('/api/question-groups/abc')).status).toBe(400);
    expect((await admin.patch('/api/question-groups/abc', groupBody(1))).status).toBe(400);
    expect((await api.client().get('/api/question-groups/abc')).status).toBe(400);
    expect((await admin.delete('/api/question-groups/abc/player-attempts')).status).toBe(400);
    const company = await buildCompany(api.dataSource);
    const { group } = await buildTrivia(api.dataSource, company.id, { questions: 0 });
    expect((await api.client().delete(`/api/question-groups/${group.id}`)).status).toBe(401);
  });
});

describe('DELETE /api/question-groups/:id/player-attempts', () => {
  it('clears the trivia’s attempts and says how many went', async () => {
    const company = await buildCompany(api.dataSource);
    const { group } = await buildTrivia(api.dataSource, company.id, { questions: 1 });
    const { group: other } = await buildTrivia(api.dataSource, company.id, { questions: 1 });
    await addAttempt(group.id);
    await addAttempt(group.id, false);
    await addAttempt(other.id);
    const res = await admin.delete(`/api/question-groups/${group.id}/player-attempts`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Se eliminaron 2 intentos de juego', deletedCount: 2 });
    expect(await api.dataSource.getRepository(PlayerAttemptEntity).countBy({ questionGroupId: other.id })).toBe(1);
  });

  it('is 404 when missing and 401 signed out', async () => {
    expect((await admin.delete('/api/question-groups/999999/player-attempts')).status).toBe(404);
    expect((await api.client().delete('/api/question-groups/1/player-attempts')).status).toBe(401);
  });
});

describe('trivias for a member', () => {
  it('lists only their companies\' trivias, recent ones included; another company\'s trivias are missing', async () => {
    const [mine, other] = [await buildCompany(api.dataSource, { name: 'Propia' }), await buildCompany(api.dataSource, { name: 'Ajena' })];
    const own = (await buildTrivia(api.dataSource, mine.id, { questions: 0, overrides: { name: 'Trivia propia', createdAt: new Date() } })).group;
    const theirs = (await buildTrivia(api.dataSource, other.id, { questions: 0, overrides: { name: 'Trivia ajena', createdAt: new Date() } })).group;
    const viewer = await signInAs(api, 'viewer', mine.id);
    const recent = await viewer.get('/api/recent-question-groups');
    expect(recent.status).toBe(200);
    expect(recent.body.map((g: { id: number }) => g.id)).toEqual([own.id]);
    expect((await viewer.get(`/api/companies/${mine.id}/question-groups`)).body.map((g: { id: number }) => g.id)).toEqual([own.id]);
    const beyond = replyOf(await viewer.get(`/api/companies/${other.id}/question-groups`));
    expect(beyond.status).toBe(404);
    expect(beyond).toEqual(replyOf(await viewer.get('/api/companies/999999/question-groups')));
    expect(replyOf(await viewer.post(`/api/companies/${mine.id}/question-groups`, groupBody(mine.id)))).toEqual(ROLE_FORBIDDEN);

    const organiser = await signInAs(api, 'organiser', mine.id);
    expect(await organiser.patch(`/api/question-groups/${own.id}`, groupBody(mine.id, { name: 'Renombrada' }))).toMatchObject({ status: 200, body: { name: 'Renombrada' } });
    const missing = replyOf(await organiser.delete('/api/question-groups/999999'));
    expect(missing.status).toBe(404);
    expect(replyOf(await organiser.delete(`/api/question-groups/${theirs.id}`))).toEqual(missing);
    expect(replyOf(await organiser.patch(`/api/question-groups/${theirs.id}`, groupBody(other.id)))).toEqual(missing);
    // A company beyond reach in the body is refused as any other company is: a trivia never moves.
    expect(replyOf(await organiser.patch(`/api/question-groups/${own.id}`, groupBody(other.id)))).toEqual(
      replyOf(await organiser.patch(`/api/question-groups/${own.id}`, groupBody(999999))),
    );
    expect(await api.dataSource.getRepository(QuestionGroupEntity).countBy({ id: theirs.id, name: 'Trivia ajena' })).toBe(1);
  });

  it('"Borrar datos" is the organiser\'s: staff are refused and the results stay', async () => {
    const company = await buildCompany(api.dataSource, { name: 'Con resultados' });
    const { group } = await buildTrivia(api.dataSource, company.id, { questions: 1 });
    await addAttempt(group.id);
    const staff = await signInAs(api, 'staff', company.id);
    expect(replyOf(await staff.delete(`/api/question-groups/${group.id}/player-attempts`))).toEqual(ROLE_FORBIDDEN);
    expect(await api.dataSource.getRepository(PlayerAttemptEntity).countBy({ questionGroupId: group.id })).toBe(1);
    const organiser = await signInAs(api, 'organiser', company.id);
    expect(await organiser.delete(`/api/question-groups/${group.id}/player-attempts`)).toMatchObject({ status: 200, body: { deletedCount: 1 } });
  });
});
