import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import { bundleVersion } from '../support/bundle-version';
import { buildCompany, buildTrivia } from '../support/factories';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai';
import type { TestClient } from '../support/http-client';
import { replyOf, ROLE_FORBIDDEN, signInAs } from '../support/members';

let fake: FakeOpenAi;
let api: TestApi;
let admin: TestClient;
let companyId: number;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  api = await startTestApi({ OPENAI_API_KEY: 'test', OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_TIMEOUT_MS: '1000' });
  admin = await api.adminClient();
  companyId = (await buildCompany(api.dataSource)).id;
});
afterAll(async () => {
  await api.close();
  await fake.close();
});
beforeEach(() => fake.respondWith({ kind: 'questions' }));

async function emptyTrivia() {
  return (await buildTrivia(api.dataSource, companyId, { questions: 0 })).group;
}
async function storedQuestions(groupId: number) {
  return (await api.client().get(`/api/question-groups/${groupId}/questions`)).body as { id: number; text: string; kind: string }[];
}
const contentVersion = (groupId: number) => bundleVersion(api, groupId);

describe('POST /api/question-groups/:id/generate', () => {
  it('stores the generated questions with their answers and replies {count, questions}', async () => {
    const group = await emptyTrivia();
    const before = await contentVersion(group.id);
    const res = await admin.post(`/api/question-groups/${group.id}/generate`, { context: 'El sistema solar', numQuestions: 3 });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    expect(res.body.questions.map((q: { text: string }) => q.text)).toEqual(['Pregunta IA 1', 'Pregunta IA 2', 'Pregunta IA 3']);
    const [entry] = (await admin.get(`/api/activity?kind=trivia&companyId=${companyId}&limit=1`)).body.entries;
    expect(entry).toMatchObject({ objectId: group.id, action: 'changed', summary: `Generó con IA 3 preguntas en la trivia «${group.name}»`, changes: { questions: [null, 3] } });

    const questions = await storedQuestions(group.id);
    expect(questions.map((q) => q.text)).toEqual(['Pregunta IA 1', 'Pregunta IA 2', 'Pregunta IA 3']);
    const answers = (await admin.get(`/api/questions/${group.id}/all-answers`)).body;
    expect(answers[questions[0]!.id].map((a: { text: string; isCorrect: boolean }) => [a.text, a.isCorrect])).toEqual([
      ['Correcta 1', true],
      ['Incorrecta 1a', false],
      ['Incorrecta 1b', false],
    ]);
    expect(await contentVersion(group.id)).not.toBe(before);

    // The context and count reach the service, with a structured-output request.
    const sent = fake.requests.at(-1)!;
    expect(sent.messages.at(-1)!.content).toContain('El sistema solar');
    expect(sent.messages.at(-1)!.content).toContain('3 preguntas');
    expect(sent.response_format?.type).toBe('json_schema');
  });

  it('writes true/false questions when asked: each «Verdadero» and «Falso» in order, the one the service marked correct', async () => {
    const group = await emptyTrivia();
    const res = await admin.post(`/api/question-groups/${group.id}/generate`, { context: 'El sistema solar', numQuestions: 2, kind: 'true_false' });
    expect(res.status).toBe(200);
    expect(res.body.questions.map((q: { kind: string; answers: { text: string; isCorrect: boolean }[] }) => [q.kind, q.answers.map((a) => `${a.text}${a.isCorrect ? '*' : ''}`)])).toEqual([
      ['true_false', ['Verdadero*', 'Falso']],
      ['true_false', ['Verdadero', 'Falso*']],
    ]);
    expect((await storedQuestions(group.id)).map((q) => q.kind)).toEqual(['true_false', 'true_false']);
    // The service was asked for statements.
    expect(fake.requests.at(-1)!.messages[0]!.content).toContain('verdadero o falso');
    // A service that answers a true/false request with other answers (this one writes choices in JSON mode): nothing stored.
    fake.respondWith({ kind: 'json-object-only' });
    const choices = await admin.post(`/api/question-groups/${group.id}/generate`, { context: 'El sistema solar', numQuestions: 2, kind: 'true_false' });
    expect(choices.status).toBe(502);
    expect(choices.body.code).toBe('ai_failed');
    expect(await storedQuestions(group.id)).toHaveLength(2);
  });

  it('writes polls when asked: none of their answers correct, whatever the service marked', async () => {
    const group = await emptyTrivia();
    const res = await admin.post(`/api/question-groups/${group.id}/generate`, { context: 'Tu stand favorito', numQuestions: 2, kind: 'poll' });
    expect(res.status).toBe(200);
    expect(res.body.questions.map((q: { kind: string; answers: { isCorrect: boolean }[] }) => [q.kind, q.answers.some((a) => a.isCorrect)])).toEqual([
      ['poll', false],
      ['poll', false],
    ]);
    expect((await storedQuestions(group.id)).map((q) => q.kind)).toEqual(['poll', 'poll']);
    // The service was asked for opinions, with no correct answer.
    expect(fake.requests.at(-1)!.messages[0]!.content).toContain('encuesta');
  });

  it('writes "Varias correctas" questions when asked, keeping every answer the service marked correct', async () => {
    const group = await emptyTrivia();
    const res = await admin.post(`/api/question-groups/${group.id}/generate`, { context: 'El sistema solar', numQuestions: 2, kind: 'multiple' });
    expect(res.status).toBe(200);
    const marks = (q: { answers: { isCorrect: boolean }[] }) => q.answers.filter((a) => a.isCorrect).length;
    expect(res.body.questions.map((q: { kind: string; answers: { isCorrect: boolean }[] }) => [q.kind, marks(q) >= 1])).toEqual([
      ['multiple', true],
      ['multiple', true],
    ]);
    expect((await storedQuestions(group.id)).map((q) => q.kind)).toEqual(['multiple', 'multiple']);
    // The service was asked for questions whose player marks every correct answer.
    expect(fake.requests.at(-1)!.messages[0]!.content).toContain('marca todas las respuestas correctas');
  });

  it('defaults to 5 questions and never stores more than asked', async () => {
    const group = await emptyTrivia();
    expect((await admin.post(`/api/question-groups/${group.id}/generate`, { context: 'Historia' })).body.count).toBe(5);
    fake.respondWith({ kind: 'questions', count: 6 });
    const capped = await admin.post(`/api/question-groups/${group.id}/generate`, { context: 'Historia', numQuestions: 2 });
    expect(capped.body.count).toBe(2);
    expect(await storedQuestions(group.id)).toHaveLength(7);
  });

  it('falls back to JSON mode for a service without structured outputs', async () => {
    const group = await emptyTrivia();
    fake.respondWith({ kind: 'json-object-only' });
    const res = await admin.post(`/api/question-groups/${group.id}/generate`, { context: 'Fútbol', numQuestions: 2 });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(fake.requests.slice(-2).map((r) => r.response_format?.type)).toEqual(['json_schema', 'json_object']);
    expect(await storedQuestions(group.id)).toHaveLength(2);
  });

  it.each([
    ['a malformed reply', { kind: 'malformed' } as const, 502, 'formato no válido'],
    ['a failing service', { kind: 'error', status: 500 } as const, 502, 'no respondió correctamente'],
    ['a refused request', { kind: 'error', status: 400 } as const, 502, 'no respondió correctamente'],
    ['a slow service', { kind: 'slow', delayMs: 3000 } as const, 504, 'tardó demasiado'],
  ])('answers %s with a clear error and stores nothing', async (_label, behaviour, status, message) => {
    const group = await emptyTrivia();
    const before = await contentVersion(group.id);
    fake.respondWith(behaviour);
    const res = await admin.post(`/api/question-groups/${group.id}/generate`, { context: 'Geografía', numQuestions: 2 });
    expect(res.status).toBe(status);
    expect(res.body.error).toContain(message);
    expect(res.body.message).toBe(res.body.error);
    expect(await storedQuestions(group.id)).toEqual([]);
    expect(await contentVersion(group.id)).toBe(before);
  });

  it('refuses a blank context and a count outside 1..20 with the spec messages', async () => {
    const group = await emptyTrivia();
    const path = `/api/question-groups/${group.id}/generate`;
    const calls = fake.requests.length;
    const blank = await admin.post(path, { context: '   ', numQuestions: 5 });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe('Por favor proporciona un contexto para generar las preguntas');
    expect((await admin.post(path, { numQuestions: 5 })).body.error).toBe('Por favor proporciona un contexto para generar las preguntas');
    expect((await admin.post(path, { context: 'x', numQuestions: 21 })).body.error).toBe('Máximo 20 preguntas');
    expect((await admin.post(path, { context: 'x', numQuestions: 0 })).body.error).toBe('Mínimo 1 pregunta');
    expect((await admin.post(path, { context: 'x', numQuestions: 2.5 })).status).toBe(400);
    expect(fake.requests.length).toBe(calls);
  });

  it('is 401 signed out and 404 for a missing trivia, without calling the service', async () => {
    const group = await emptyTrivia();
    const calls = fake.requests.length;
    expect((await api.client().post(`/api/question-groups/${group.id}/generate`, { context: 'x' })).status).toBe(401);
    const missing = await admin.post('/api/question-groups/999999/generate', { context: 'x' });
    expect(missing.status).toBe(404);
    expect(fake.requests.length).toBe(calls);
  });
});

