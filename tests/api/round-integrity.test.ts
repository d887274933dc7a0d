import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildLocation, buildPlayer, buildTrivia } from '../support/factories';
import { buildKioskSite, chooseAnswers, freshDocument, kioskPlay, phoneHeaders, playerFlowSnapshot, playerProof, registerDevice, type KioskSite, type OfflinePlayInput, type TestTrivia } from '../support/player-flow';

/**
 * Every way a client could put a result in the ranking that was not played, tried with plain
 * HTTP: each is refused, or stored and held for review, and never ranks.
 */
let api: TestApi;
let cc: number;
let company: KioskSite['company'];
let site: KioskSite['site'];
/** 5 questions, rounds of 3. */
let trivia: TestTrivia;
let otherTrivia: TestTrivia;
beforeAll(async () => {
  api = await startTestApi();
  ({ cc, company, site, trivia } = await buildKioskSite(api.dataSource, { siteName: 'Pabellón 1', trivia: { questions: 5, overrides: { questionsPerRound: 3 } } }));
  otherTrivia = await buildTrivia(api.dataSource, company.id, { questions: 3 });
});
afterAll(() => api.close());

/** The first three questions of the trivia, the first `correct` of them right. */
const round = (correct = 3, t = trivia) => chooseAnswers(t, correct).slice(0, 3);

const storedAttempt = async (id: number) => (await api.dataSource.query(`SELECT * FROM player_attempts WHERE id = $1`, [id]))[0];
const attemptByClientId = async (clientId: string) =>
  (await api.dataSource.query(`SELECT * FROM player_attempts WHERE client_id = $1`, [clientId]))[0];
const rankedIds = async (groupId: number) => {
  const res = await api.client().get(`/api/ranking?questionGroupId=${groupId}&includeDuplicates=true`);
  expect(res.status).toBe(200);
  return (res.body as { id: number }[]).map((entry) => entry.id);
};

async function startOnline(body: Record<string, unknown> = {}, groupId = trivia.group.id) {
  const player = await buildPlayer(api.dataSource, { locationId: site.id });
  return api.client().post('/api/player-attempts', { ...playerProof(player), questionGroupId: groupId, ...body }, { headers: await phoneHeaders(api) });
}
/** An online attempt started `secondsAgo` on the server's clock, with the round the server dealt. */
async function playingOnline(secondsAgo = 30) {
  const res = await startOnline();
  expect(res.status).toBe(200);
  await api.dataSource.query(`UPDATE player_attempts SET started_at = now() - make_interval(secs => $2) WHERE id = $1`, [res.body.id, secondsAgo]);
  return res.body as { id: number; token: string; round: { questionIds: number[] } };
}
/** Answers to the round the server dealt, in its order, the first `correct` of them right. */
const dealtAnswers = (attempt: { round: { questionIds: number[] } }, correct = 3, t = trivia) =>
  attempt.round.questionIds.map((questionId, i) => {
    const item = t.items.find((it) => it.question.id === questionId)!;
    return { questionId, answerId: item.answers[i < correct ? 0 : 1]!.id };
  });
const complete = (attempt: { id: number; token: string }, body: Record<string, unknown>) =>
  api.client().patch(`/api/player-attempts/${attempt.id}`, { token: attempt.token, ...body });

const sync = (firstMutationId: number, overrides: Partial<OfflinePlayInput> = {}) => kioskPlay({ cc, site, trivia }, firstMutationId, { answers: round(3), ...overrides });
const statuses = (res: { body: { results: { status: string }[] } }) => res.body.results.map((r) => r.status);

