import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRUE_FALSE_ANSWERS_MESSAGE, TRUE_FALSE_PICTURE_MESSAGE } from '../../contract';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildLocation, buildPlayer } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { phoneHeaders, playerProof } from '../support/player-flow';

/**
 * A question's kind (contract/question-kinds.ts): a true/false question is created, edited,
 * imported, exported and copied with its two fixed answers, and a round never shuffles them.
 */
let api: TestApi;
let admin: TestClient;
let companyId: number;
let siteId: number;

const TRUE_FALSE = (correct: 0 | 1) => [
  { text: 'Verdadero', isCorrect: correct === 0 },
  { text: 'Falso', isCorrect: correct === 1 },
];

async function trivia(randomizeAnswers = false) {
  const res = await admin.post(`/api/companies/${companyId}/question-groups`, { name: 'Trivia de tipos', companyId, questionsPerRound: 5, randomizeQuestions: false, randomizeAnswers, maxAttempts: 0 });
  expect(res.status).toBe(201);
  return res.body.id as number;
}
const createQuestion = (groupId: number, body: Record<string, unknown>) => admin.post(`/api/question-groups/${groupId}/questions`, { text: 'El sol es una estrella.', groupId, ...body });
const issuesOf = (res: { body: { code: string; issues?: { path: string; message: string }[] } }) => res.body.issues?.map((issue) => [issue.path, issue.message]);

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  companyId = (await buildCompany(api.dataSource)).id;
  siteId = (await buildLocation(api.dataSource, companyId, 'Sede de tipos')).id;
});
afterAll(() => api.close());

