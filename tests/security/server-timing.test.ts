import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import { passOnServerClock } from '../support/server-clock';
import { buildPlayer } from '../support/factories';
import { buildKioskSite, deviceHeaders, playerProof, type KioskSite } from '../support/player-flow';

/**
 * A phone's round is timed by the server: from the deal to the last verdict it gave, on its own
 * clock. A completion claiming a shorter round, by PATCH or through the outbox, changes nothing,
 * and never overwrites what a verdict recorded.
 */
let api: TestApi;
let site: KioskSite;
beforeAll(async () => {
  api = await startTestApi();
  site = await buildKioskSite(api.dataSource, { siteName: 'Pabellón Sur', trivia: { questions: 5, overrides: { questionsPerRound: 5 } } });
});
afterAll(() => api.close());

const groupId = () => site.trivia.group.id;
const right = (questionId: number) => site.trivia.items.find((i) => i.question.id === questionId)!.answers[0]!.id;
const storedRound = async (clientId: string) => (await api.dataSource.query(`SELECT * FROM player_attempts WHERE client_id = $1`, [clientId]))[0];
const rankedTime = async (attemptId: number) =>
  ((await api.client().get(`/api/ranking?questionGroupId=${groupId()}&includeDuplicates=true&limit=500`)).body as { id: number; completionTime: number }[]).find(
    (entry) => entry.id === attemptId,
  )?.completionTime;

/** A phone deals a round online and plays its first `answered` questions, one verdict every 12 s, each measured by the device as 11 s. */
async function dealAndPlay(answered: number) {
  const device = (await api.client().post('/api/devices')).body as { deviceId: string; secret: string };
  const player = await buildPlayer(api.dataSource, { locationId: site.site.id });
  const clientId = randomUUID();
  const deal = await api.client().post('/api/player-attempts', { ...playerProof(player), questionGroupId: groupId(), clientId }, { headers: deviceHeaders(device) });
  expect(deal.status).toBe(200);
  const { token, round } = deal.body as { token: string; round: { questionIds: number[] } };
  for (const questionId of round.questionIds.slice(0, answered)) {
    await passOnServerClock(api.dataSource, clientId, 12);
    const verdict = await api.client().post(`/api/player-attempts/${clientId}/answers`, { token, questionId, answerId: right(questionId), elapsedMs: 11_000 });
    expect(verdict.body.correct).toBe(true);
  }
  return { device, clientId, token, round };
}

/** The completion a script sends: every answer right, each "taking" 1.8 s, the round "over" 9.2 s after its deal. */
function claimedCompletion(clientId: string, questionIds: number[], startedAt: Date) {
  return {
    attemptClientId: clientId,
    answers: questionIds.map((questionId) => ({ questionId, answerId: right(questionId), elapsedMs: 1_800 })),
    completionTime: 9,
    completedAt: new Date(startedAt.getTime() + 9_200).toISOString(),
  };
}

/** The script's completion of its round pushed through the outbox's route, as the phone completes. */
async function pushClaim(device: { deviceId: string; secret: string }, clientId: string, questionIds: number[]) {
  const startedAt = (await storedRound(clientId)).started_at as Date;
  const completion = { mutationId: 1, kind: 'completion', payload: claimedCompletion(clientId, questionIds, startedAt) };
  return api.client().post('/api/sync', { mutations: [completion], sentAt: new Date().toISOString() }, { headers: deviceHeaders(device) });
}

describe('a round the server dealt is timed by the server', () => {
  it('ranks a 60 s round completed through the outbox claiming 9.2 s with 60 s; the device’s measures stay beside the verdicts', async () => {
    const { device, clientId, round } = await dealAndPlay(5);
    const res = await pushClaim(device, clientId, round.questionIds);
    expect(res.body.results[0]).toMatchObject({ status: 'applied', result: { score: 100 } });
    const stored = await storedRound(clientId);
    expect(stored.completion_time).toBeGreaterThanOrEqual(60);
    expect(stored.completion_time).toBeLessThanOrEqual(61);
    expect(await rankedTime(stored.id)).toBe(stored.completion_time);
    // The verdicts' records are kept: the device's 11 s per answer, never the completion's 1.8 s.
    expect(stored.answers.map((a: { elapsedMs: number }) => a.elapsedMs)).toEqual([11_000, 11_000, 11_000, 11_000, 11_000]);
    expect(stored.answers.every((a: { judgedAt?: string }) => typeof a.judgedAt === 'string')).toBe(true);
  });

  it('ranks the same round completed by PATCH with the same 60 s', async () => {
    const { clientId, token, round } = await dealAndPlay(5);
    const startedAt = (await storedRound(clientId)).started_at as Date;
    const done = await api.client().patch(`/api/player-attempts/${clientId}`, { token, answers: claimedCompletion(clientId, round.questionIds, startedAt).answers });
    expect(done.status).toBe(200);
    expect(done.body.completionTime).toBeGreaterThanOrEqual(60);
  });

  it('never ends a round before its last verdict: a phone that lost its signal after two verdicts (24 s) and claims 9.2 s ranks with 24 s or more', async () => {
    const { device, clientId, round } = await dealAndPlay(2);
    const res = await pushClaim(device, clientId, round.questionIds);
    expect(res.body.results[0].status).toBe('applied');
    const stored = await storedRound(clientId);
    expect(stored.completion_time).toBeGreaterThanOrEqual(24);
    expect(stored.answers.slice(0, 2).map((a: { elapsedMs: number }) => a.elapsedMs)).toEqual([11_000, 11_000]);
  });
});
