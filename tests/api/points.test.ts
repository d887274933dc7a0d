import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerPoints, NETWORK_ALLOWANCE_MS, type CampaignRankingEntry, type PlayBundle, type TriviaRankingEntry } from '../../contract';
import { startTestApi, type TestApi } from '../support/api-server';
import { passOnServerClock } from '../support/server-clock';
import { buildPlayer, buildTrivia } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { isoDay } from '../support/iso-day';
import { buildKioskSite, deviceHeaders, kioskPlay, playerProof, registerDevice, type KioskSite } from '../support/player-flow';

/**
 * Points for speed (contract/points.ts): the organiser picks "Puntos" for a timed trivia; the
 * server gives each correct answer 1,000 points down to 500 as its clock runs, by its own clock on
 * a round it dealt and by the kiosk's measures (held within the clock, and held for review when
 * they cannot account for the round) on a round a kiosk dealt; rankings order by points; a campaign
 * counts a points round as the percentage of the best round possible.
 */
let api: TestApi;
let admin: TestClient;
let site: KioskSite;
const CLOCK_SECONDS = 10;

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  site = await buildKioskSite(api.dataSource, {
    siteName: 'Pabellón Puntos',
    trivia: { questions: 4, overrides: { questionsPerRound: 4, randomizeQuestions: false, questionSeconds: CLOCK_SECONDS, scoring: 'points' } },
  });
});
afterAll(() => api.close());

const groupId = () => site.trivia.group.id;
const item = (questionId: number) => site.trivia.items.find((i) => i.question.id === questionId)!;
const right = (questionId: number) => item(questionId).answers[0]!.id;
const wrong = (questionId: number) => item(questionId).answers[1]!.id;
const storedRound = async (clientId: string) => (await api.dataSource.query(`SELECT * FROM player_attempts WHERE client_id = $1`, [clientId]))[0];

/** A trivia's editable fields as the API has them, for a PATCH that changes some. */
async function triviaFields(id: number) {
  const { id: _id, logoUrl: _logo, theme: _theme, createdAt: _created, company: _company, ...fields } = (await admin.get(`/api/question-groups/${id}`)).body as Record<string, unknown>;
  return fields;
}

describe('the trivia setting', () => {
  it('needs a clock, is kept when left out, carried by the bundle and a copy, and is locked once the trivia has results', async () => {
    const companyId = site.company.id;
    const created = await admin.post(`/api/companies/${companyId}/question-groups`, { name: 'Sin reloj', companyId, scoring: 'points' });
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ code: 'points_need_clock', message: 'La puntuación por puntos necesita un tiempo por pregunta' });

    const trivia = (await admin.post(`/api/companies/${companyId}/question-groups`, { name: 'Con puntos', companyId, questionSeconds: 20 })).body as { id: number; scoring: string };
    expect(trivia.scoring).toBe('percent');
    const path = `/api/question-groups/${trivia.id}`;
    expect((await admin.patch(path, { ...(await triviaFields(trivia.id)), scoring: 'points' })).body.scoring).toBe('points');
    const { scoring: _left, ...withoutScoring } = await triviaFields(trivia.id);
    expect((await admin.patch(path, withoutScoring)).body.scoring).toBe('points');
    // Taking the clock away from a points trivia is refused the same way.
    const untimed = await admin.patch(path, { ...(await triviaFields(trivia.id)), questionSeconds: null });
    expect([untimed.status, untimed.body.code]).toEqual([400, 'points_need_clock']);
    expect((await admin.patch(path, { ...(await triviaFields(trivia.id)), scoring: 'nada' })).status).toBe(400);
    expect(((await api.client().get(`/api/play/${trivia.id}/bundle`)).body as PlayBundle).group.scoring).toBe('points');
    const copy = (await admin.post(`/api/question-groups/${trivia.id}/copy`, {})).body as { id: number };
    expect((await admin.get(`/api/question-groups/${copy.id}`)).body.scoring).toBe('points');

    // The kiosk trivia has results (played below or in another test): its scoring no longer changes, its other settings do.
    await playOnKiosk([2_000, 2_000, 2_000, 2_000], 30);
    const locked = await admin.patch(`/api/question-groups/${groupId()}`, { ...(await triviaFields(groupId())), scoring: 'percent' });
    expect(locked.status).toBe(409);
    expect(locked.body).toMatchObject({ code: 'scoring_locked', message: 'La trivia ya tiene resultados: cópiala para cambiar su puntuación' });
    const renamed = await admin.patch(`/api/question-groups/${groupId()}`, { ...(await triviaFields(groupId())), description: 'Rápido' });
    expect([renamed.status, renamed.body.scoring]).toEqual([200, 'points']);
  });
});

