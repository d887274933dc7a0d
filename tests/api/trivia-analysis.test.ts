import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TriviaActivity, TriviaAnalysis } from '../../contract';
import { startTestApi, type TestApi } from '../support/api-server';
import { insertCompletedAttempt } from '../support/attempts';
import { buildCompany, buildLocation, buildPlayer, buildTrivia } from '../support/factories';
import type { TestClient } from '../support/http-client';

/**
 * A trivia analysed by hand, its company in Bogotá (UTC−5). Three questions (answers A* B C, D* E F,
 * G* H I; * the right one), ten counted rounds at site S1 on 1 May (R1–R6 at 10:10, R7–R10 at 11:20
 * in Bogotá), scored 100, 90, … 10 (R1 the best), each dealt Q1 and Q2:
 *
 *   Q1: R1 A, R2 A, R3 A, R4 A, R5 B, R6 A, R7 B, R8 B, R9 C, R10 B; times of R1–R4 only.
 *   Q2: R1 E, R2 D, R3 E, R4 E, R5 E, R6 D, R7 none (time ran out), R8 E, R9 D, R10 E.
 *
 * Plus a held round (S1, chose C and F) that must count nowhere, and one round scored 0 at site S2
 * on a kiosk on 3 May at 10:00 (chose C and F). Q3 is never dealt.
 */
let api: TestApi;
let admin: TestClient;
let trivia: Awaited<ReturnType<typeof buildTrivia>>;
let s1: number;
let s2: number;
const kiosk = randomUUID();
/** A phone that played R1: not a kiosk, so it counts with the rounds played elsewhere. */
const phone = randomUUID();

const analysis = async (query = '') => {
  const res = await admin.get(`/api/question-groups/${trivia.group.id}/analysis${query}`);
  expect(res.status).toBe(200);
  return res.body as TriviaAnalysis;
};

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  const company = await buildCompany(api.dataSource, { timeZone: 'America/Bogota' });
  s1 = (await buildLocation(api.dataSource, company.id, 'S1')).id;
  s2 = (await buildLocation(api.dataSource, company.id, 'S2')).id;
  trivia = await buildTrivia(api.dataSource, company.id, { questions: 3, answersPerQuestion: 3 });
  await api.dataSource.query(`INSERT INTO devices (id, secret_hash, kiosk_name, kiosk_setup_at) VALUES ($1, repeat('0', 64), 'Tableta 1', now())`, [kiosk]);
  await api.dataSource.query(`INSERT INTO devices (id, secret_hash) VALUES ($1, repeat('0', 64))`, [phone]);
  const [q1, q2] = trivia.items;
  const pick = (item: typeof q1, letter: number) => item!.answers[letter]!.id;
  const q1Choices = [0, 0, 0, 0, 1, 0, 1, 1, 2, 1];
  const q2Choices = [1, 0, 1, 1, 1, 0, null, 1, 0, 1];
  const q1Times = [1000, 3000, 2000, 5000];
  const dealt = [q1!.question.id, q2!.question.id];
  for (let r = 0; r < 10; r++) {
    const player = await buildPlayer(api.dataSource);
    const answers = [{ questionId: q1!.question.id, answerId: pick(q1, q1Choices[r]!), ...(r < 4 ? { elapsedMs: q1Times[r] } : {}) }];
    if (q2Choices[r] !== null) answers.push({ questionId: q2!.question.id, answerId: pick(q2, q2Choices[r]!) });
    await insertCompletedAttempt(api.dataSource, {
      playerId: player.id, groupId: trivia.group.id, score: 100 - r * 10, locationId: s1, deviceId: r === 0 ? phone : undefined,
      completedAt: new Date(r < 6 ? '2026-05-01T15:10:00Z' : '2026-05-01T16:20:00Z'), questionIds: dealt, answers,
    });
  }
  const wrong = [{ questionId: q1!.question.id, answerId: pick(q1, 2) }, { questionId: q2!.question.id, answerId: pick(q2, 2) }];
  await insertCompletedAttempt(api.dataSource, {
    playerId: (await buildPlayer(api.dataSource)).id, groupId: trivia.group.id, score: 100, locationId: s1,
    completedAt: new Date('2026-05-01T16:00:00Z'), questionIds: dealt, answers: wrong, reviewStatus: 'held', reviewReason: 'over_limit',
  });
  await insertCompletedAttempt(api.dataSource, {
    playerId: (await buildPlayer(api.dataSource)).id, groupId: trivia.group.id, score: 0, locationId: s2, deviceId: kiosk,
    completedAt: new Date('2026-05-03T15:00:00Z'), questionIds: dealt, answers: wrong,
  });
});
afterAll(() => api.close());

