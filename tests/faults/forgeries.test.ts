import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildLocation, buildTrivia } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { chooseAnswers, documentTypeId, freshDocument, phoneHeaders, registerDevice, type TestTrivia } from '../support/player-flow';
import { isoDay } from '../support/iso-day';

/**
 * Results nobody played, forged over plain HTTP the way a script would send them: each is refused
 * or kept for review, and none reaches a ranking. The rounds are the server's: a trivia of 5
 * questions plays rounds of 5, and a round takes at least 2 s per question on the player screen.
 */
let api: TestApi;
let admin: TestClient;
let cc: number;
let site: { id: number };
let trivia: TestTrivia;
let otherTrivia: TestTrivia;
let campaignId: number;
beforeAll(async () => {
  api = await startTestApi({ PLAYER_RATE_LIMIT: '1000000' });
  admin = await api.adminClient();
  cc = await documentTypeId(api.dataSource);
  const company = await buildCompany(api.dataSource);
  site = await buildLocation(api.dataSource, company.id, 'Pabellón 1');
  trivia = await buildTrivia(api.dataSource, company.id, { questions: 5, overrides: { questionsPerRound: 5 } });
  otherTrivia = await buildTrivia(api.dataSource, company.id, { questions: 3 });
  const campaign = await admin.post('/api/campaigns', { name: 'Campaña de la feria', companyId: company.id, startDate: isoDay(-2), endDate: isoDay(2), maxAttemptsPerTrivia: 10 });
  expect(campaign.status).toBe(201);
  campaignId = campaign.body.id;
  expect((await admin.post('/api/campaign-question-groups', { campaignId, questionGroupId: trivia.group.id })).status).toBe(201);
});
afterAll(() => api?.close());

/** Where a player's results show: the public trivia ranking (every attempt), and the campaign's public and admin rankings. */
async function rankings(playerId: number) {
  const triviaRanking = await api.client().get(`/api/ranking?questionGroupId=${trivia.group.id}&includeDuplicates=true&limit=100`);
  const publicCampaign = await api.client().get(`/api/public/campaigns/${campaignId}/ranking?limit=100`);
  const adminCampaign = await admin.get(`/api/campaigns/${campaignId}/ranking?limit=100`);
  for (const res of [triviaRanking, publicCampaign, adminCampaign]) expect(res.status).toBe(200);
  const has = (entries: { playerId: number }[]) => entries.some((e) => e.playerId === playerId);
  return { trivia: has(triviaRanking.body), publicCampaign: has(publicCampaign.body), adminCampaign: has(adminCampaign.body) };
}
const NOWHERE = { trivia: false, publicCampaign: false, adminCampaign: false };
const EVERYWHERE = { trivia: true, publicCampaign: true, adminCampaign: true };

/** The attempts an admin sees waiting for review. */
async function held(): Promise<{ id: number; reason: string }[]> {
  const res = await admin.get(`/api/player-attempts/held?questionGroupId=${trivia.group.id}`);
  expect(res.status).toBe(200);
  return res.body;
}

/** Registers a player online; the id comes with the document that proves an attempt is theirs. */
const documents = new Map<number, string>();
async function onlinePlayer(): Promise<number> {
  const documentNumber = freshDocument();
  const res = await api.client().post('/api/players', { fullName: 'Jugador Tramposo', documentTypeId: cc, documentNumber, locationId: site.id });
  expect(res.status).toBeLessThan(300);
  documents.set(res.body.id, documentNumber);
  return res.body.id;
}
const start = async (playerId: number, body: Record<string, unknown> = {}) =>
  api.client().post(
    '/api/player-attempts',
    { playerId, documentTypeId: cc, documentNumber: documents.get(playerId), questionGroupId: trivia.group.id, totalQuestions: 5, ...body },
    { headers: await phoneHeaders(api) },
  );
const complete = (attempt: { id: number; token: string }, body: Record<string, unknown>) =>
  api.client().patch(`/api/player-attempts/${attempt.id}`, { token: attempt.token, ...body });

