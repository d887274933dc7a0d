import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_CORRECT_MESSAGE, SOME_CORRECT_MESSAGE, type AnswerVerdict, type TriviaAnalysis } from '../../contract';
import { recomputedTriviaAnalysis } from '../../api/results/insights/trivia-analysis';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildPlayer } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { buildKioskSite, kioskPlay, phoneHeaders, playerProof, registerDevice, type KioskSite } from '../support/player-flow';

/**
 * "Varias correctas" (contract/question-kinds.ts): one or more correct answers; the player marks
 * every answer they think right, and the answer is right only when the marks are exactly the
 * correct ones, judged by the server online and on a kiosk's key offline alike; the analysis, the
 * history, the import, the export and the copy read the marks.
 */
let api: TestApi;
let admin: TestClient;
let site: KioskSite;
let groupId: number;
/** ¿Cuáles son planetas? Marte and Venus right, Luna and Sol wrong. */
let planets: { id: number; answers: { id: number; text: string; isCorrect: boolean }[] };
let choice: { id: number; answers: { id: number; text: string; isCorrect: boolean }[] };

const createQuestion = (body: Record<string, unknown>, trivia = groupId) => admin.post(`/api/question-groups/${trivia}/questions`, { groupId: trivia, ...body });
const PLANETS = [
  { text: 'Marte', isCorrect: true },
  { text: 'Luna', isCorrect: false },
  { text: 'Venus', isCorrect: true },
  { text: 'Sol', isCorrect: false },
];
const idOf = (text: string) => planets.answers.find((a) => a.text === text)!.id;
const rightChoice = () => choice.answers.find((a) => a.isCorrect)!.id;

/** A round the server deals to a new player's phone, answered one verdict at a time. */
async function dealOnline() {
  const player = await buildPlayer(api.dataSource, { locationId: site.site.id });
  const clientId = crypto.randomUUID();
  const res = await api.client().post('/api/player-attempts', { ...playerProof(player), questionGroupId: groupId, clientId }, { headers: await phoneHeaders(api) });
  expect(res.status).toBe(200);
  const { token } = res.body as { token: string };
  const verdict = (body: Record<string, unknown>) => api.client().post(`/api/player-attempts/${clientId}/answers`, { token, elapsedMs: 3_000, ...body });
  const complete = (answers: Record<string, unknown>[]) => api.client().patch(`/api/player-attempts/${clientId}`, { token, answers });
  return { player, clientId, verdict, complete };
}
const storedAnswers = async (clientId: string) =>
  ((await api.dataSource.query(`SELECT answers FROM player_attempts WHERE client_id = $1`, [clientId])) as { answers: Record<string, unknown>[] }[])[0]!.answers;

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  site = await buildKioskSite(api.dataSource, { siteName: 'Sede de varias', trivia: { questions: 0, overrides: { questionsPerRound: 2, randomizeQuestions: false, randomizeAnswers: false } } });
  groupId = site.trivia.group.id;
  const created = await createQuestion({ text: '¿Cuáles son planetas?', kind: 'multiple', answers: PLANETS });
  expect(created.status).toBe(201);
  planets = created.body;
  choice = (await createQuestion({ text: '¿Cuánto es 2 + 2?', answers: [{ text: '4', isCorrect: true }, { text: '5' }] })).body;
});
afterAll(() => api.close());

describe('a "Varias correctas" question as organisers write it', () => {
  it('has one or more correct answers, none is refused, and a phone\'s copy carries no key', async () => {
    expect(planets).toMatchObject({ kind: 'multiple', answers: PLANETS });
    const none = await createQuestion({ text: '¿Cuáles?', kind: 'multiple', answers: PLANETS.map((a) => ({ ...a, isCorrect: false })) });
    expect(none.status).toBe(400);
    expect(none.body.issues).toEqual([{ path: 'answers', message: SOME_CORRECT_MESSAGE }]);
    // One correct answer is a "Varias correctas" question too (the player does not know how many).
    const satellites = await createQuestion({ text: '¿Cuáles son satélites?', kind: 'multiple', answers: PLANETS.map((a) => ({ ...a, isCorrect: a.text === 'Luna' })) }, await trivia());
    expect(satellites.status).toBe(201);
    // Back to one correct answer, two marks are refused.
    const toChoice = await admin.put(`/api/questions/${planets.id}`, { text: '¿Cuáles son planetas?', groupId, kind: 'choice', answers: planets.answers.map(({ id, text, isCorrect }) => ({ id, text, isCorrect })) });
    expect(toChoice.body.issues).toEqual([{ path: 'answers', message: ONE_CORRECT_MESSAGE }]);
    const bundle = await api.client().get(`/api/play/${groupId}/bundle`);
    expect(bundle.body.questions.map((q: { kind: string }) => q.kind)).toEqual(['multiple', 'choice']);
    expect(JSON.stringify(bundle.body.answers)).not.toContain('isCorrect');
  });
});

