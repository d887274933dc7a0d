import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_REASON_LABELS } from '../../contract';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildPlayer } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { buildKioskSite, chooseAnswers, deviceHeaders, freshDocument, offlinePlay, phoneHeaders, playerProof, type KioskSite } from '../support/player-flow';

/**
 * The ways a player with a laptop put results in the ranking that were never played, replayed
 * with plain HTTP: each is now held for review (with its reason, listed for the organiser) or
 * refused, and honest devices (a kiosk offline for hours, a phone that loses its signal) still rank.
 */
let api: TestApi;
let admin: TestClient;
let site: KioskSite;
const HOUR = 3600_000;
beforeAll(async () => {
  api = await startTestApi({ DEVICE_RATE_LIMIT: '400' });
  admin = await api.adminClient();
  site = await buildKioskSite(api.dataSource, { siteName: 'Pabellón Azul', trivia: { questions: 5, overrides: { questionsPerRound: 5 } } });
});
afterAll(() => api.close());

const groupId = () => site.trivia.group.id;
const ranking = async (query = '') => (await api.client().get(`/api/ranking?questionGroupId=${groupId()}&includeDuplicates=true&limit=500${query}`)).body as { id: number }[];
const attempt = async (clientId: string) => (await api.dataSource.query(`SELECT * FROM player_attempts WHERE client_id = $1`, [clientId]))[0];
const held = async () => (await admin.get(`/api/player-attempts/held?questionGroupId=${groupId()}&limit=200`)).body as { id: number; reason: string }[];

/** A device as POST /api/devices makes it, now: a phone, or a browser nobody set up. */
async function newDevice() {
  const res = await api.client().post('/api/devices');
  expect(res.status).toBe(201);
  return res.body as { deviceId: string; secret: string };
}
/**
 * A kiosk of the trivia set up `setUpHoursAgo` and last seen with nothing to send `seenHoursAgo`
 * (the trivia made before): the past written into its row, as the server's clock cannot go back.
 */
async function kioskLastSeen(setUpHoursAgo: number, seenHoursAgo: number) {
  const device = await newDevice();
  await api.dataSource.query(
    `UPDATE devices SET created_at = now() - make_interval(hours => $2), kiosk_name = 'Tableta Pabellón Azul', kiosk_setup_at = now() - make_interval(hours => $2), kiosk_question_group_id = $4,
            drained_at = now() - make_interval(hours => $3)
      WHERE id = $1`,
    [device.deviceId, setUpHoursAgo, seenHoursAgo, groupId()],
  );
  await api.dataSource.query(`UPDATE question_groups SET created_at = now() - interval '40 hours' WHERE id = $1`, [groupId()]);
  return device;
}
const push = (device: { deviceId: string; secret: string }, mutations: unknown[], extra: Record<string, unknown> = {}) =>
  api.client().post('/api/sync', { mutations, ...extra }, { headers: deviceHeaders(device) });

/** A full-marks round of a new player, as a laptop forges it: whatever times it likes. */
const forged = (firstMutationId: number, completedAt: Date, seconds = 60) =>
  offlinePlay({
    firstMutationId,
    documentTypeId: site.cc,
    documentNumber: freshDocument(),
    locationId: site.site.id,
    questionGroupId: groupId(),
    answers: chooseAnswers(site.trivia, 5),
    completedAt,
    completionTime: seconds,
  });