/** A kiosk's three mutations of one play, with the round and times the test chooses. */
function syncedPlay(options: { totalQuestions: number; answers: { questionId: number; answerId: number }[]; seconds: number; completionTime?: number }) {
  const playerClientId = randomUUID();
  const attemptClientId = randomUUID();
  const startedAt = new Date(Date.now() - 10 * 60_000);
  const completedAt = new Date(startedAt.getTime() + options.seconds * 1000);
  return [
    { mutationId: 1, kind: 'player', payload: { clientId: playerClientId, fullName: 'Kiosco Tramposo', documentTypeId: cc, documentNumber: freshDocument(), locationId: site.id } },
    { mutationId: 2, kind: 'attempt', payload: { clientId: attemptClientId, playerClientId, questionGroupId: trivia.group.id, totalQuestions: options.totalQuestions, startedAt: startedAt.toISOString() } },
    { mutationId: 3, kind: 'completion', payload: { attemptClientId, answers: options.answers, completionTime: options.completionTime ?? options.seconds, completedAt: completedAt.toISOString() } },
  ];
}
async function pushPlay(mutations: unknown[]) {
  const device = await registerDevice(api);
  const res = await device.push(mutations);
  expect(res.status).toBe(200);
  const [player, attempt] = res.body.results as { status: string; id: number }[];
  return { statuses: (res.body.results as { status: string }[]).map((r) => r.status), playerId: player!.id, attemptId: attempt!.id };
}

describe('forged results never rank', () => {
  it('ranks an honest synced round everywhere (so "not ranked" below means something)', async () => {
    const play = await pushPlay(syncedPlay({ totalQuestions: 5, answers: chooseAnswers(trivia, 4), seconds: 40 }));
    expect(play.statuses).toEqual(['applied', 'applied', 'applied']);
    expect(await rankings(play.playerId)).toEqual(EVERYWHERE);
  });

  it('refuses an online attempt of 1 question on a 5-question round: 400 round_size_mismatch', async () => {
    const playerId = await onlinePlayer();
    const res = await start(playerId, { totalQuestions: 1 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'round_size_mismatch' });
    expect(await rankings(playerId)).toEqual(NOWHERE);
  });

  it('refuses a completion with figures only (score, correct answers, no answers): 400 round_incomplete', async () => {
    const playerId = await onlinePlayer();
    const attempt = (await start(playerId)).body;
    const res = await complete(attempt, { score: 100, correctAnswers: 5, completionTime: 30 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'round_incomplete' });
    expect(await rankings(playerId)).toEqual(NOWHERE);
  });

  it('refuses answers taken from another trivia: 400 answer_foreign', async () => {
    const playerId = await onlinePlayer();
    const attempt = (await start(playerId)).body;
    const answers = chooseAnswers(trivia, 5);
    answers[4] = { questionId: trivia.items[4]!.question.id, answerId: otherTrivia.items[0]!.answers[0]!.id };
    const res = await complete(attempt, { answers, completionTime: 30 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'answer_foreign' });
    expect(await rankings(playerId)).toEqual(NOWHERE);
  });

  it('stores an online completion\'s time from the server\'s clock, not the completionTime 0 it claims, and does not rank a round played that fast', async () => {
    const playerId = await onlinePlayer();
    // The server runs in this process and reads the time through Date: the round lasts 2.5 s on a clock the test moves.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    let res;
    try {
      const attempt = (await start(playerId)).body;
      vi.setSystemTime(Date.now() + 2_500);
      res = await complete(attempt, { answers: chooseAnswers(trivia, 5), completionTime: 0 });
    } finally {
      vi.useRealTimers();
    }
    expect(res.status).toBe(200);
    expect(res.body.completionTime).toBeGreaterThanOrEqual(2);
    expect(res.body.completionTime).toBeLessThanOrEqual(3);
    expect(await rankings(playerId)).toEqual(NOWHERE);
  });

  it('stores a synced attempt of a short round but holds it for review and never ranks it', async () => {
    const play = await pushPlay(syncedPlay({ totalQuestions: 1, answers: chooseAnswers(trivia, 1).slice(0, 1), seconds: 30 }));
    expect(play.statuses).toEqual(['applied', 'applied', 'applied']);
    expect(await held()).toContainEqual(expect.objectContaining({ id: play.attemptId, reason: 'round_mismatch' }));
    expect(await rankings(play.playerId)).toEqual(NOWHERE);
  });

  it('stores a synced completion of time 0 but holds it for review and never ranks it', async () => {
    const play = await pushPlay(syncedPlay({ totalQuestions: 5, answers: chooseAnswers(trivia, 5), seconds: 0 }));
    expect(play.statuses).toEqual(['applied', 'applied', 'applied']);
    expect(await held()).toContainEqual(expect.objectContaining({ id: play.attemptId, reason: 'implausible_time' }));
    expect(await rankings(play.playerId)).toEqual(NOWHERE);
  });
});