describe('a true/false question', () => {
  it('is created with «Verdadero» and «Falso» and says its kind; a question without a kind is a choice', async () => {
    const groupId = await trivia();
    const created = await createQuestion(groupId, { kind: 'true_false', answers: TRUE_FALSE(0) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'true_false', answers: [{ text: 'Verdadero', isCorrect: true }, { text: 'Falso', isCorrect: false }] });
    const plain = await createQuestion(groupId, { text: '¿Cuánto es 2 + 2?', answers: [{ text: '4', isCorrect: true }, { text: '5' }] });
    expect(plain.body.kind).toBe('choice');
    const listed = await admin.get(`/api/question-groups/${groupId}/questions`);
    expect(listed.body.map((q: { kind: string }) => q.kind)).toEqual(['true_false', 'choice']);
    // The player's copy of the trivia says the kind too.
    const bundle = await api.client().get(`/api/play/${groupId}/bundle`);
    expect(bundle.body.questions.map((q: { kind: string }) => q.kind)).toEqual(['true_false', 'choice']);
    // The answer key stays on the server: a phone's copy marks neither «Verdadero» nor «Falso».
    expect(bundle.body.answers[created.body.id]).toEqual([expect.objectContaining({ text: 'Verdadero' }), expect.objectContaining({ text: 'Falso' })]);
    expect(JSON.stringify(bundle.body.answers)).not.toContain('isCorrect');
  });

  it.each([
    ['three answers', { answers: [...TRUE_FALSE(0), { text: 'Quizás' }] }, TRUE_FALSE_ANSWERS_MESSAGE],
    ['other texts', { answers: [{ text: 'Sí', isCorrect: true }, { text: 'No' }] }, TRUE_FALSE_ANSWERS_MESSAGE],
    ['«Falso» first', { answers: [...TRUE_FALSE(0)].reverse() }, TRUE_FALSE_ANSWERS_MESSAGE],
    ['no answers', {}, 'Este tipo de pregunta se crea con sus respuestas'],
  ])('is refused with %s, the problem on its answers', async (_, body, message) => {
    const res = await createQuestion(await trivia(), { kind: 'true_false', ...body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(issuesOf(res)).toEqual([['answers', message]]);
  });

  it('is refused with a picture on an answer, and an unknown kind is refused', async () => {
    const groupId = await trivia();
    const picture = { name: `p${'0'.repeat(24)}`, alt: 'Un sol' };
    const withPicture = await createQuestion(groupId, { kind: 'true_false', answers: [{ ...TRUE_FALSE(0)[0], picture }, TRUE_FALSE(0)[1]] });
    expect(issuesOf(withPicture)).toContainEqual(['answers', TRUE_FALSE_PICTURE_MESSAGE]);
    const unknown = await createQuestion(groupId, { kind: 'ranking', answers: TRUE_FALSE(0) });
    expect(issuesOf(unknown)).toEqual([['kind', 'El tipo de pregunta no es válido']]);
  });

  it('a choice becomes true/false and back by PUT; its answers change only with the whole question', async () => {
    const groupId = await trivia();
    const created = await createQuestion(groupId, { text: '¿La Luna brilla con luz propia?', answers: [{ text: 'Sí' }, { text: 'No', isCorrect: true }, { text: 'A veces' }] });
    const id = created.body.id as number;
    const put = (body: Record<string, unknown>) => admin.put(`/api/questions/${id}`, { text: 'La Luna brilla con luz propia.', groupId, ...body });
    const toTrueFalse = await put({ kind: 'true_false', answers: TRUE_FALSE(1) });
    expect(toTrueFalse.status).toBe(200);
    expect(toTrueFalse.body).toMatchObject({ kind: 'true_false', answers: [{ text: 'Verdadero', isCorrect: false }, { text: 'Falso', isCorrect: true }] });
    const [verdadero, falso] = toTrueFalse.body.answers as { id: number }[];
    // "Actividad" names the kinds as the editor does.
    const [entry] = (await admin.get(`/api/activity?kind=question&companyId=${companyId}&limit=1`)).body.entries;
    expect(entry.changes.kind).toEqual(['Opción única', 'Verdadero o falso']);
    // «Falso» kept and a new «Verdadero» would be stored after it: refused, nothing changed.
    const outOfOrder = await put({ kind: 'true_false', answers: [{ text: 'Verdadero', isCorrect: true }, { id: falso!.id, text: 'Falso' }] });
    expect(outOfOrder.status).toBe(400);
    expect(issuesOf(outOfOrder)).toEqual([['answers', TRUE_FALSE_ANSWERS_MESSAGE]]);
    // The two kept, the mark moved.
    const kept = await put({ kind: 'true_false', answers: [{ id: verdadero!.id, text: 'Verdadero', isCorrect: true }, { id: falso!.id, text: 'Falso' }] });
    expect(kept.body.answers.map((a: { id: number; isCorrect: boolean }) => [a.id, a.isCorrect])).toEqual([
      [verdadero!.id, true],
      [falso!.id, false],
    ]);
    for (const res of [await admin.post(`/api/questions/${id}/answers`, { text: 'Quizás' }), await admin.delete(`/api/questions/${id}/answers`)]) {
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('question_answers_fixed');
    }
    expect((await admin.get(`/api/questions/${groupId}/all-answers`)).body[id]).toHaveLength(2);
    // Back to a choice: the answers are free again.
    const back = await put({ answers: [{ id: verdadero!.id, text: 'Sí', isCorrect: false }, { id: falso!.id, text: 'No', isCorrect: true }, { text: 'A veces' }] });
    expect(back.body).toMatchObject({ kind: 'choice' });
    expect((await admin.post(`/api/questions/${id}/answers`, { text: 'Nunca' })).status).toBe(201);
  });

  it('a round never shuffles «Verdadero» and «Falso», though the trivia shuffles answers', async () => {
    const groupId = await trivia(true);
    const trueFalse = await createQuestion(groupId, { kind: 'true_false', answers: TRUE_FALSE(0) });
    const choice = await createQuestion(groupId, { text: 'Elige una letra', answers: 'ABCDEFGH'.split('').map((text, i) => ({ text, isCorrect: i === 0 })) });
    const orders = { trueFalse: new Set<string>(), choice: new Set<string>() };
    for (let i = 0; i < 12; i++) {
      const player = await buildPlayer(api.dataSource, { locationId: siteId });
      const res = await api.client().post('/api/player-attempts', { ...playerProof(player), questionGroupId: groupId, totalQuestions: 2 }, { headers: await phoneHeaders(api) });
      expect(res.status).toBe(200);
      orders.trueFalse.add(res.body.round.answerOrder[trueFalse.body.id].join());
      orders.choice.add(res.body.round.answerOrder[choice.body.id].join());
    }
    expect([...orders.trueFalse]).toEqual([trueFalse.body.answers.map((a: { id: number }) => a.id).join()]);
    // The same deals shuffle the other question (12 deals of 8 answers: one order twelve times is a broken shuffle).
    expect(orders.choice.size).toBeGreaterThan(1);
  });
});

describe('kinds in the import, the export and the copy', () => {
  const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

  it('reads the "Tipo" column: a true/false row may leave its answers blank and name the correct one', async () => {
    const groupId = await trivia();
    const csv = [
      'Pregunta,Respuesta 1,Respuesta 2,Correcta,Tipo',
      'El agua hierve a 100 °C.,,,Verdadero,Verdadero o falso',
      'Los peces vuelan.,Verdadero,Falso,2,verdadero o falso',
      '¿Capital de Francia?,París,Roma,1,',
      '¿Capital de Italia?,Roma,París,1,Opción única',
      'Tres respuestas,Verdadero,Falso,Quizás,Verdadero o falso',
      '¿Y esto?,A,B,1,Ordenar',
    ].join('\n');
    const preview = await admin.post(`/api/question-groups/${groupId}/questions/import/preview`, { content: base64(csv) });
    expect(preview.status).toBe(200);
    expect(preview.body.rows.map((r: { kind: string; problems: string[] }) => [r.kind, r.problems])).toEqual([
      ['true_false', []],
      ['true_false', []],
      ['choice', []],
      ['choice', []],
      ['true_false', ['La columna Correcta debe ser el número de la respuesta correcta (por ejemplo 1), no «Quizás»']],
      ['choice', ['El tipo «Ordenar» no existe: usa «Opción única», «Verdadero o falso», «Varias correctas» o «Encuesta»']],
    ]);
    const imported = await admin.post(`/api/question-groups/${groupId}/questions/import`, { content: base64(csv) });
    expect(imported.body).toEqual({ imported: 4, skipped: 2 });
    const questions = (await admin.get(`/api/question-groups/${groupId}/questions`)).body as { id: number; kind: string }[];
    const answers = (await admin.get(`/api/questions/${groupId}/all-answers`)).body as Record<string, { text: string; isCorrect: boolean }[]>;
    expect(questions.map((q) => [q.kind, answers[q.id]!.map((a) => `${a.text}${a.isCorrect ? '*' : ''}`)])).toEqual([
      ['true_false', ['Verdadero*', 'Falso']],
      ['true_false', ['Verdadero', 'Falso*']],
      ['choice', ['París*', 'Roma']],
      ['choice', ['Roma*', 'París']],
    ]);

    // Exported with its kinds, and read back the same.
    const exported = await admin.get(`/api/question-groups/${groupId}/questions/export?format=csv`);
    const lines = exported.text.replace('\uFEFF', '').split(/\r?\n/);
    expect(lines[0]).toBe('Pregunta,Respuesta 1,Respuesta 2,Respuesta 3,Respuesta 4,Correcta,Tipo,Segundos');
    expect(lines[1]).toBe('El agua hierve a 100 °C.,Verdadero,Falso,,,1,Verdadero o falso,');
    const again = await trivia();
    expect((await admin.post(`/api/question-groups/${again}/questions/import`, { content: Buffer.from(exported.text).toString('base64') })).body).toEqual({ imported: 4, skipped: 0 });
    expect(((await admin.get(`/api/question-groups/${again}/questions`)).body as { kind: string }[]).map((q) => q.kind)).toEqual(['true_false', 'true_false', 'choice', 'choice']);

    // A copy of the trivia keeps each question's kind.
    const copy = await admin.post(`/api/question-groups/${groupId}/copy`, {});
    expect(copy.status).toBe(201);
    expect(((await admin.get(`/api/question-groups/${copy.body.id}/questions`)).body as { kind: string }[]).map((q) => q.kind)).toEqual(['true_false', 'true_false', 'choice', 'choice']);
  });
});