describe('GET /api/question-groups/:id/analysis', () => {
  it('gives each question its facility, discrimination, answer shares, median time and flags, as computed by hand', async () => {
    const result = await analysis(`?locationId=${s1}`);
    expect(result.rounds).toBe(10);
    // 27 % of 10 rounds: the best 3 (R1–R3) and the worst 3 (R8–R10).
    expect(result.groups).toEqual({ upper: 3, lower: 3 });
    const [q1, q2, q3] = result.questions;

    expect(q1).toMatchObject({ shown: 10, answered: 10, correct: 5, facility: 0.5, medianAnswerMs: 2500, timedAnswers: 4, flags: [] });
    // Upper group 3 of 3 right, lower 0 of 3.
    expect(q1!.discrimination).toBeCloseTo(1, 10);
    expect(q1!.answers.map((a) => [a.correct, a.chosen, a.share])).toEqual([[true, 5, 0.5], [false, 4, 0.4], [false, 1, 0.1]]);

    // Dealt to 10, answered by 9, 3 right (R2, R6, R9); one right in each group.
    expect(q2).toMatchObject({ shown: 10, answered: 9, correct: 3, facility: 0.3, medianAnswerMs: null, timedAnswers: 0 });
    expect(q2!.discrimination).toBeCloseTo(0, 10);
    expect(q2!.answers.map((a) => [a.correct, a.chosen])).toEqual([[true, 3], [false, 6], [false, 0]]);
    expect(q2!.answers.map((a) => a.share)).toEqual([3 / 9, 6 / 9, 0]);
    expect(q2!.flags).toEqual(['distractor-beats-correct', 'unchosen-answer', 'low-discrimination']);

    expect(q3).toMatchObject({ shown: 0, answered: 0, facility: null, discrimination: null, medianAnswerMs: null, flags: [] });
    expect(q3!.answers.every((a) => a.chosen === 0 && a.share === null)).toBe(true);
  });

  it('reads counted rounds only, and filters by site, kiosk and the event\'s days', async () => {
    // All sites: the ten and the kiosk's round, never the held one.
    const all = await analysis();
    expect(all.rounds).toBe(11);
    expect(all.questions[0]!.answers.map((a) => a.chosen)).toEqual([5, 4, 2]);

    const onKiosk = await analysis(`?deviceId=${kiosk}`);
    expect(onKiosk.rounds).toBe(1);
    expect(onKiosk.questions[0]).toMatchObject({ shown: 1, correct: 0, facility: 0, discrimination: null, flags: [] });

    expect((await analysis(`?locationId=${s2}`)).rounds).toBe(1);
    expect((await analysis('?dateFrom=2026-05-02')).rounds).toBe(1);
    expect((await analysis('?dateFrom=2026-05-01&dateTo=2026-05-01')).rounds).toBe(10);
  });

  it('says a trivia with no counted results has none, with every figure empty', async () => {
    const empty = await analysis('?dateFrom=2030-01-01');
    expect(empty.rounds).toBe(0);
    expect(empty.groups).toEqual({ upper: 0, lower: 0 });
    expect(empty.questions.every((q) => q.shown === 0 && q.facility === null && q.flags.length === 0)).toBe(true);
  });

  it('refuses filters out of range with the field named, a missing trivia, and anyone not signed in', async () => {
    const backwards = await admin.get(`/api/question-groups/${trivia.group.id}/analysis?dateFrom=2026-05-03&dateTo=2026-05-01`);
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ code: 'validation_failed', issues: [{ path: 'dateTo' }] });
    const badKiosk = await admin.get(`/api/question-groups/${trivia.group.id}/analysis?deviceId=kiosco-1`);
    expect(badKiosk.status).toBe(400);
    expect(badKiosk.body).toMatchObject({ code: 'validation_failed', issues: [{ path: 'deviceId' }] });
    const badDate = await admin.get(`/api/question-groups/${trivia.group.id}/analysis?dateFrom=ayer`);
    expect(badDate.body).toMatchObject({ code: 'validation_failed', issues: [{ path: 'dateFrom' }] });
    // The analysis is kept per day: a moment is not a filter it can answer.
    const moment = await admin.get(`/api/question-groups/${trivia.group.id}/analysis?dateTo=2026-05-01T10:00:00Z`);
    expect(moment.status).toBe(400);
    expect(moment.body).toMatchObject({ code: 'validation_failed', issues: [{ path: 'dateTo', message: 'Escribe la fecha como AAAA-MM-DD' }] });
    expect((await admin.get('/api/question-groups/999999/analysis')).status).toBe(404);
    expect((await api.client().get(`/api/question-groups/${trivia.group.id}/analysis`)).status).toBe(401);
  });

  it('weighs the rounds tied where a group ends alike, each by the share of them it takes', async () => {
    // Eight rounds: 100, six of 50, 0. Groups of round(8 × 0.27) = 2: the 100 and a sixth of each
    // 50 above, the 0 and a sixth of each 50 below. Q1 right in the 100 and three of the 50s.
    const company = await buildCompany(api.dataSource);
    const tied = await buildTrivia(api.dataSource, company.id, { questions: 1, answersPerQuestion: 2 });
    const [{ question, answers }] = tied.items as [(typeof tied.items)[number]];
    const rounds: [number, boolean][] = [[100, true], [50, true], [50, false], [50, true], [50, false], [50, true], [50, false], [0, false]];
    for (const [score, right] of rounds) {
      await insertCompletedAttempt(api.dataSource, {
        playerId: (await buildPlayer(api.dataSource)).id, groupId: tied.group.id, score,
        questionIds: [question.id], answers: [{ questionId: question.id, answerId: answers[right ? 0 : 1]!.id }],
      });
    }
    const res = await admin.get(`/api/question-groups/${tied.group.id}/analysis`);
    const result = res.body as TriviaAnalysis;
    expect(result.groups).toEqual({ upper: 2, lower: 2 });
    // Above: (1 + 3 × 1/6) right of 2 = 0.75; below: (0 + 3 × 1/6) of 2 = 0.25.
    expect(result.questions[0]!.discrimination).toBeCloseTo(0.5, 10);
  });
});