async function trivia(name = 'Varias correctas aparte') {
  const res = await admin.post(`/api/companies/${site.company.id}/question-groups`, { name, companyId: site.company.id, questionsPerRound: 5, randomizeQuestions: false, randomizeAnswers: false, maxAttempts: 0 });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

describe('a round the server dealt', () => {
  it('is right only with every correct answer marked and no other, in any order; the marks are final', async () => {
    const round = await dealOnline();
    const both = await round.verdict({ questionId: planets.id, answerId: idOf('Venus'), answerIds: [idOf('Venus'), idOf('Marte')] });
    expect(both.status).toBe(200);
    const correctAnswerIds = [idOf('Marte'), idOf('Venus')].sort((a, b) => a - b);
    expect(both.body as AnswerVerdict).toMatchObject({ correct: true, answerId: correctAnswerIds[0], answerIds: correctAnswerIds, correctAnswerIds });
    // Asked again in another order it is the same choice; other marks are a changed answer.
    expect((await round.verdict({ questionId: planets.id, answerId: idOf('Marte'), answerIds: [idOf('Marte'), idOf('Venus')] })).body).toEqual(both.body);
    const changed = await round.verdict({ questionId: planets.id, answerId: idOf('Marte'), answerIds: [idOf('Marte')] });
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('answer_changed');
    // Stored ascending, the first as answerId.
    expect((await storedAnswers(round.clientId))[0]).toMatchObject({ questionId: planets.id, answerId: correctAnswerIds[0], answerIds: correctAnswerIds });
    expect((await round.verdict({ questionId: choice.id, answerId: rightChoice() })).body).toMatchObject({ correct: true, correctAnswerIds: [rightChoice()] });
    const done = await round.complete([
      { questionId: planets.id, answerId: idOf('Marte'), answerIds: [idOf('Venus'), idOf('Marte')] },
      { questionId: choice.id, answerId: rightChoice() },
    ]);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ correctAnswers: 2, score: 100 });
  });

  it('is wrong with one correct answer short, or one wrong answer more', async () => {
    for (const marks of [['Marte'], ['Marte', 'Venus', 'Luna'], ['Luna', 'Sol']]) {
      const round = await dealOnline();
      const ids = marks.map(idOf);
      const verdict = await round.verdict({ questionId: planets.id, answerId: ids[0], answerIds: ids });
      expect(verdict.body, marks.join()).toMatchObject({ correct: false, correctAnswerIds: [idOf('Marte'), idOf('Venus')].sort((a, b) => a - b) });
      await round.verdict({ questionId: choice.id, answerId: rightChoice() });
      const done = await round.complete([{ questionId: planets.id, answerId: ids[0], answerIds: ids }, { questionId: choice.id, answerId: rightChoice() }]);
      expect(done.body, marks.join()).toMatchObject({ correctAnswers: 1, score: 50 });
    }
  });

  it('refuses marks that are not the question\'s, several marks on a one-answer question, and a malformed list', async () => {
    const round = await dealOnline();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ questionId: choice.id, answerId: choice.answers[0]!.id, answerIds: choice.answers.map((a) => a.id) }, 400, 'answer_mismatched'],
      [{ questionId: planets.id, answerId: idOf('Marte'), answerIds: [idOf('Marte'), rightChoice()] }, 400, 'answer_mismatched'],
      [{ questionId: planets.id, answerId: idOf('Marte'), answerIds: [idOf('Venus')] }, 400, 'validation_failed'],
      [{ questionId: planets.id, answerId: idOf('Marte'), answerIds: [idOf('Marte'), idOf('Marte')] }, 400, 'validation_failed'],
      [{ questionId: planets.id, answerId: null, answerIds: [idOf('Marte')] }, 400, 'validation_failed'],
      [{ questionId: planets.id, answerId: idOf('Marte'), answerIds: [] }, 400, 'validation_failed'],
    ];
    for (const [body, status, code] of cases) {
      const res = await round.verdict(body);
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([status, code]);
    }
  });
});

describe('a kiosk\'s round', () => {
  it('is scored all or nothing by the server from its marks, once however often it arrives', async () => {
    const device = await registerDevice(api, api.client(), { questionGroupId: groupId });
    const marks = [idOf('Venus'), idOf('Marte')];
    const right = kioskPlay(site, 1, { answers: [{ questionId: planets.id, answerId: marks[0]!, answerIds: marks }, { questionId: choice.id, answerId: rightChoice() }] });
    const short = kioskPlay(site, 4, { answers: [{ questionId: planets.id, answerId: marks[0]!, answerIds: [marks[0]!] }, { questionId: choice.id, answerId: rightChoice() }] });
    for (const status of ['applied', 'duplicate']) {
      const pushed = await device.push([...right.mutations, ...short.mutations]);
      expect(pushed.status).toBe(200);
      expect(pushed.body.results.map((r: { status: string }) => r.status)).toEqual(Array(6).fill(status));
    }
    const rows = await api.dataSource.query(`SELECT client_id, score, correct_answers, review_status FROM player_attempts WHERE client_id = ANY($1::uuid[]) ORDER BY score DESC`, [
      [right.attemptClientId, short.attemptClientId],
    ]);
    expect(rows).toEqual([
      { client_id: right.attemptClientId, score: 100, correct_answers: 2, review_status: 'clean' },
      { client_id: short.attemptClientId, score: 50, correct_answers: 1, review_status: 'clean' },
    ]);
  });
});

