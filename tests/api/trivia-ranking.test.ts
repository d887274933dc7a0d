import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildLocation, buildPlayer, buildTrivia } from '../support/factories';
import { refreshPlayerStandings } from '../../api/standings/refresh';
import { triviaDayOrder } from '../../api/results/ranking/from-day-standings';
import { triviaRankingRequest } from '../../api/results/ranking/trivia-ranking';

let api: TestApi;
let companyId: number;
beforeAll(async () => {
  api = await startTestApi();
  companyId = (await buildCompany(api.dataSource)).id;
});
afterAll(() => api.close());

interface AttemptSpec {
  playerId: number;
  score: number;
  time: number | null;
  at: string;
  locationId?: number | null;
  overLimit?: boolean;
  completed?: boolean;
}

/** Stores attempts as they would be after completion (the ranking only reads them). */
async function insertAttempts(groupId: number, specs: AttemptSpec[]): Promise<number[]> {
  const ids: number[] = [];
  for (const s of specs) {
    const [row] = await api.dataSource.query(
      `INSERT INTO player_attempts (player_id, question_group_id, location_id, score, total_questions, correct_answers, started_at, completed_at, completion_time, token_hash, review_status, review_reason)
       VALUES ($1, $2, $3, $4, 10, $4 / 10, $5::timestamptz - interval '5 minutes', $6, $7, repeat('0', 64), CASE WHEN $8 THEN 'held' ELSE 'clean' END, CASE WHEN $8 THEN 'over_limit' END) RETURNING id`,
      [s.playerId, groupId, s.locationId ?? null, s.score, s.at, s.completed === false ? null : s.at, s.completed === false ? null : s.time, s.overLimit ?? false],
    );
    ids.push(row.id);
    // Written around the application: its standings are brought up to date as a completion would.
    await refreshPlayerStandings(api.dataSource.manager, s.playerId, groupId);
  }
  return ids;
}

/** A new trivia played by seven players, each 10 points below the one before from `topScore`: their attempts in ranking order. */
async function sevenRankedPlayers(topScore: number) {
  const { group } = await buildTrivia(api.dataSource, companyId, { questions: 1 });
  const players = await Promise.all(Array.from({ length: 7 }, () => buildPlayer(api.dataSource)));
  const attemptIds = await insertAttempts(
    group.id,
    players.map((p, i) => ({ playerId: p.id, score: topScore - i * 10, time: 30, at: '2026-05-01T10:00:00Z' })),
  );
  return { group, attemptIds };
}

const ranking = (query: string) => api.client().get(`/api/ranking?${query}`);
const ids = (body: { id: number }[]) => body.map((e) => e.id);

