import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerVerdict, PlayBundle, TriviaAnalysis } from '../../contract';
import { recomputedTriviaAnalysis, triviaAnalysis } from '../../api/results/insights/trivia-analysis';
import { startTestApi, type TestApi } from '../support/api-server';
import { passOnServerClock } from '../support/server-clock';
import { buildPlayer } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { buildKioskSite, deviceHeaders, kioskPlay, playerProof, registerDevice, type KioskSite } from '../support/player-flow';

/**
 * A clock per question (contract/question-clock.ts): the organiser sets it, the bundle carries it,
 * the server times the answers of a round it dealt and keeps a late one as "Tiempo agotado" (no
 * answer, no score) whatever the device says it chose; "Necesito más tiempo" doubles the clock; a
 * round a kiosk dealt is bounded as a whole; the analysis counts the timed-out answers.
 */
let api: TestApi;
let admin: TestClient;
let site: KioskSite;
const CLOCK_SECONDS = 10;

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  site = await buildKioskSite(api.dataSource, {
    siteName: 'Pabellón Reloj',
    trivia: { questions: 5, overrides: { questionsPerRound: 5, randomizeQuestions: false, questionSeconds: CLOCK_SECONDS } },
  });
});
afterAll(() => api.close());

const groupId = () => site.trivia.group.id;
const item = (questionId: number) => site.trivia.items.find((i) => i.question.id === questionId)!;
const right = (questionId: number) => item(questionId).answers[0]!.id;
const storedRound = async (clientId: string) => (await api.dataSource.query(`SELECT * FROM player_attempts WHERE client_id = $1`, [clientId]))[0];

/** A phone is dealt a round of the timed trivia, with or without more time. */
async function deal(extraTime?: boolean) {
  const device = (await api.client().post('/api/devices')).body as { deviceId: string; secret: string };
  const player = await buildPlayer(api.dataSource, { locationId: site.site.id });
  const clientId = randomUUID();
  const res = await api
    .client()
    .post('/api/player-attempts', { ...playerProof(player), questionGroupId: groupId(), clientId, ...(extraTime === undefined ? {} : { extraTime }) }, { headers: deviceHeaders(device) });
  expect(res.status).toBe(200);
  const { token, round } = res.body as { token: string; round: { questionIds: number[] } };
  const verdict = async (questionId: number, answerId: number | null) => {
    const answer = await api.client().post(`/api/player-attempts/${clientId}/answers`, { token, questionId, answerId, elapsedMs: 4_000 });
    expect(answer.status).toBe(200);
    return answer.body as AnswerVerdict;
  };
  return { clientId, token, questionIds: round.questionIds, verdict };
}

describe('the trivia setting', () => {
  it('is set, kept when left out, refused out of its range, and carried by the bundle', async () => {
    const path = `/api/question-groups/${groupId()}`;
    const current = (await admin.get(path)).body as Record<string, unknown>;
    const { id: _id, logoUrl: _logo, theme: _theme, createdAt: _created, company: _company, ...fields } = current;
    expect(current.questionSeconds).toBe(CLOCK_SECONDS);
    for (const wrong of [4, 121, 12.5]) {
      const res = await admin.patch(path, { ...fields, questionSeconds: wrong });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('El tiempo por pregunta va de 5 a 120 segundos');
    }
    const { questionSeconds: _kept, ...withoutClock } = fields;
    expect((await admin.patch(path, withoutClock)).body.questionSeconds).toBe(CLOCK_SECONDS);
    const bundle = (await api.client().get(`/api/play/${groupId()}/bundle`)).body as PlayBundle;
    expect(bundle.group.questionSeconds).toBe(CLOCK_SECONDS);
  });
});