describe('results that were never played', () => {
  it('holds a result dated two years or thirty days back (unanchored_time), out of every ranking, listed with its reason', async () => {
    for (const back of [2 * 365 * 24 * HOUR, 30 * 24 * HOUR]) {
      const device = await newDevice();
      const play = forged(1, new Date(Date.now() - back));
      expect((await push(device, play.mutations)).body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied']);
      const stored = await attempt(play.attemptClientId);
      expect(stored).toMatchObject({ review_status: 'held', review_reason: 'unanchored_time', score: 100 });
      // Stored inside the window the server saw, never on the day the laptop chose.
      expect(stored.completed_at.getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect((await ranking()).map((e) => e.id)).not.toContain(stored.id);
      const day = new Date(Date.now() - back).toISOString().slice(0, 10);
      expect((await ranking(`&dateFrom=${day}&dateTo=${day}`)).map((e) => e.id)).not.toContain(stored.id);
      expect((await held()).find((h) => h.id === stored.id)?.reason).toBe('unanchored_time');
    }
    expect(REVIEW_REASON_LABELS.unanchored_time).toBe('Horario que el servidor no puede confirmar');
  });

  it('never stores a completion in the future: one "finished" 59 s ahead is placed at its arrival', async () => {
    const device = await newDevice();
    const play = forged(1, new Date(Date.now() + 59_000));
    await push(device, play.mutations);
    expect((await attempt(play.attemptClientId)).completed_at.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('ranks none of 33 forged players a new phone pushes at once: each stored and held with its reason', async () => {
    const device = await newDevice();
    const plays = Array.from({ length: 33 }, (_, i) => forged(1 + 3 * i, new Date()));
    const res = await push(device, plays.flatMap((p) => p.mutations));
    expect(res.status).toBe(200);
    const rows = await Promise.all(plays.map((p) => attempt(p.attemptClientId)));
    // Every one stored (nothing a player did is lost); at most one ranks, the rest are held with a reason.
    expect(rows).toHaveLength(33);
    const ranked = rows.filter((r) => r.review_status === 'clean');
    expect(ranked.length).toBeLessThanOrEqual(1);
    const reasons = new Set(rows.filter((r) => r.review_status === 'held').map((r) => r.review_reason));
    expect([...reasons].every((r) => ['implausible_time', 'unanchored_time', 'overlapping_round', 'too_many_players'].includes(r))).toBe(true);
  });

  it('holds the rounds of one phone that overlap (overlapping_round), and its fourth player within an hour (too_many_players)', async () => {
    await api.dataSource.query(`UPDATE question_groups SET created_at = now() - interval '3 hours' WHERE id = $1`, [groupId()]);
    const device = await newDevice();
    await api.dataSource.query(`UPDATE devices SET created_at = now() - interval '2 hours' WHERE id = $1`, [device.deviceId]);
    const end = Date.now() - 10 * 60_000;
    const first = forged(1, new Date(end));
    const overlapping = forged(4, new Date(end + 20_000));
    const more = [0, 1, 2].map((i) => forged(7 + 3 * i, new Date(end + (i + 1) * 120_000)));
    await push(device, [...first.mutations, ...overlapping.mutations, ...more.flatMap((p) => p.mutations)]);
    expect((await attempt(first.attemptClientId)).review_status).toBe('clean');
    expect(await attempt(overlapping.attemptClientId)).toMatchObject({ review_status: 'held', review_reason: 'overlapping_round' });
    const reasons = await Promise.all(more.map(async (p) => (await attempt(p.attemptClientId)).review_reason));
    // Three distinct players rank (the overlapping round's does not count); the fourth that would is one too many.
    expect(reasons).toEqual([null, null, 'too_many_players']);
  });

  it('holds the results of a set-up kiosk unseen for longer than OFFLINE_WINDOW_HOURS', async () => {
    const device = await kioskLastSeen(30, 13);
    const play = forged(1, new Date(Date.now() - 12.5 * HOUR));
    await push(device, play.mutations);
    expect(await attempt(play.attemptClientId)).toMatchObject({ review_status: 'held', review_reason: 'unanchored_time' });
  });

  it('limits new devices per address (DEVICE_RATE_LIMIT) with a 429 in the contract shape', async () => {
    const limited = await startTestApi({ DEVICE_RATE_LIMIT: '2' });
    try {
      expect((await limited.client().post('/api/devices')).status).toBe(201);
      expect((await limited.client().post('/api/devices')).status).toBe(201);
      const third = await limited.client().post('/api/devices');
      expect(third.status).toBe(429);
      expect(third.body.code).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });
});

describe('the answer key and the round', () => {
  it('keeps the key out of every anonymous read', async () => {
    for (const path of [`/api/questions/${groupId()}/all-answers`, `/api/play/${groupId()}/bundle`]) {
      const res = await api.client().get(path);
      expect(res.status).toBe(200);
      expect(res.text).not.toContain('isCorrect');
    }
  });

  it('records the round it deals online: answers to other questions are refused, a verdict is final', async () => {
    await api.dataSource.query(`UPDATE question_groups SET questions_per_round = 3 WHERE id = $1`, [groupId()]);
    try {
      const player = await buildPlayer(api.dataSource, { locationId: site.site.id });
      const start = await api.client().post('/api/player-attempts', { ...playerProof(player), questionGroupId: groupId(), clientId: randomUUID() }, { headers: await phoneHeaders(api) });
      expect(start.status).toBe(200);
      const { id, token, round } = start.body as { id: number; token: string; round: { questionIds: number[]; answerOrder: Record<string, number[]> } };
      expect(round.questionIds).toHaveLength(3);
      expect((await attempt(start.body.clientId)).question_ids).toEqual(round.questionIds);

      const answerOf = (questionId: number, right: boolean) => site.trivia.items.find((i) => i.question.id === questionId)!.answers[right ? 0 : 1]!.id;
      const [q1] = round.questionIds;
      const verdict = await api.client().post(`/api/player-attempts/${id}/answers`, { token, questionId: q1, answerId: answerOf(q1!, false), elapsedMs: 1800 });
      expect(verdict.body).toEqual({ questionId: q1, answerId: answerOf(q1!, false), correct: false, correctAnswerId: answerOf(q1!, true), correctAnswerIds: [answerOf(q1!, true)] });
      const changed = await api.client().post(`/api/player-attempts/${id}/answers`, { token, questionId: q1, answerId: answerOf(q1!, true) });
      expect(changed.status).toBe(409);
      expect(changed.body.code).toBe('answer_changed');

      const notDealt = site.trivia.items.map((i) => i.question.id).filter((q) => !round.questionIds.includes(q));
      const others = await api.client().patch(`/api/player-attempts/${id}`, { token, answers: notDealt.slice(0, 3).map((q) => ({ questionId: q, answerId: answerOf(q, true) })) });
      expect(others.status).toBe(400);
      const keepsChange = await api.client().patch(`/api/player-attempts/${id}`, { token, answers: round.questionIds.map((q) => ({ questionId: q, answerId: answerOf(q, true) })) });
      expect(keepsChange.status).toBe(409);
      expect(keepsChange.body.code).toBe('answer_changed');
    } finally {
      await api.dataSource.query(`UPDATE question_groups SET questions_per_round = 5 WHERE id = $1`, [groupId()]);
    }
  });
});

describe('honest devices are never held', () => {
  it('a kiosk offline for 8 hours playing 200 rounds, its outbox sent in pushes of 50: every result ranks, once', async () => {
    const device = await kioskLastSeen(9, 8);
    const start = Date.now() - 8 * HOUR + 60_000;
    const plays = Array.from({ length: 200 }, (_, i) => forged(1 + 3 * i, new Date(start + i * 140_000 + 60_000)));
    const mutations = plays.flatMap((p) => p.mutations);
    for (let from = 0; from < mutations.length; from += 50) {
      const batch = mutations.slice(from, from + 50);
      const res = await push(device, batch, { sentAt: new Date().toISOString(), more: from + 50 < mutations.length });
      expect(res.status).toBe(200);
    }
    const rows = await Promise.all(plays.map((p) => attempt(p.attemptClientId)));
    expect(rows.filter((r) => r.review_status !== 'clean')).toEqual([]);
    const ids = new Set((await ranking()).map((e) => e.id));
    expect(rows.every((r) => ids.has(r.id))).toBe(true);
  });

  it('a phone that loses its signal mid-round: the round the server dealt ranks when its completion arrives later', async () => {
    const device = await newDevice();
    const player = await buildPlayer(api.dataSource, { locationId: site.site.id });
    const clientId = randomUUID();
    const start = await api.client().post('/api/player-attempts', { ...playerProof(player), questionGroupId: groupId(), clientId }, { headers: deviceHeaders(device) });
    const { token, round } = start.body as { token: string; round: { questionIds: number[] } };
    const right = (q: number) => site.trivia.items.find((i) => i.question.id === q)!.answers[0]!.id;
    for (const q of round.questionIds.slice(0, 2)) {
      expect((await api.client().post(`/api/player-attempts/${clientId}/answers`, { token, questionId: q, answerId: right(q) })).body.correct).toBe(true);
    }
    // Offline for the rest of the round, then back: the completion comes through the outbox.
    await api.dataSource.query(`UPDATE player_attempts SET started_at = started_at - interval '40 seconds', window_start = window_start - interval '40 seconds' WHERE client_id = $1`, [clientId]);
    const completion = {
      mutationId: 1,
      kind: 'completion',
      payload: { attemptClientId: clientId, answers: round.questionIds.map((q) => ({ questionId: q, answerId: right(q), elapsedMs: 4000 })), completionTime: 40, completedAt: new Date().toISOString() },
    };
    const res = await push(device, [completion], { sentAt: new Date().toISOString() });
    expect(res.body.results[0]).toMatchObject({ status: 'applied', result: { score: 100, correctAnswers: 5, totalQuestions: 5, held: false } });
    const stored = await attempt(clientId);
    expect(stored.review_status).toBe('clean');
    expect(stored.answers.map((a: { elapsedMs?: number }) => a.elapsedMs)).toEqual([4000, 4000, 4000, 4000, 4000]);
    expect((await ranking()).map((e) => e.id)).toContain(stored.id);
  });
});