describe('GET /api/question-groups/:id/activity', () => {
  const activity = async (query = '') => {
    const res = await admin.get(`/api/question-groups/${trivia.group.id}/activity${query}`);
    expect(res.status).toBe(200);
    return res.body as TriviaActivity;
  };

  it('gives each site and kiosk its players, rounds and scores, and the rounds of each hour on the event\'s clock', async () => {
    const result = await activity();
    expect(result.timeZone).toBe('America/Bogota');
    expect(result.sites).toEqual([
      // Scores 100, 90, … 10: average and median 55.
      { locationId: s1, name: 'S1', players: 10, rounds: 10, averageScore: 55, medianScore: 55 },
      { locationId: s2, name: 'S2', players: 1, rounds: 1, averageScore: 0, medianScore: 0 },
    ]);
    // The kiosk, then every round played on no kiosk (R1's phone, and the rounds with no device) in one row.
    expect(result.kiosks).toEqual([
      { deviceId: kiosk, name: 'Tableta 1', players: 1, rounds: 1, averageScore: 0, medianScore: 0 },
      { deviceId: null, name: null, players: 10, rounds: 10, averageScore: 55, medianScore: 55 },
    ]);
    expect(result.timeline).toEqual({
      unit: 'hour',
      slots: [
        { start: '2026-05-01T10:00', locationId: s1, site: 'S1', rounds: 6 },
        { start: '2026-05-01T11:00', locationId: s1, site: 'S1', rounds: 4 },
        { start: '2026-05-03T10:00', locationId: s2, site: 'S2', rounds: 1 },
      ],
    });
  });

  it('counts days when the rounds span more than ten days, and hours again when the filter narrows them', async () => {
    const company = await buildCompany(api.dataSource, { timeZone: 'America/Bogota' });
    const site = (await buildLocation(api.dataSource, company.id, 'Feria')).id;
    const long = await buildTrivia(api.dataSource, company.id, { questions: 1 });
    for (const completedAt of ['2026-05-01T15:10:00Z', '2026-05-01T22:00:00Z', '2026-05-14T14:00:00Z']) {
      await insertCompletedAttempt(api.dataSource, { playerId: (await buildPlayer(api.dataSource)).id, groupId: long.group.id, score: 50, locationId: site, completedAt: new Date(completedAt) });
    }
    const timeline = async (query = '') => {
      const res = await admin.get(`/api/question-groups/${long.group.id}/activity${query}`);
      expect(res.status).toBe(200);
      return (res.body as TriviaActivity).timeline;
    };
    // 1 to 14 May in Bogotá: fourteen days.
    expect(await timeline()).toEqual({
      unit: 'day',
      slots: [
        { start: '2026-05-01T00:00', locationId: site, site: 'Feria', rounds: 2 },
        { start: '2026-05-14T00:00', locationId: site, site: 'Feria', rounds: 1 },
      ],
    });
    expect((await timeline('?dateTo=2026-05-10')).slots.map((slot) => [slot.start, slot.rounds])).toEqual([['2026-05-01T10:00', 1], ['2026-05-01T17:00', 1]]);
  });

  it('reads the event\'s days, and refuses a range that ends before it starts', async () => {
    const may3 = await activity('?dateFrom=2026-05-03&dateTo=2026-05-03');
    expect(may3.sites.map((site) => [site.name, site.rounds])).toEqual([['S2', 1]]);
    expect((await activity('?dateFrom=2030-01-01')).timeline).toEqual({ unit: 'hour', slots: [] });
    const backwards = await admin.get(`/api/question-groups/${trivia.group.id}/activity?dateFrom=2026-05-03&dateTo=2026-05-01`);
    expect(backwards.body).toMatchObject({ code: 'validation_failed', issues: [{ path: 'dateTo' }] });
    expect((await admin.get('/api/question-groups/999999/activity')).status).toBe(404);
    expect((await api.client().get(`/api/question-groups/${trivia.group.id}/activity`)).status).toBe(401);
  });
});