describe('a round the server dealt is timed by the server', () => {
  it('keeps an answer that arrives past the clock as timed out, scores it as wrong, and keeps it so whatever the completion says', async () => {
    const { clientId, token, questionIds, verdict } = await deal();
    const [q1, q2, q3, q4, q5] = questionIds as [number, number, number, number, number];
    expect(await verdict(q1, right(q1))).toMatchObject({ correct: true, answerId: right(q1) });

    // 14 s on the server's clock since the verdict before (its feedback 2 s, the clock 10 s, the grace 3 s: 15 s) is in time.
    await passOnServerClock(api.dataSource, clientId, 14);
    expect(await verdict(q2, right(q2))).toMatchObject({ correct: true });

    // 16 s is not: the answer the phone sends is kept as timed out, with the correct one told.
    await passOnServerClock(api.dataSource, clientId, 16);
    const late = await verdict(q3, right(q3));
    expect(late).toEqual({ questionId: q3, answerId: null, correct: false, correctAnswerId: right(q3), correctAnswerIds: [right(q3)], timedOut: true });
    // Asked again (its reply was lost), with any answer, it says the same.
    expect(await verdict(q3, item(q3).answers[1]!.id)).toEqual(late);

    // The phone's own clock ran out: it sends no answer.
    expect(await verdict(q4, null)).toMatchObject({ answerId: null, correct: false, timedOut: true, correctAnswerId: right(q4) });
    expect(await verdict(q5, right(q5))).toMatchObject({ correct: true });

    // The completion claims the late answer as chosen: the server's clock stands.
    const completion = await api.client().patch(`/api/player-attempts/${clientId}`, {
      token,
      answers: questionIds.map((questionId) => ({ questionId, answerId: questionId === q4 ? null : right(questionId) })),
    });
    expect(completion.status).toBe(200);
    expect(completion.body).toMatchObject({ correctAnswers: 3, score: 60 });
    const stored = await storedRound(clientId);
    expect(stored.answers.find((a: { questionId: number }) => a.questionId === q3).answerId).toBeNull();
    expect(stored.review_status).toBe('clean');
  });

  it('gives a round with "Necesito más tiempo" twice the clock, and remembers it with the round', async () => {
    const { clientId, questionIds, verdict } = await deal(true);
    const [q1, q2] = questionIds as [number, number];
    expect((await storedRound(clientId)).extra_time).toBe(true);
    await passOnServerClock(api.dataSource, clientId, 22);
    expect(await verdict(q1, right(q1))).toMatchObject({ correct: true, answerId: right(q1) });
    await passOnServerClock(api.dataSource, clientId, 26);
    expect(await verdict(q2, right(q2))).toMatchObject({ timedOut: true, answerId: null });
  });

  it('refuses an answer of another question as before, and takes no answer as timed out', async () => {
    const { questionIds, verdict, token, clientId } = await deal();
    const foreign = await api.client().post(`/api/player-attempts/${clientId}/answers`, { token, questionId: questionIds[0], answerId: right(questionIds[1]!) });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('answer_mismatched');
    expect(await verdict(questionIds[0]!, null)).toMatchObject({ correct: false, answerId: null });
  });
});

describe('a round a kiosk dealt', () => {
  const kioskRound = (completionTime: number, extraTime: boolean, timedOut: number[] = []) => {
    const play = kioskPlay(site, 1, {
      completionTime,
      // Each answer as a device measures it: 4 s, or the whole 10 s clock when it ran out.
      answers: site.trivia.items.map(({ question, answers }) =>
        timedOut.includes(question.id) ? { questionId: question.id, answerId: null, elapsedMs: 10_000 } : { questionId: question.id, answerId: answers[0]!.id, elapsedMs: 4_000 },
      ) as {
        questionId: number;
        answerId: number;
      }[],
    });
    const attempt = play.mutations[1]!.payload as Record<string, unknown>;
    if (extraTime) attempt.extraTime = true;
    return play;
  };

  it('is held when it lasted longer than its clocks allow, and doubled clocks allow twice as long', async () => {
    // Five questions: 5 × (10 s + 2 s of feedback + 3 s) = 75 s at most; 5 × (20 + 2 + 3) = 125 s with more time.
    const cases: [number, boolean, string, number][] = [
      [70, false, 'clean', 100],
      [120, false, 'held', 100],
      [120, true, 'clean', 100],
    ];
    for (const [seconds, extraTime, status] of cases) {
      const device = await registerDevice(api);
      const play = kioskRound(seconds, extraTime);
      const res = await device.push(play.mutations);
      expect(res.status).toBe(200);
      const stored = await storedRound(play.attemptClientId);
      expect({ seconds, extraTime, status: stored.review_status, reason: stored.review_reason, kept: stored.extra_time }).toEqual({
        seconds,
        extraTime,
        status,
        reason: status === 'held' ? 'implausible_time' : null,
        kept: extraTime,
      });
    }
  });

  it('marks a result played with more time in the company\'s own ranking, never in the public one', async () => {
    const device = await registerDevice(api);
    const play = kioskRound(60, true);
    await device.push(play.mutations);
    const id = (await storedRound(play.attemptClientId)).id as number;
    const path = `/api/ranking?questionGroupId=${groupId()}&includeDuplicates=true&limit=100`;
    const own = ((await admin.get(path)).body as { id: number; extraTime?: boolean }[]).filter((entry) => entry.extraTime);
    expect(own.map((entry) => entry.id)).toContain(id);
    const shown = (await api.client().get(path)).body as Record<string, unknown>[];
    expect(shown.some((entry) => entry.id === id)).toBe(true);
    expect(shown.filter((entry) => 'extraTime' in entry)).toEqual([]);
  });

  it('scores a timed-out answer as wrong, and the analysis counts it under its question the same from its logs as recomputed', async () => {
    const [first] = site.trivia.items;
    const device = await registerDevice(api);
    const play = kioskRound(40, false, [first!.question.id]);
    const res = await device.push(play.mutations);
    expect(res.body.results[2]).toMatchObject({ status: 'applied', result: { correctAnswers: 4, score: 80 } });
    // Nothing was answered on the question that ran out: it keeps no answer time (the analysis'
    // median is of answers given), while the others keep the device's measure.
    const stored = (await storedRound(play.attemptClientId)).answers as { questionId: number; elapsedMs?: number }[];
    expect(stored.map((answer) => [answer.questionId === first!.question.id, answer.elapsedMs])).toEqual(
      site.trivia.items.map(({ question }) => (question.id === first!.question.id ? [true, undefined] : [false, 4_000])),
    );

    const logged = (await admin.get(`/api/question-groups/${groupId()}/analysis`)).body as TriviaAnalysis;
    const question = logged.questions.find((q) => q.questionId === first!.question.id)!;
    expect(question.timedOut).toBeGreaterThanOrEqual(1);
    expect(question.answered + question.timedOut).toBeLessThanOrEqual(question.shown);
    const em = api.dataSource.manager;
    expect(await triviaAnalysis(em, groupId(), {})).toEqual(await recomputedTriviaAnalysis(em, groupId(), {}));
  });
});