/** A phone is dealt a round of the points trivia; each verdict claims the answer took no time at all. */
async function deal(extraTime = false) {
  const device = (await api.client().post('/api/devices')).body as { deviceId: string; secret: string };
  const player = await buildPlayer(api.dataSource, { locationId: site.site.id });
  const clientId = randomUUID();
  const res = await api.client().post('/api/player-attempts', { ...playerProof(player), questionGroupId: groupId(), clientId, extraTime }, { headers: deviceHeaders(device) });
  expect(res.status).toBe(200);
  const { token, round } = res.body as { token: string; round: { questionIds: number[] } };
  const verdict = (questionId: number, answerId: number | null) =>
    api.client().post(`/api/player-attempts/${clientId}/answers`, { token, questionId, answerId, elapsedMs: 0 });
  const complete = (answers: { questionId: number; answerId: number | null }[]) => api.client().patch(`/api/player-attempts/${clientId}`, { token, answers });
  return { clientId, questionIds: round.questionIds as [number, number, number, number], verdict, complete };
}

describe('a round the server dealt (a phone)', () => {
  it('scores each correct answer by the time the server saw it take, less a second for the trip, whatever the phone claims', async () => {
    const dealing = Date.now();
    const { clientId, questionIds, verdict, complete } = await deal();
    const [q1, q2, q3, q4] = questionIds;
    // At once: within the second allowed for the trip, 1,000 points, as its verdict says (less
    // what the test's own requests took past that second on a busy machine).
    const firstAsked = Date.now();
    const first = (await verdict(q1, right(q1))).body as { correct: boolean; points: number };
    const firstBound = answerPoints(true, Date.now() - dealing - NETWORK_ALLOWANCE_MS, CLOCK_SECONDS * 1000);
    expect(first.correct).toBe(true);
    expect(first.points).toBeGreaterThanOrEqual(firstBound);
    expect(first.points).toBeLessThanOrEqual(1_000);
    // 2 s of feedback and 5 s on the question: 4 s counted of the 10 s clock, 800 points (less the
    // time from the first verdict's request to the second's reply: the server's gap lies inside it).
    await passOnServerClock(api.dataSource, clientId, 7);
    await verdict(q2, right(q2));
    const secondBound = answerPoints(true, 4_000 + Date.now() - firstAsked, CLOCK_SECONDS * 1000);
    // Wrong: nothing, however fast.
    expect((await verdict(q3, wrong(q3))).body).toMatchObject({ correct: false, points: 0 });
    // Past the clock: timed out, nothing.
    await passOnServerClock(api.dataSource, clientId, 16);
    expect((await verdict(q4, right(q4))).body).toMatchObject({ timedOut: true });
    const res = await complete(questionIds.map((questionId) => ({ questionId, answerId: right(questionId) })).map((a) => (a.questionId === q3 ? { ...a, answerId: wrong(q3) } : a)));
    expect(res.status).toBe(200);
    expect(res.body.correctAnswers).toBe(2);
    // The test's own requests take some of the server's clock: bounded by what they took here.
    expect(res.body.score).toBeGreaterThanOrEqual(firstBound + secondBound);
    expect(res.body.score).toBeLessThanOrEqual(1_800);
    expect((await storedRound(clientId)).review_status).toBe('clean');
  });

  it('doubles the clock with "Necesito más tiempo": the same 4 s count for less of it', async () => {
    const dealing = Date.now();
    const { clientId, questionIds, verdict, complete } = await deal(true);
    await passOnServerClock(api.dataSource, clientId, 5);
    await verdict(questionIds[0], right(questionIds[0]));
    const bound = answerPoints(true, 4_000 + Date.now() - dealing, 2 * CLOCK_SECONDS * 1000);
    for (const questionId of questionIds.slice(1)) await verdict(questionId, wrong(questionId));
    const res = await complete(questionIds.map((questionId, i) => ({ questionId, answerId: i === 0 ? right(questionId) : wrong(questionId) })));
    // 4 s of a 20 s clock: 900 points (less what the test's own requests took).
    expect(res.body.score).toBeGreaterThanOrEqual(bound);
    expect(res.body.score).toBeLessThanOrEqual(900);
  });

  it('gives an answer that reached it only with the completion the least points: the server saw no time', async () => {
    const { questionIds, complete } = await deal();
    const res = await complete(questionIds.map((questionId) => ({ questionId, answerId: right(questionId), elapsedMs: 0 })));
    expect(res.body).toMatchObject({ correctAnswers: 4, score: 2_000 });
  });
});