describe('GET /api/ai/status', () => {
  it('tells a signed-in admin that AI is configured, and is 401 signed out', async () => {
    expect((await admin.get('/api/ai/status')).body).toEqual({ configured: true });
    expect((await api.client().get('/api/ai/status')).status).toBe(401);
  });
});

describe('without an AI key', () => {
  let bare: TestApi;
  beforeAll(async () => {
    bare = await startTestApi();
  });
  afterAll(() => bare.close());

  it('says AI is not configured: status false, generate 503 with a Spanish message', async () => {
    const client = await bare.adminClient();
    const company = await buildCompany(bare.dataSource);
    const { group } = await buildTrivia(bare.dataSource, company.id, { questions: 0 });
    expect((await client.get('/api/ai/status')).body).toEqual({ configured: false });
    const res = await client.post(`/api/question-groups/${group.id}/generate`, { context: 'x', numQuestions: 2 });
    expect(res.status).toBe(503);
    expect(res.body.error).toMatch(/^La generación con IA no está configurada/);
  });
});

describe('AI questions for a member', () => {
  it('an organiser generates into their trivia; a viewer may not; another company\'s trivia is missing; no refusal costs an AI call', async () => {
    const group = await emptyTrivia();
    const other = await buildCompany(api.dataSource, { name: 'Sin IA' });
    const theirs = (await buildTrivia(api.dataSource, other.id, { questions: 0 })).group;
    const body = { context: 'El sistema solar', numQuestions: 2 };
    const viewer = await signInAs(api, 'viewer', companyId);
    expect(await viewer.get('/api/ai/status')).toMatchObject({ status: 200, body: { configured: true } });
    const organiser = await signInAs(api, 'organiser', companyId);
    const calls = fake.requests.length;
    expect(replyOf(await viewer.post(`/api/question-groups/${group.id}/generate`, body))).toEqual(ROLE_FORBIDDEN);
    const missing = replyOf(await organiser.post('/api/question-groups/999999/generate', body));
    expect(missing.status).toBe(404);
    expect(replyOf(await organiser.post(`/api/question-groups/${theirs.id}/generate`, body))).toEqual(missing);
    expect(fake.requests.length).toBe(calls);
    expect(await organiser.post(`/api/question-groups/${group.id}/generate`, body)).toMatchObject({ status: 200, body: { count: 2 } });
    expect(await storedQuestions(theirs.id)).toEqual([]);
  });
});