describe('a question with its own clock', () => {
  it('runs on its own clock over the trivia’s: in the bundle, in the server’s verdicts and in a kiosk round’s bound', async () => {
    const [first] = site.trivia.items;
    const questionId = first!.question.id;
    const put = await admin.put(`/api/questions/${questionId}`, {
      text: first!.question.text,
      groupId: groupId(),
      clockSeconds: 30,
      answers: first!.answers.map((answer) => ({ id: answer.id, text: answer.text, isCorrect: answer.isCorrect })),
    });
    expect(put.status).toBe(200);
    const bundle = (await api.client().get(`/api/play/${groupId()}/bundle`)).body as PlayBundle;
    expect(bundle.questions.find((q) => q.id === questionId)?.clockSeconds).toBe(30);
    expect(bundle.questions.filter((q) => q.id !== questionId).map((q) => q.clockSeconds)).toEqual([null, null, null, null]);

    // The first question of the round (the trivia deals in order): 25 s are within its 30 s.
    const { clientId, questionIds, verdict } = await deal();
    expect(questionIds[0]).toBe(questionId);
    await passOnServerClock(api.dataSource, clientId, 25);
    expect(await verdict(questionId, right(questionId))).toMatchObject({ correct: true, answerId: right(questionId) });

    // A kiosk's round may now last 4 × (10 + 2 + 3) + (30 + 2 + 3) = 95 s.
    for (const [seconds, status] of [[90, 'clean'], [100, 'held']] as const) {
      const device = await registerDevice(api);
      const play = kioskPlay(site, 1, { completionTime: seconds, answers: site.trivia.items.map(({ question, answers }) => ({ questionId: question.id, answerId: answers[0]!.id })) });
      await device.push(play.mutations);
      expect([seconds, (await storedRound(play.attemptClientId)).review_status]).toEqual([seconds, status]);
    }
  });
});

describe('a question’s own clock in the import, the export and the copy', () => {
  it('reads the "Segundos" column (blank: the trivia’s), refuses one out of range, writes it back, and a copy keeps it', async () => {
    const trivia = (await admin.post(`/api/companies/${site.company.id}/question-groups`, { name: 'Con segundos', companyId: site.company.id })).body as { id: number };
    const csv = [
      'Pregunta,Respuesta 1,Respuesta 2,Correcta,Tipo,Segundos',
      '¿Rápida?,Sí,No,1,,5',
      '¿Normal?,Sí,No,1,,',
      '¿Larga?,Sí,No,1,,121',
      '¿Rara?,Sí,No,1,,diez',
    ].join('\n');
    const content = Buffer.from(csv, 'utf8').toString('base64');
    const preview = await admin.post(`/api/question-groups/${trivia.id}/questions/import/preview`, { content });
    const outOfRange = 'La columna Segundos debe ser un número de 5 a 120 (vacía: el tiempo de la trivia)';
    expect(preview.body.rows.map((r: { clockSeconds: number | null; problems: string[] }) => [r.clockSeconds, r.problems])).toEqual([
      [5, []],
      [null, []],
      [null, [`${outOfRange}, no «121»`]],
      [null, [`${outOfRange}, no «diez»`]],
    ]);
    expect((await admin.post(`/api/question-groups/${trivia.id}/questions/import`, { content })).body).toEqual({ imported: 2, skipped: 2 });
    const clocks = async (id: number) => ((await admin.get(`/api/question-groups/${id}/questions`)).body as { clockSeconds: number | null }[]).map((q) => q.clockSeconds);
    expect(await clocks(trivia.id)).toEqual([5, null]);

    const exported = await admin.get(`/api/question-groups/${trivia.id}/questions/export?format=csv`);
    const lines = exported.text.replace('\uFEFF', '').split(/\r?\n/);
    expect(lines[0]).toBe('Pregunta,Respuesta 1,Respuesta 2,Respuesta 3,Respuesta 4,Correcta,Tipo,Segundos');
    expect(lines.slice(1, 3)).toEqual(['¿Rápida?,Sí,No,,,1,Opción única,5', '¿Normal?,Sí,No,,,1,Opción única,']);

    const copy = await admin.post(`/api/question-groups/${trivia.id}/copy`, {});
    expect(await clocks(copy.body.id)).toEqual([5, null]);
  });
});