describe('GET /api/question-groups/:id/analysis/export', () => {
  const download = async (query: string) => {
    const res = await fetch(`${api.baseUrl}/api/question-groups/${trivia.group.id}/analysis/export${query}`, { headers: { Cookie: admin.cookieHeader() } });
    expect(res.status).toBe(200);
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it('writes the analysis as a workbook, a sheet per view, each opening with its filters', async () => {
    const { res, bytes } = await download(`?locationId=${s1}&dateFrom=2026-05-01`);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toMatch(/filename\*=UTF-8''analisis_Trivia%20de%20prueba_\d{4}-\d{2}-\d{2}\.xlsx/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Preguntas', 'Respuestas', 'Sedes', 'Kioscos', 'Por hora']);
    // Rows as read, an empty row (the one under the filters) as []; Array.from visits the sparse array's holes.
    const rows = (name: string) => Array.from(workbook.getWorksheet(name)!.getSheetValues().slice(1), (row) => (row as ExcelJS.CellValue[] | undefined)?.slice(1) ?? []);

    const questions = rows('Preguntas');
    expect(questions.slice(0, 5)).toEqual([
      ['Análisis de la trivia', 'Trivia de prueba'], ['Sede', 'S1'], ['Kiosco', 'Todos'], ['Desde', '2026-05-01'], ['Hasta', 'Sin límite'],
    ]);
    const header = questions.findIndex((row) => row[0] === 'N.º');
    // The hand-computed figures above: Q1 50 % right, discrimination 1, median 2.5 s of 4 timed answers.
    expect(questions[header + 1]).toEqual([1, 'Pregunta 1', 10, 10, 5, 50, 1, 2.5, 4]);
    expect(questions[header + 2]).toEqual([2, 'Pregunta 2', 10, 9, 3, 30, 0, undefined, 0, 'Una respuesta incorrecta atrae más que la correcta; Nadie elige una de sus respuestas; Separa poco']);
    const answers = rows('Respuestas');
    expect(answers.slice(answers.findIndex((row) => row[0] === 'N.º') + 1, answers.findIndex((row) => row[0] === 'N.º') + 4)).toEqual([
      [1, 'Pregunta 1', 'Respuesta 1.1', 'Sí', 5, 50], [1, 'Pregunta 1', 'Respuesta 1.2', 'No', 4, 40], [1, 'Pregunta 1', 'Respuesta 1.3', 'No', 1, 10],
    ]);
    // Sites and hours read the days only, as on the screen: S2's round of 3 May is in.
    expect(rows('Sedes').slice(-2)).toEqual([['S1', 10, 10, 55, 55], ['S2', 1, 1, 0, 0]]);
    expect(rows('Por hora').slice(-3)).toEqual([['2026-05-01 10:00', 'S1', 6], ['2026-05-01 11:00', 'S1', 4], ['2026-05-03 10:00', 'S2', 1]]);
  });

  it('writes it as CSV, one row per answer beside its question\'s figures, under its filters', async () => {
    const { res, bytes } = await download(`?format=csv&deviceId=${kiosk}`);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = bytes.toString('utf-8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines.slice(0, 3)).toEqual(['Análisis de la trivia,Trivia de prueba', 'Sede,Todas', 'Kiosco,Tableta 1']);
    const header = lines.indexOf('N.º,Pregunta,Mostrada,Respondida,Correctas,Facilidad (%),Discriminación,Tiempo mediano (s),Respuestas con tiempo,Avisos,Respuesta,Correcta,Elegida,Porcentaje (%)');
    expect(header).toBeGreaterThan(0);
    // The kiosk's one round chose the third answer of Q1 and Q2; Q3 was never dealt.
    expect(lines.slice(header + 1, header + 4)).toEqual(['1,Pregunta 1,1,1,0,0,,,0,,Respuesta 1.1,Sí,0,0', '1,Pregunta 1,1,1,0,0,,,0,,Respuesta 1.2,No,0,0', '1,Pregunta 1,1,1,0,0,,,0,,Respuesta 1.3,No,1,100']);
    expect(lines).toHaveLength(header + 1 + 9);
  });

  it('refuses a bad format or filter with the field named', async () => {
    const format = await admin.get(`/api/question-groups/${trivia.group.id}/analysis/export?format=pdf`);
    expect(format.body).toMatchObject({ code: 'validation_failed', issues: [{ path: 'format' }] });
    const backwards = await admin.get(`/api/question-groups/${trivia.group.id}/analysis/export?dateFrom=2026-05-03&dateTo=2026-05-01`);
    expect(backwards.body).toMatchObject({ code: 'validation_failed', issues: [{ path: 'dateTo' }] });
    expect((await api.client().get(`/api/question-groups/${trivia.group.id}/analysis/export`)).status).toBe(401);
  });
});