describe('the analysis, the history, the import, the export and the copy', () => {
  it('counts a round right only for the whole correct set, and each answer\'s marks; the logs agree with a recount', async () => {
    const device = await registerDevice(api, api.client(), { questionGroupId: groupId });
    const marked = (firstMutationId: number, texts: string[]) => {
      const ids = texts.map(idOf).sort((a, b) => a - b);
      return kioskPlay(site, firstMutationId, { answers: [{ questionId: planets.id, answerId: ids[0]!, answerIds: ids }, { questionId: choice.id, answerId: rightChoice() }] }).mutations;
    };
    expect((await device.push([...marked(1, ['Luna', 'Sol']), ...marked(4, ['Marte', 'Venus', 'Luna'])])).status).toBe(200);
    const analysis = (await admin.get(`/api/question-groups/${groupId}/analysis`)).body as TriviaAnalysis;
    const question = analysis.questions.find((q) => q.questionId === planets.id)!;
    // Counted: the kiosk's rounds (the online ones above were answered faster than a phone shows them: held for review).
    // Marte+Venus (right), Venus, Luna+Sol, Marte+Venus+Luna.
    expect(question).toMatchObject({ kind: 'multiple', shown: 4, answered: 4, correct: 1, timedOut: 0 });
    expect(Object.fromEntries(question.answers.map((a) => [a.text, a.chosen]))).toEqual({ Marte: 2, Luna: 2, Venus: 3, Sol: 1 });
    expect(question.answers.find((a) => a.text === 'Venus')!.share).toBeCloseTo(3 / 4);
    expect(analysis).toEqual(await recomputedTriviaAnalysis(api.dataSource.manager, groupId, {}));
  });

  it('shows a player\'s marks in their history, right only as a whole', async () => {
    const round = await dealOnline();
    const marks = [idOf('Marte'), idOf('Sol')];
    await round.verdict({ questionId: planets.id, answerId: Math.min(...marks), answerIds: marks });
    await round.verdict({ questionId: choice.id, answerId: rightChoice() });
    await round.complete([{ questionId: planets.id, answerId: Math.min(...marks), answerIds: marks }, { questionId: choice.id, answerId: rightChoice() }]);
    const history = (await admin.get(`/api/players/${round.player.id}/history`)).body;
    expect(history.attempts[0].answers[0]).toMatchObject({ questionId: planets.id, answer: 'Marte · Sol', correct: false, timedOut: false });
  });

  it('imports "1;3" as the correct answers of a "Varias correctas" row, refuses it on a one-answer row, and exports and copies it so', async () => {
    const target = await trivia('Varias importadas');
    const csv = 'Pregunta,Respuesta 1,Respuesta 2,Respuesta 3,Correcta,Tipo\n¿Cuáles son primos?,2,4,5,1;3,Varias correctas\n¿Cuál es par?,2,3,5,1;3,\n';
    const base64 = Buffer.from(csv, 'utf8').toString('base64');
    const preview = await admin.post(`/api/question-groups/${target}/questions/import/preview`, { content: base64 });
    expect(preview.status).toBe(200);
    expect(preview.body.rows.map((r: { problems: string[] }) => r.problems)).toEqual([[], ['Tiene 2 respuestas correctas (1, 3); marca solo una']]);
    expect((await admin.post(`/api/question-groups/${target}/questions/import`, { content: base64 })).body).toEqual({ imported: 1, skipped: 1 });
    expect(((await admin.get(`/api/question-groups/${target}/questions`)).body as { kind: string }[]).map((q) => q.kind)).toEqual(['multiple']);
    // The export says the correct answers as they were imported; the copy's export says the same.
    const exportedRow = async (trivia: number) =>
      (await admin.get(`/api/question-groups/${trivia}/questions/export?format=csv`)).text.replace('\uFEFF', '').split(/\r?\n/)[1];
    expect(await exportedRow(target)).toBe('¿Cuáles son primos?,2,4,5,,"1;3",Varias correctas,');
    const copy = await admin.post(`/api/question-groups/${target}/copy`, {});
    expect(await exportedRow(copy.body.id)).toBe('¿Cuáles son primos?,2,4,5,,"1;3",Varias correctas,');
    // The workbook export reads back as the same question.
    const workbook = await fetch(`${api.baseUrl}/api/question-groups/${target}/questions/export?format=xlsx`, { headers: { Cookie: admin.cookieHeader() } });
    const again = await admin.post(`/api/question-groups/${copy.body.id}/questions/import/preview`, { content: Buffer.from(await workbook.arrayBuffer()).toString('base64') });
    expect(again.body.rows.map((r: { kind: string; problems: string[]; answers: { isCorrect: boolean }[] }) => [r.kind, r.problems, r.answers.map((a) => a.isCorrect)])).toEqual([
      ['multiple', [], [true, false, true]],
    ]);
  });
});