/** A kiosk's offline round of the points trivia: every answer right, each taking `elapsedMs` by its own measure, the round `seconds` long. */
async function playOnKiosk(elapsedMs: number[], seconds: number) {
  const answers = site.trivia.items.map(({ question, answers: choices }, i) => ({ questionId: question.id, answerId: choices[0]!.id, elapsedMs: elapsedMs[i] }));
  const play = kioskPlay(site, 1, { completionTime: seconds, answers });
  const device = await registerDevice(api);
  const res = await device.push(play.mutations);
  expect(res.status).toBe(200);
  return { play, result: res.body.results[2] as { status: string; result?: { score: number; scoring?: string } }, stored: await storedRound(play.attemptClientId) };
}

describe('a round a kiosk dealt', () => {
  it('scores by the kiosk’s measures held within each clock, as the kiosk itself scored them', async () => {
    // 2 s of 10: 900; 0: 1,000; 10 s: 500; 25 s is held to the clock: 500.
    const { result, stored } = await playOnKiosk([2_000, 0, 10_000, 25_000], 40);
    // The reply names the unit, so a kiosk whose copy of the trivia predates its points shows them as points.
    expect(result).toMatchObject({ status: 'applied', result: { score: 2_900, scoring: 'points' } });
    expect(stored.score).toBe(900 + 1_000 + 500 + 500);
    expect(stored.review_status).toBe('clean');
  });

  it('holds a round whose measures cannot account for its time: answers claimed instant in a round that lasted a minute', async () => {
    const { stored } = await playOnKiosk([0, 0, 0, 0], 55);
    expect([stored.review_status, stored.review_reason, stored.score]).toEqual(['held', 'implausible_speed', 4_000]);
    // The same claims in a round as short as they say are believed.
    const quick = await playOnKiosk([0, 0, 0, 0], 10);
    expect([quick.stored.review_status, quick.stored.score]).toEqual(['clean', 4_000]);
  });
});

describe('the rankings', () => {
  it('order the trivia by points, and a campaign counts a points round as its share of the best round possible', async () => {
    const best = await playOnKiosk([1_000, 1_000, 1_000, 1_000], 15);
    const ranking = (await api.client().get(`/api/ranking?questionGroupId=${groupId()}&limit=100`)).body as TriviaRankingEntry[];
    const scores = ranking.map((entry) => entry.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // Four right answers in 1 s each of 10: 950 each. Rounds of 4,000 (instant, above) rank before it, 2,900 after.
    expect(ranking.find((entry) => entry.id === best.stored.id)?.score).toBe(4 * 950);
    expect(scores).toEqual(expect.arrayContaining([4_000, 3_800, 2_900]));

    const other = await buildTrivia(api.dataSource, site.company.id, { questions: 4, overrides: { name: 'Porcentaje', questionsPerRound: 4, randomizeQuestions: false } });
    const campaign = (await admin.post('/api/campaigns', {
      name: 'Puntos y porcentajes',
      companyId: site.company.id,
      startDate: isoDay(-1),
      endDate: isoDay(1),
      maxAttemptsPerTrivia: 3,
      attemptSelectionMode: 'best',
    })).body as { id: number };
    for (const questionGroupId of [groupId(), other.group.id]) {
      expect((await admin.post('/api/campaign-question-groups', { campaignId: campaign.id, questionGroupId, weight: 1 })).status).toBe(201);
    }
    const percent = await (await registerDevice(api)).push(kioskPlay({ ...site, trivia: other }, 1, { completionTime: 20 }).mutations);
    expect(percent.body.results[2].result.score).toBe(75);

    const entries = (await admin.get(`/api/campaigns/${campaign.id}/ranking?limit=100`)).body as CampaignRankingEntry[];
    const of = (attemptScore: number) => entries.find((entry) => Object.values(entry.bestScores).includes(attemptScore));
    // 3,800 of 4,000 points: 95 of the campaign's points; 75 % counts 75.
    expect(of(95)?.totalScore).toBe(95);
    expect(of(75)?.totalScore).toBe(75);
    expect(entries.map((entry) => entry.totalScore)).toEqual([...entries.map((entry) => entry.totalScore)].sort((a, b) => b - a));
  });
});