describe('the round is the server\'s', () => {
  it('stores the trivia\'s round size online, whether the client sends it or not', async () => {
    const sent = await startOnline({ totalQuestions: 3 });
    const omitted = await startOnline();
    expect([sent.status, omitted.status]).toEqual([200, 200]);
    expect([sent.body.totalQuestions, omitted.body.totalQuestions]).toEqual([3, 3]);
  });

  it('refuses a short round online with 400 round_size_mismatch and stores nothing', async () => {
    const before = await playerFlowSnapshot(api.dataSource);
    const res = await startOnline({ totalQuestions: 1 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'round_size_mismatch', error: 'La ronda de esta trivia tiene 3 preguntas' });
    expect((await playerFlowSnapshot(api.dataSource)).attempts).toBe(before.attempts);
  });

  it('caps the round at the questions that can be played (with at least one answer)', async () => {
    const capped = await buildTrivia(api.dataSource, company.id, { questions: 2, overrides: { questionsPerRound: 5 } });
    await api.dataSource.query(`INSERT INTO questions (text, group_id) VALUES ('Sin respuestas', $1)`, [capped.group.id]);
    expect((await startOnline({ totalQuestions: 3 }, capped.group.id)).body.code).toBe('round_size_mismatch');
    const res = await startOnline({}, capped.group.id);
    expect(res.body.totalQuestions).toBe(2);
  });

  it('holds a synced short round for review (round_mismatch), scored on the device\'s round, and never ranks it', async () => {
    const device = await registerDevice(api);
    const play = sync(1, { totalQuestions: 1, answers: round(1).slice(0, 1) });
    const res = await device.push(play.mutations);
    expect(statuses(res)).toEqual(['applied', 'applied', 'applied']);
    const attempt = await attemptByClientId(play.attemptClientId);
    expect(attempt).toMatchObject({ total_questions: 1, correct_answers: 1, score: 100, review_status: 'held', review_reason: 'round_mismatch' });
    expect(await rankedIds(trivia.group.id)).not.toContain(attempt.id);
  });

  it('does not let a held attempt give its player another try', async () => {
    const limited = await buildTrivia(api.dataSource, company.id, { questions: 3, overrides: { maxAttempts: 1 } });
    const device = await registerDevice(api);
    const play = sync(1, { questionGroupId: limited.group.id, answers: round(3, limited), completionTime: 0 });
    expect(statuses(await device.push(play.mutations))).toEqual(['applied', 'applied', 'applied']);
    expect((await attemptByClientId(play.attemptClientId)).review_status).toBe('held');
    const playerId = (await attemptByClientId(play.attemptClientId)).player_id;
    const [player] = await api.dataSource.query(`SELECT id, document_type_id AS "documentTypeId", document_number AS "documentNumber" FROM players WHERE id = $1`, [playerId]);
    const again = await api.client().post('/api/player-attempts', { ...playerProof(player), questionGroupId: limited.group.id }, { headers: await phoneHeaders(api) });
    expect(again.status).toBe(403);
    expect(again.body.code).toBe('attempt_limit_reached');
  });
});

describe('a completion answers its whole round', () => {
  const refusals: [string, () => Record<string, unknown>, string][] = [
    ['figures only, no answers', () => ({ score: 100, correctAnswers: 3, completionTime: 30 }), 'round_incomplete'],
    ['a missing answer', () => ({ answers: round(3).slice(0, 2) }), 'round_incomplete'],
    ['a repeated question', () => ({ answers: [...round(3).slice(0, 2), round(3)[0]] }), 'answer_repeated'],
    ['another trivia\'s answer', () => ({ answers: [...round(3).slice(0, 2), { questionId: trivia.items[2]!.question.id, answerId: otherTrivia.items[0]!.answers[0]!.id }] }), 'answer_foreign'],
    ['another trivia\'s question', () => ({ answers: [...round(3).slice(0, 2), chooseAnswers(otherTrivia, 1)[0]] }), 'answer_foreign'],
    ['an answer of another question', () => ({ answers: [...round(3).slice(0, 2), { questionId: trivia.items[2]!.question.id, answerId: trivia.items[0]!.answers[0]!.id }] }), 'answer_mismatched'],
  ];
  for (const [what, body, code] of refusals) {
    it(`refuses ${what} with 400 ${code}, leaves the attempt open and out of the ranking`, async () => {
      const attempt = await playingOnline();
      const before = await storedAttempt(attempt.id);
      const res = await complete(attempt, body());
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
      expect(await storedAttempt(attempt.id)).toEqual(before);
      expect(await rankedIds(trivia.group.id)).not.toContain(attempt.id);
    });
  }

  it('refuses the token of another attempt with 403', async () => {
    const a = await playingOnline();
    const b = await playingOnline();
    const res = await complete({ id: b.id, token: a.token }, { answers: dealtAnswers(b) });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('attempt_token_invalid');
    expect((await storedAttempt(b.id)).completed_at).toBeNull();
  });

  it('refuses a synced completion that skips an answer, keeping it for staff', async () => {
    const device = await registerDevice(api);
    const play = sync(1, { answers: round(3).slice(0, 2), totalQuestions: 3 });
    const res = await device.push(play.mutations);
    expect(res.body.results[2]).toMatchObject({ status: 'rejected', reason: 'Faltan respuestas: el intento tiene 3 preguntas' });
    expect((await attemptByClientId(play.attemptClientId)).completed_at).toBeNull();
  });
});