describe('GET /api/ranking', () => {
  it('never lets an attempt without a time win a tie on score', async () => {
    const { group } = await buildTrivia(api.dataSource, companyId, { questions: 1 });
    const [eva, fede] = await Promise.all([1, 2].map(() => buildPlayer(api.dataSource)));
    // Eva: 80 in 30 s, then a more recent 80 that arrived without a time. Fede: only an untimed 80.
    const [evaTimed] = await insertAttempts(group.id, [
      { playerId: eva!.id, score: 80, time: 30, at: '2026-05-01T10:00:00Z' },
      { playerId: eva!.id, score: 80, time: null, at: '2026-05-01T11:00:00Z' },
    ]);
    const [fedeUntimed] = await insertAttempts(group.id, [{ playerId: fede!.id, score: 80, time: null, at: '2026-05-01T12:00:00Z' }]);
    const res = await ranking(`questionGroupId=${group.id}`);
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([evaTimed, fedeUntimed]);
  });

  it('ranks each player\'s best attempt: higher score, then lower time, then the more recent', async () => {
    const { group } = await buildTrivia(api.dataSource, companyId, { questions: 1 });
    const site = await buildLocation(api.dataSource, companyId, 'Pabellón 1');
    const [ana, beto, carla, dario] = await Promise.all([1, 2, 3, 4].map(() => buildPlayer(api.dataSource)));
    const [anaWorse, anaBest, anaSlower] = await insertAttempts(group.id, [
      { playerId: ana!.id, score: 60, time: 10, at: '2026-05-01T10:00:00Z' },
      { playerId: ana!.id, score: 90, time: 50, at: '2026-05-01T11:00:00Z', locationId: site.id },
      { playerId: ana!.id, score: 90, time: 70, at: '2026-05-01T12:00:00Z' },
    ]);
    const [betoOld, betoRecent] = await insertAttempts(group.id, [
      { playerId: beto!.id, score: 90, time: 50, at: '2026-05-01T09:00:00Z' },
      { playerId: beto!.id, score: 90, time: 50, at: '2026-05-02T09:00:00Z' },
    ]);
    const [carlaBest] = await insertAttempts(group.id, [
      { playerId: carla!.id, score: 100, time: 80, at: '2026-05-01T08:00:00Z' },
      { playerId: carla!.id, score: 100, time: 5, at: '2026-05-01T08:30:00Z', overLimit: true },
      { playerId: carla!.id, score: 100, time: 1, at: '2026-05-01T08:40:00Z', completed: false },
    ]);
    await insertAttempts(group.id, [{ playerId: dario!.id, score: 100, time: 1, at: '2026-05-01T08:00:00Z', completed: false }]);

    const res = await ranking(`questionGroupId=${group.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('3');
    // Ana and Beto tie on score and time: Beto's best is the more recent one, so he goes first.
    expect(ids(res.body)).toEqual([carlaBest, betoRecent, anaBest]);
    expect(res.body[2]).toEqual({
      id: anaBest,
      position: 3,
      playerId: ana!.id,
      firstName: ana!.firstName,
      lastName: ana!.lastName,
      location: { name: 'Pabellón 1' },
      score: 90,
      correctAnswers: 9,
      totalQuestions: 10,
      completionTime: 50,
      completedAt: '2026-05-01T11:00:00.000Z',
    });
    expect(res.body[0].location).toBeNull();

    const all = await ranking(`questionGroupId=${group.id}&includeDuplicates=true`);
    expect(all.headers.get('x-total-count')).toBe('6');
    expect(ids(all.body)).toEqual([carlaBest, betoRecent, anaBest, betoOld, anaSlower, anaWorse]);
    expect(all.body.map((e: { position: number }) => e.position)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('filters by the site where the attempt was played and by completion dates, a plain dateTo covering that whole day', async () => {
    const { group } = await buildTrivia(api.dataSource, companyId, { questions: 1 });
    const north = await buildLocation(api.dataSource, companyId, 'Norte');
    const south = await buildLocation(api.dataSource, companyId, 'Sur');
    const [p1, p2, p3] = await Promise.all([1, 2, 3].map(() => buildPlayer(api.dataSource)));
    const [early, lateOnThe3rd, onThe4th] = await insertAttempts(group.id, [
      { playerId: p1!.id, score: 80, time: 10, at: '2026-05-02T12:00:00Z', locationId: north.id },
      { playerId: p2!.id, score: 70, time: 10, at: '2026-05-03T23:30:00Z', locationId: south.id },
      { playerId: p3!.id, score: 60, time: 10, at: '2026-05-04T00:30:00Z', locationId: north.id },
    ]);
    expect(ids((await ranking(`questionGroupId=${group.id}&locationId=${north.id}`)).body)).toEqual([early, onThe4th]);
    expect(ids((await ranking(`questionGroupId=${group.id}&dateFrom=2026-05-03&dateTo=2026-05-03`)).body)).toEqual([lateOnThe3rd]);
    expect(ids((await ranking(`questionGroupId=${group.id}&dateTo=2026-05-03`)).body)).toEqual([early, lateOnThe3rd]);
    expect(ids((await ranking(`questionGroupId=${group.id}&dateFrom=2026-05-03T23:30:00Z`)).body)).toEqual([lateOnThe3rd, onThe4th]);
    expect(ids((await ranking(`questionGroupId=${group.id}&locationId=all&dateFrom=&dateTo=`)).body)).toHaveLength(3);
  });

  it('ranks a range of days from the day standings: a player who leads on several days is listed once, at their best', async () => {
    const { group } = await buildTrivia(api.dataSource, companyId, { questions: 1 });
    const [ana, beto, caro] = await Promise.all([1, 2, 3].map(() => buildPlayer(api.dataSource)));
    const anaDays = await insertAttempts(
      group.id,
      ['2026-05-01', '2026-05-02', '2026-05-03'].map((day) => ({ playerId: ana!.id, score: 100, time: 30, at: `${day}T12:00:00Z` })),
    );
    const [beto2nd, caro3rd] = await insertAttempts(group.id, [
      { playerId: beto!.id, score: 90, time: 30, at: '2026-05-02T12:00:00Z' },
      { playerId: caro!.id, score: 80, time: 30, at: '2026-05-03T12:00:00Z' },
    ]);
    const res = await ranking(`questionGroupId=${group.id}&dateFrom=2026-05-01&dateTo=2026-05-03`);
    // Ana's three days tie on score and time: the most recent counts.
    expect(ids(res.body)).toEqual([anaDays[2], beto2nd, caro3rd]);
    expect(res.headers.get('x-total-count')).toBe('3');
    // Two rows walk three day rows first (all Ana's), then further.
    const request = await triviaRankingRequest(api.dataSource.manager, { questionGroupId: group.id, includeDuplicates: false, dateFrom: '2026-05-01', dateTo: '2026-05-03' });
    const head = await triviaDayOrder(api.dataSource.manager, request, 2);
    expect({ ids: Array.from(head.ids), total: head.total }).toEqual({ ids: [anaDays[2], beto2nd], total: 3 });
  });

  it('pages with limit and offset, absolute positions and the full count in X-Total-Count', async () => {
    const { group, attemptIds } = await sevenRankedPlayers(100);
    const page = await ranking(`questionGroupId=${group.id}&limit=3&offset=3`);
    expect(page.headers.get('x-total-count')).toBe('7');
    expect(ids(page.body)).toEqual(attemptIds.slice(3, 6));
    expect(page.body.map((e: { position: number }) => e.position)).toEqual([4, 5, 6]);
    const past = await ranking(`questionGroupId=${group.id}&limit=3&offset=30`);
    expect(past.body).toEqual([]);
    expect(past.headers.get('x-total-count')).toBe('7');
    expect((await ranking(`questionGroupId=${group.id}&limit=5001`)).status).toBe(400);
  });

  it("lists a later page as a slice of its first page's order after a new result moved the ranking, and a new first page with it", async () => {
    const { group, attemptIds } = await sevenRankedPlayers(90);
    expect(ids((await ranking(`questionGroupId=${group.id}&limit=3`)).body)).toEqual(attemptIds.slice(0, 3));
    // A new best result: the standings' order now lists everybody one place lower.
    const [best] = await insertAttempts(group.id, [{ playerId: (await buildPlayer(api.dataSource)).id, score: 100, time: 20, at: '2026-05-01T11:00:00Z' }]);
    const next = await ranking(`questionGroupId=${group.id}&limit=3&offset=3`);
    expect(ids(next.body)).toEqual(attemptIds.slice(3, 6));
    expect(next.body.map((e: { position: number }) => e.position)).toEqual([4, 5, 6]);
    expect(next.headers.get('x-total-count')).toBe('7');
    const first = await ranking(`questionGroupId=${group.id}&limit=3`);
    expect(ids(first.body)).toEqual([best, ...attemptIds.slice(0, 2)]);
    expect(first.headers.get('x-total-count')).toBe('8');
  });

  it('writes completedAt in ISO 8601 UTC with milliseconds, read from the standings and recomputed', async () => {
    const { group } = await buildTrivia(api.dataSource, companyId, { questions: 1 });
    await insertAttempts(group.id, [{ playerId: (await buildPlayer(api.dataSource)).id, score: 70, time: 30, at: '2026-05-01T07:08:09.123456-03:00' }]);
    for (const query of [`questionGroupId=${group.id}`, `questionGroupId=${group.id}&includeDuplicates=true`]) {
      expect((await ranking(query)).body.map((e: { completedAt: string }) => e.completedAt)).toEqual(['2026-05-01T10:08:09.123Z']);
    }
  });

  it('is 400 with an error for a missing or malformed questionGroupId', async () => {
    for (const query of ['', 'questionGroupId=abc', 'questionGroupId=-3']) {
      const res = await ranking(query);
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
      expect(res.body.issues[0].path).toBe('questionGroupId');
    }
  });
});