describe('the time is the server\'s', () => {
  it('times an online round with its own clock: a completionTime of 0 is ignored', async () => {
    const attempt = await playingOnline(30);
    const res = await complete(attempt, { answers: dealtAnswers(attempt), completionTime: 0 });
    expect(res.status).toBe(200);
    expect(res.body.completionTime).toBeGreaterThanOrEqual(30);
    expect(res.body.completionTime).toBeLessThan(35);
    expect(await rankedIds(trivia.group.id)).toContain(attempt.id);
  });

  it('holds an online round completed faster than it can be played (2 s per answer)', async () => {
    const attempt = await playingOnline(0);
    const res = await complete(attempt, { answers: dealtAnswers(attempt) });
    expect(res.status).toBe(200);
    expect(await storedAttempt(attempt.id)).toMatchObject({ review_status: 'held', review_reason: 'implausible_time', score: 100 });
    expect(await rankedIds(trivia.group.id)).not.toContain(attempt.id);
  });

  it('keeps a synced time taken from the device\'s own startedAt and completedAt', async () => {
    const device = await registerDevice(api);
    const play = sync(1, { completionTime: 47 });
    await device.push(play.mutations);
    const attempt = await attemptByClientId(play.attemptClientId);
    expect(attempt).toMatchObject({ completion_time: 47, review_status: 'clean' });
    expect(await rankedIds(trivia.group.id)).toContain(attempt.id);
  });

  it('ranks a synced round at the floor (2·N − 1 s) and holds one under it', async () => {
    const device = await registerDevice(api);
    const atFloor = sync(1, { completionTime: 5 });
    const under = sync(4, { completionTime: 4 });
    expect(statuses(await device.push([...atFloor.mutations, ...under.mutations]))).toEqual(Array(6).fill('applied'));
    expect((await attemptByClientId(atFloor.attemptClientId)).review_status).toBe('clean');
    expect(await attemptByClientId(under.attemptClientId)).toMatchObject({ review_status: 'held', review_reason: 'implausible_time', completion_time: 4 });
  });

  it('ranks a round of a trivia made after its device went silent for longer than OFFLINE_WINDOW_HOURS: the window opens at the trivia\'s creation', async () => {
    const createdAt = new Date(Date.now() - 3600_000);
    const fresh = await buildTrivia(api.dataSource, company.id, { questions: 3, overrides: { createdAt } });
    // Set up 13 h ago and not heard from since (the default window is 12 h).
    const device = await registerDevice(api, api.client(), { agoMs: 13 * 3600_000 });
    const play = sync(1, { questionGroupId: fresh.group.id, answers: round(3, fresh), completedAt: new Date(Date.now() - 20 * 60_000) });
    expect(statuses(await device.push(play.mutations))).toEqual(['applied', 'applied', 'applied']);
    const attempt = await attemptByClientId(play.attemptClientId);
    expect(attempt).toMatchObject({ review_status: 'clean', review_reason: null, completion_time: 60 });
    expect(attempt.window_start.getTime()).toBe(createdAt.getTime());
    expect(await rankedIds(fresh.group.id)).toContain(attempt.id);
  });

  const now = () => new Date();
  const implausible: [string, () => Partial<OfflinePlayInput>, string, (seconds: number) => boolean][] = [
    ['a time of 0', () => ({ completionTime: 0 }), 'implausible_time', (t) => t === 0],
    ['completedAt before startedAt', () => ({ completionTime: 0, startedAt: new Date(Date.now() + 60_000), completedAt: now() }), 'implausible_time', (t) => t === 0],
    ['a completionTime that disagrees with its timestamps', () => ({ completionTime: 60, startedAt: new Date(Date.now() - 600_000), completedAt: now() }), 'implausible_time', (t) => t === 600],
    // Never stored as the future: placed at the push's arrival, its start the device's 60 s before (never 0 s).
    ['a completedAt in the future', () => ({ completionTime: 60, completedAt: new Date(Date.now() + 10 * 60_000) }), 'unanchored_time', (t) => t === 60],
    // Its start would be before the kiosk was set up (two hours ago): no window holds it, so it keeps the device's measure (at most 24 h), held.
    ['a round longer than 24 h', () => ({ completionTime: 90_000, completedAt: now() }), 'unanchored_time', (t) => t === 86_400],
  ];
  for (const [what, overrides, reason, stored] of implausible) {
    it(`stores a synced completion with ${what}, held for review (${reason}) and out of the ranking`, async () => {
      const device = await registerDevice(api);
      const play = sync(1, overrides());
      const res = await device.push(play.mutations);
      expect(statuses(res)).toEqual(['applied', 'applied', 'applied']);
      const attempt = await attemptByClientId(play.attemptClientId);
      expect(attempt).toMatchObject({ review_status: 'held', review_reason: reason, score: 100 });
      expect(stored(attempt.completion_time)).toBe(true);
      expect(attempt.completed_at.getTime()).toBeLessThanOrEqual(Date.now());
      expect(await rankedIds(trivia.group.id)).not.toContain(attempt.id);
    });
  }
});

describe('a site or trivia deleted while a kiosk was offline', () => {
  it('stores the player and the attempt with no site, and the result ranks', async () => {
    const gone = await buildLocation(api.dataSource, company.id, 'Carpa temporal');
    await api.dataSource.query(`DELETE FROM locations WHERE id = $1`, [gone.id]);
    const device = await registerDevice(api);
    const play = sync(1, { locationId: gone.id });
    const res = await device.push(play.mutations);
    expect(statuses(res)).toEqual(['applied', 'applied', 'applied']);
    const [player] = await api.dataSource.query(`SELECT location_id FROM players WHERE id = $1`, [res.body.results[0].id]);
    expect(player.location_id).toBeNull();
    const attempt = await attemptByClientId(play.attemptClientId);
    expect(attempt).toMatchObject({ location_id: null, review_status: 'clean', score: 100 });
    const ranking = await api.client().get(`/api/ranking?questionGroupId=${trivia.group.id}&includeDuplicates=true`);
    expect(ranking.body.find((e: { id: number }) => e.id === attempt.id)).toMatchObject({ location: null, score: 100 });
  });

  it('still refuses an unknown site online with 400', async () => {
    const res = await api.client().post('/api/players', { fullName: 'Ana Ruiz', documentTypeId: cc, documentNumber: freshDocument(), locationId: 999999 });
    expect(res.status).toBe(400);
  });

  it('answers held for the attempt and completion of a deleted trivia and keeps their payloads for staff', async () => {
    const doomed = await buildTrivia(api.dataSource, company.id, { questions: 3 });
    const answers = round(3, doomed);
    await api.dataSource.query(`DELETE FROM question_groups WHERE id = $1`, [doomed.group.id]);
    const device = await registerDevice(api);
    const play = sync(1, { questionGroupId: doomed.group.id, answers });
    const res = await device.push(play.mutations);
    expect(res.status).toBe(200);
    const reason = 'La trivia ya no existe: el resultado se guardó para revisión';
    expect(res.body.results.slice(1)).toEqual([
      { mutationId: 2, status: 'held', reason },
      { mutationId: 3, status: 'held', reason },
    ]);
    expect(res.body.lastMutationId).toBe(3);
    expect(await attemptByClientId(play.attemptClientId)).toBeUndefined();
    const kept = await api.dataSource.query(`SELECT mutation_id, status, payload FROM sync_mutations WHERE device_id = $1 ORDER BY mutation_id`, [device.deviceId]);
    expect(kept.map((k: { status: string }) => k.status)).toEqual(['applied', 'held', 'held']);
    expect(kept[2].payload).toMatchObject({ attemptClientId: play.attemptClientId, answers });

    const resend = await device.push(play.mutations);
    expect(resend.body.results.slice(1).map((r: { status: string }) => r.status)).toEqual(['held', 'held']);

    const admin = await api.adminClient();
    const listed = await admin.get('/api/sync/rejections?status=held&limit=100');
    expect(listed.status).toBe(200);
    const mine = (listed.body as { deviceId: string; mutationId: number; reason: string }[]).filter((r) => r.deviceId === device.deviceId);
    expect(mine.map((r) => [r.mutationId, r.reason])).toEqual([
      [3, reason],
      [2, reason],
    ]);
    const rejected = await admin.get('/api/sync/rejections?limit=5000');
    expect(rejected.body.some((r: { deviceId: string }) => r.deviceId === device.deviceId)).toBe(false);
  });
});
