import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignRankingEntry, SelectionMode } from '../../contract';
import { startTestApi, type TestApi } from '../support/api-server';
import type { TestClient } from '../support/http-client';
import { buildCompany, buildLocation, buildPlayer, buildTrivia } from '../support/factories';
import { refreshPlayerStandings } from '../../api/standings/refresh';

/**
 * A campaign of two trivias (weights 2 and 1, two attempts per trivia, 1 to 3 May 2026) and a
 * crafted set of attempts. Every expected figure below is worked out by hand from this table.
 *
 *   player  trivia  score  correct  time  completed (local)  site   note
 *   Ana     T1      60     6        30    01/05 12:00        Norte
 *   Ana     T1      90     9        50    02/05 12:00        Norte
 *   Ana     T1      100    10       10    02/05 13:00        Norte  3rd attempt: over the campaign's 2
 *   Ana     T2      80     8        40    01/05 13:00        Sur
 *   Beto    T1      100    10       5     30/04 12:00        Sur    before the period
 *   Beto    T1      70     7        20    01/05 14:00        Sur
 *   Beto    T1      55     5        10    03/05 12:00        Sur
 *   Beto    T2      100    10       30    02/05 14:00        Norte  over the trivia's limit (offline)
 *   Beto    T2      90     9        60    02/05 15:00        Norte
 *   Beto    T2      60     6        20    04/05 12:00        Norte  after the period
 *   Carla   T1      80     8        40    02/05 12:00        Norte
 *   Carla   T2      70     7        30    02/05 12:30        Norte  (plus an unfinished attempt)
 *   Darío   T1      100    10       5     05/05 12:00        Norte  after the period
 *   Darío   T3      100    10       5     02/05 12:00        Norte  T3 is not in the campaign
 */
let api: TestApi;
let admin: TestClient;
let campaignId: number;
let t1: number;
let t2: number;
let t3: number;
let norte: number;
let sur: number;
let companyId: number;
const players: Record<'ana' | 'beto' | 'carla' | 'dario', { id: number; firstName: string; lastName: string }> = {} as never;

/** A local time in May 2026 (the ranking's days are the server's days). */
const may = (day: number, hour: number, minute = 0) => new Date(2026, 4, day, hour, minute);
const april30 = new Date(2026, 3, 30, 12);

async function insertAttempt(a: {
  player: number;
  trivia: number;
  score: number;
  correct: number;
  time: number | null;
  at: Date;
  site: number;
  overLimit?: boolean;
  completed?: boolean;
}) {
  const completed = a.completed ?? true;
  await api.dataSource.query(
    `INSERT INTO player_attempts (player_id, question_group_id, location_id, score, total_questions, correct_answers,
                                  started_at, completed_at, completion_time, token_hash, review_status, review_reason)
     VALUES ($1, $2, $3, $4, 10, $5, $6::timestamptz - interval '5 minutes', $7, $8, repeat('0', 64),
             CASE WHEN $9 THEN 'held' ELSE 'clean' END, CASE WHEN $9 THEN 'over_limit' END)`,
    [a.player, a.trivia, a.site, a.score, a.correct, a.at, completed ? a.at : null, completed ? a.time : null, a.overLimit ?? false],
  );
  // Written around the application: its standings are brought up to date as a completion would.
  await refreshPlayerStandings(api.dataSource.manager, a.player, a.trivia);
}

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  const company = await buildCompany(api.dataSource, { name: 'Ferias Andinas' });
  companyId = company.id;
  norte = (await buildLocation(api.dataSource, company.id, 'Norte')).id;
  sur = (await buildLocation(api.dataSource, company.id, 'Sur')).id;
  t1 = (await buildTrivia(api.dataSource, company.id, { questions: 1, overrides: { name: 'Historia' } })).group.id;
  t2 = (await buildTrivia(api.dataSource, company.id, { questions: 1, overrides: { name: 'Ciencia' } })).group.id;
  t3 = (await buildTrivia(api.dataSource, company.id, { questions: 1, overrides: { name: 'Fuera' } })).group.id;
  for (const [key, firstName, lastName] of [
    ['ana', 'Ana', 'Ríos'],
    ['beto', 'Beto', 'Paz'],
    ['carla', 'Carla', '=1+1'],
    ['dario', 'Darío', 'Gil'],
  ] as const) {
    players[key] = await buildPlayer(api.dataSource, { firstName, lastName, fullName: `${firstName} ${lastName}` });
  }
  const { ana, beto, carla, dario } = players;
  const rows = [
    { player: ana.id, trivia: t1, score: 60, correct: 6, time: 30, at: may(1, 12), site: norte },
    { player: ana.id, trivia: t1, score: 90, correct: 9, time: 50, at: may(2, 12), site: norte },
    { player: ana.id, trivia: t1, score: 100, correct: 10, time: 10, at: may(2, 13), site: norte },
    { player: ana.id, trivia: t2, score: 80, correct: 8, time: 40, at: may(1, 13), site: sur },
    { player: beto.id, trivia: t1, score: 100, correct: 10, time: 5, at: april30, site: sur },
    { player: beto.id, trivia: t1, score: 70, correct: 7, time: 20, at: may(1, 14), site: sur },
    { player: beto.id, trivia: t1, score: 55, correct: 5, time: 10, at: may(3, 12), site: sur },
    { player: beto.id, trivia: t2, score: 100, correct: 10, time: 30, at: may(2, 14), site: norte, overLimit: true },
    { player: beto.id, trivia: t2, score: 90, correct: 9, time: 60, at: may(2, 15), site: norte },
    { player: beto.id, trivia: t2, score: 60, correct: 6, time: 20, at: may(4, 12), site: norte },
    { player: carla.id, trivia: t1, score: 80, correct: 8, time: 40, at: may(2, 12), site: norte },
    { player: carla.id, trivia: t2, score: 70, correct: 7, time: 30, at: may(2, 12, 30), site: norte },
    { player: carla.id, trivia: t2, score: 100, correct: 10, time: 1, at: may(2, 12, 40), site: norte, completed: false },
    { player: dario.id, trivia: t1, score: 100, correct: 10, time: 5, at: may(5, 12), site: norte },
    { player: dario.id, trivia: t3, score: 100, correct: 10, time: 5, at: may(2, 12), site: norte },
  ];
  for (const row of rows) await insertAttempt(row);

  const created = await admin.post('/api/campaigns', campaignBody('best', 2));
  expect(created.status).toBe(201);
  campaignId = created.body.id;
  expect((await admin.post('/api/campaign-question-groups', { campaignId, questionGroupId: t1, weight: 2 })).status).toBe(201);
  expect((await admin.post('/api/campaign-question-groups', { campaignId, questionGroupId: t2, weight: 1 })).status).toBe(201);

  function campaignBody(mode: SelectionMode, maxAttemptsPerTrivia: number) {
    return {
      name: 'Copa de Mayo',
      description: null,
      companyId: company.id,
      startDate: '2026-05-01',
      endDate: '2026-05-03',
      maxAttemptsPerTrivia,
      attemptSelectionMode: mode,
    };
  }
  useMode = async (mode, maxAttemptsPerTrivia = 2) => {
    const res = await admin.patch(`/api/campaigns/${campaignId}`, campaignBody(mode, maxAttemptsPerTrivia));
    expect(res.status).toBe(200);
  };
});
afterAll(() => api.close());

let useMode: (mode: SelectionMode, maxAttemptsPerTrivia?: number) => Promise<void>;

const ranking = (query = '') => admin.get<CampaignRankingEntry[]>(`/api/campaigns/${campaignId}/ranking${query}`);

/** The figures a reader of the ranking compares: who, in which order, with what totals. */
const summary = (entries: CampaignRankingEntry[]) =>
  entries.map((e) => ({ name: e.firstName, total: e.totalScore, correct: e.totalCorrectAnswers, time: e.averageCompletionTime }));

describe('campaign ranking by selection mode', () => {
  it('best: each trivia\'s best of the first two attempts in the period, times its weight', async () => {
    await useMode('best');
    const res = await ranking();
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('3');
    // Ana: T1 best of (60, 90) = 90 (the 100 is her third) → 90×2 + T2 80×1 = 260; time (50+40)/2.
    // Carla: 80×2 + 70 = 230, time (40+30)/2 = 35. Beto: T1 best of (70, 55) = 70 (the 100 is before
    // the period) → 140 + T2 90 (the over-limit 100 never counts) = 230, time (20+60)/2 = 40.
    expect(summary(res.body)).toEqual([
      { name: 'Ana', total: 260, correct: 17, time: 45 },
      { name: 'Carla', total: 230, correct: 15, time: 35 },
      { name: 'Beto', total: 230, correct: 16, time: 40 },
    ]);
    const [ana, carla, beto] = res.body;
    expect(ana).toEqual({
      position: 1,
      playerId: players.ana.id,
      firstName: 'Ana',
      lastName: 'Ríos',
      location: { name: 'Norte' },
      totalScore: 260,
      totalCorrectAnswers: 17,
      averageCompletionTime: 45,
      bestScores: { [t1]: 90, [t2]: 80 },
      attemptsCount: { [t1]: 2, [t2]: 1 },
    });
    expect(carla!.position).toBe(2);
    expect(beto).toMatchObject({ position: 3, bestScores: { [t1]: 70, [t2]: 90 }, attemptsCount: { [t1]: 2, [t2]: 1 } });
  });

  it('first: each trivia\'s first attempt in the period', async () => {
    await useMode('first');
    const res = await ranking();
    // Ana: 60×2 + 80 = 200, time (30+40)/2 = 35. Beto: 70×2 + 90 = 230, time 40. Carla: 230, time 35.
    expect(summary(res.body)).toEqual([
      { name: 'Carla', total: 230, correct: 15, time: 35 },
      { name: 'Beto', total: 230, correct: 16, time: 40 },
      { name: 'Ana', total: 200, correct: 14, time: 35 },
    ]);
    // The attempts that placed her are her first ones: T1 at Norte (1 May 12:00), then T2 at Sur
    // (1 May 13:00); the more recent of them is at Sur (her later T1 at Norte placed nothing).
    expect(res.body[2]!.location).toEqual({ name: 'Sur' });
  });

  it('last: the last attempt that still counts, never one over the campaign\'s limit', async () => {
    await useMode('last');
    const res = await ranking();
    // Ana: T1's last counted is her 2nd (90), not the 3rd (100) → 260. Beto: 55×2 + 90 = 200, time (10+60)/2.
    expect(summary(res.body)).toEqual([
      { name: 'Ana', total: 260, correct: 17, time: 45 },
      { name: 'Carla', total: 230, correct: 15, time: 35 },
      { name: 'Beto', total: 200, correct: 14, time: 35 },
    ]);
    expect(res.body[2]!.bestScores).toEqual({ [t1]: 55, [t2]: 90 });
  });

  it('average: mean score and time of the counted attempts, correct answers as a rounded mean', async () => {
    await useMode('average');
    const res = await ranking();
    // Ana: T1 mean(60, 90) = 75 → 150 + 80 = 230; correct round(7.5) + 8 = 16; time (mean(30, 50) + 40)/2 = 40.
    // Beto: T1 mean(70, 55) = 62.5 → 125 + 90 = 215; correct round(6) + 9 = 15; time (mean(20, 10) + 60)/2 = 37.5.
    expect(summary(res.body)).toEqual([
      { name: 'Carla', total: 230, correct: 15, time: 35 },
      { name: 'Ana', total: 230, correct: 16, time: 40 },
      { name: 'Beto', total: 215, correct: 15, time: 37.5 },
    ]);
    expect(res.body[2]!.bestScores).toEqual({ [t1]: 62.5, [t2]: 90 });
    expect(res.body[1]!.attemptsCount).toEqual({ [t1]: 2, [t2]: 1 });
  });
});

describe('campaign ranking filters', () => {
  it('a site counts only the attempts played there', async () => {
    await useMode('best');
    const res = await ranking(`?locationId=${norte}`);
    // Ana: T1 at Norte 90 (her T2 was at Sur) → 180. Beto: only T2 at Norte → 90. Carla: all at Norte.
    expect(summary(res.body)).toEqual([
      { name: 'Carla', total: 230, correct: 15, time: 35 },
      { name: 'Ana', total: 180, correct: 9, time: 50 },
      { name: 'Beto', total: 90, correct: 9, time: 60 },
    ]);
    expect(res.body.every((e) => e.location?.name === 'Norte')).toBe(true);
  });

  it('dates narrow the period, and the attempt limit counts from the first attempt inside them', async () => {
    await useMode('best');
    const res = await ranking('?dateFrom=2026-05-02&dateTo=2026-05-02');
    // On 2 May Ana's T1 attempts are 90 then 100: both are among the first two of that day → 100×2.
    expect(summary(res.body)).toEqual([
      { name: 'Carla', total: 230, correct: 15, time: 35 },
      { name: 'Ana', total: 200, correct: 10, time: 10 },
      { name: 'Beto', total: 90, correct: 9, time: 60 },
    ]);
  });

  it('a site under first, last and average: each mode picks among the attempts played there', async () => {
    // At Norte: Ana's T1 attempts 60 (30 s), 90 (50 s), 100 (her third, not counted); her T2 was at
    // Sur. Beto has only T2 there: the over-limit 100 never counts, the 60 is after the period → 90 (60 s).
    // Carla played everything at Norte: 80×2 + 70 = 230, 15 correct, (40+30)/2 = 35 s, in every mode.
    await useMode('first');
    // Ana: first T1 60×2 = 120, 6 correct, 30 s.
    expect(summary((await ranking(`?locationId=${norte}`)).body)).toEqual([
      { name: 'Carla', total: 230, correct: 15, time: 35 },
      { name: 'Ana', total: 120, correct: 6, time: 30 },
      { name: 'Beto', total: 90, correct: 9, time: 60 },
    ]);
    await useMode('last');
    // Ana: last counted T1 is her second, 90×2 = 180, 9 correct, 50 s.
    expect(summary((await ranking(`?locationId=${norte}`)).body)).toEqual([
      { name: 'Carla', total: 230, correct: 15, time: 35 },
      { name: 'Ana', total: 180, correct: 9, time: 50 },
      { name: 'Beto', total: 90, correct: 9, time: 60 },
    ]);
    await useMode('average');
    // Ana: T1 mean(60, 90) = 75 → 150; correct round(7.5) = 8; time mean(30, 50) = 40.
    expect(summary((await ranking(`?locationId=${norte}`)).body)).toEqual([
      { name: 'Carla', total: 230, correct: 15, time: 35 },
      { name: 'Ana', total: 150, correct: 8, time: 40 },
      { name: 'Beto', total: 90, correct: 9, time: 60 },
    ]);
  });

  it('a day under first, last and average: the attempt limit counts from that day\'s first attempt', async () => {
    // On 2 May: Ana's T1 90 (50 s) then 100 (10 s), both among the first two of the day; no T2.
    // Beto: only T2 90 (60 s) (the over-limit 100 never counts). Carla: both trivias → 230, 15, 35 s.
    const day = '?dateFrom=2026-05-02&dateTo=2026-05-02';
    await useMode('first');
    // Ana: 90×2 = 180, 9 correct, 50 s.
    expect(summary((await ranking(day)).body)).toEqual([
      { name: 'Carla', total: 230, correct: 15, time: 35 },
      { name: 'Ana', total: 180, correct: 9, time: 50 },
      { name: 'Beto', total: 90, correct: 9, time: 60 },
    ]);
    await useMode('last');
    // Ana: 100×2 = 200, 10 correct, 10 s (outside the filter the 100 was her third and never counted).
    expect(summary((await ranking(day)).body)).toEqual([
      { name: 'Carla', total: 230, correct: 15, time: 35 },
      { name: 'Ana', total: 200, correct: 10, time: 10 },
      { name: 'Beto', total: 90, correct: 9, time: 60 },
    ]);
    await useMode('average');
    // Ana: mean(90, 100) = 95 → 190; correct round(9.5) = 10; time mean(50, 10) = 30.
    expect(summary((await ranking(day)).body)).toEqual([
      { name: 'Carla', total: 230, correct: 15, time: 35 },
      { name: 'Ana', total: 190, correct: 10, time: 30 },
      { name: 'Beto', total: 90, correct: 9, time: 60 },
    ]);
  });

  it('a site and a day together count only what was played there on that day', async () => {
    await useMode('best');
    // At Sur on 1 May: Beto's T1 70 (20 s) → 140 (his T1 100 at Sur was on 30 April, his 55 on 3 May);
    // Ana's T2 80 (40 s) → 80 (her T1 that day was at Norte). Carla played only at Norte on 2 May.
    const res = await ranking(`?locationId=${sur}&dateFrom=2026-05-01&dateTo=2026-05-01`);
    expect(summary(res.body)).toEqual([
      { name: 'Beto', total: 140, correct: 7, time: 20 },
      { name: 'Ana', total: 80, correct: 8, time: 40 },
    ]);
    expect(res.body.map((e) => e.location?.name)).toEqual(['Sur', 'Sur']);
    expect(res.headers.get('x-total-count')).toBe('2');
  });

  it('an over-limit attempt inside the first N never counts and takes none of the N places', async () => {
    // One attempt per trivia, the first. Beto's first T2 attempt in the period is the over-limit 100
    // (2 May 14:00); it is left out as if never played, so his one place goes to the 90 at 15:00.
    await useMode('first', 1);
    const res = await ranking();
    // Carla: 80×2 + 70 = 230, 35 s. Beto: T1 70×2 + T2 90 = 230, 16 correct, (20+60)/2 = 40 s.
    // Ana: T1 60×2 + T2 80 = 200, 14 correct, (30+40)/2 = 35 s.
    expect(summary(res.body)).toEqual([
      { name: 'Carla', total: 230, correct: 15, time: 35 },
      { name: 'Beto', total: 230, correct: 16, time: 40 },
      { name: 'Ana', total: 200, correct: 14, time: 35 },
    ]);
    expect(res.body[1]).toMatchObject({ bestScores: { [t1]: 70, [t2]: 90 }, attemptsCount: { [t1]: 1, [t2]: 1 } });
    await useMode('best');
  });

  it('filter dates outside the campaign period never widen it', async () => {
    await useMode('best');
    const res = await ranking('?dateFrom=2026-04-01&dateTo=2026-05-31');
    expect(summary(res.body)).toEqual(summary((await ranking()).body));
  });

  it('pages with absolute positions and the full count', async () => {
    await useMode('best');
    const page = await ranking('?limit=1&offset=1');
    expect(page.headers.get('x-total-count')).toBe('3');
    expect(page.body.map((e) => [e.position, e.firstName])).toEqual([[2, 'Carla']]);
    const past = await ranking('?limit=5&offset=10');
    expect(past.body).toEqual([]);
    expect(past.headers.get('x-total-count')).toBe('3');
  });

  it('a bad filter is a 400 in the error shape', async () => {
    const res = await admin.get(`/api/campaigns/${campaignId}/ranking?dateFrom=mayo`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBeTruthy();
  });
});

describe('the site of an entry', () => {
  it('is where the attempt that placed the player was played: the most recent of the attempts the mode selected', async () => {
    await useMode('best');
    const beto = (await ranking()).body.find((e) => e.firstName === 'Beto')!;
    // Best picks his T1 70 (1 May, Sur) and T2 90 (2 May, Norte): the more recent is at Norte,
    // though he played T1 again on 3 May at Sur (a lower score that placed nothing).
    expect(beto.bestScores).toEqual({ [t1]: 70, [t2]: 90 });
    expect(beto.location).toEqual({ name: 'Norte' });
    // First picks the same two; last picks his T1 55 of 3 May at Sur; average selects every counted attempt, the latest at Sur.
    for (const [mode, site] of [
      ['first', 'Norte'],
      ['last', 'Sur'],
      ['average', 'Sur'],
    ] as const) {
      await useMode(mode);
      expect((await ranking()).body.find((e) => e.firstName === 'Beto')!.location, mode).toEqual({ name: site });
    }
    await useMode('best');
  });
});

describe('campaign ranking of one trivia (questionGroupId)', () => {
  it('ranks the players with a score for that trivia by it, then by its time, with paging and the full count', async () => {
    await useMode('best');
    // T1 selected scores: Ana 90, Carla 80, Beto 70. T2: Beto 90, Ana 80, Carla 70.
    const byT1 = await ranking(`?questionGroupId=${t1}`);
    expect(byT1.body.map((e) => [e.position, e.firstName, e.bestScores[t1]])).toEqual([
      [1, 'Ana', 90],
      [2, 'Carla', 80],
      [3, 'Beto', 70],
    ]);
    const byT2 = await ranking(`?questionGroupId=${t2}`);
    expect(byT2.body.map((e) => [e.position, e.firstName, e.bestScores[t2]])).toEqual([
      [1, 'Beto', 90],
      [2, 'Ana', 80],
      [3, 'Carla', 70],
    ]);
    // Each row still carries the player's campaign totals (Beto: 70×2 + 90).
    expect(byT2.body[0]).toMatchObject({ totalScore: 230, attemptsCount: { [t1]: 2, [t2]: 1 } });

    const page = await ranking(`?questionGroupId=${t2}&limit=1&offset=1`);
    expect(page.body.map((e) => [e.position, e.firstName])).toEqual([[2, 'Ana']]);
    expect(page.headers.get('x-total-count')).toBe('3');
  });

  it('leaves out players without a counted attempt at that trivia under the filters', async () => {
    await useMode('best');
    // At Norte Ana never played T2 (hers was at Sur): only Beto and Carla rank for it.
    const res = await ranking(`?questionGroupId=${t2}&locationId=${norte}`);
    expect(res.body.map((e) => e.firstName)).toEqual(['Beto', 'Carla']);
    expect(res.headers.get('x-total-count')).toBe('2');
  });

  it('ranks by the score the campaign\'s mode selected for that trivia', async () => {
    await useMode('last');
    // Last counted T1: Ana 90 (her 2nd), Carla 80, Beto 55 (his 2nd).
    // Average mode: T1 Ana mean(60, 90) = 75, Carla 80, Beto mean(70, 55) = 62.5 → Carla, Ana, Beto.
    expect((await ranking(`?questionGroupId=${t1}`)).body.map((e) => e.firstName)).toEqual(['Ana', 'Carla', 'Beto']);
    await useMode('average');
    expect((await ranking(`?questionGroupId=${t1}`)).body.map((e) => [e.firstName, e.bestScores[t1]])).toEqual([
      ['Carla', 80],
      ['Ana', 75],
      ['Beto', 62.5],
    ]);
    await useMode('best');
  });

  it('is the same for anyone on the public route, and a 400 for a trivia outside the campaign', async () => {
    await useMode('best');
    const open = await api.client().get<CampaignRankingEntry[]>(`/api/public/campaigns/${campaignId}/ranking?questionGroupId=${t1}`);
    expect(open.status).toBe(200);
    expect(open.body).toEqual((await ranking(`?questionGroupId=${t1}`)).body);
    for (const client of [admin, api.client()]) {
      const prefix = client === admin ? '' : '/public';
      const res = await client.get(`/api${prefix}/campaigns/${campaignId}/ranking?questionGroupId=${t3}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('La trivia no está en la campaña');
    }
  });
});

describe('attempts without a completion time', () => {
  it('never win a tie on score in best mode: the timed attempt is the one selected', async () => {
    const t4 = (await buildTrivia(api.dataSource, companyId, { questions: 1, overrides: { name: 'Geografía' } })).group.id;
    const eva = await buildPlayer(api.dataSource, { firstName: 'Eva', lastName: 'Sol', fullName: 'Eva Sol' });
    const fede = await buildPlayer(api.dataSource, { firstName: 'Fede', lastName: 'Luna', fullName: 'Fede Luna' });
    // Eva: 80 with no time, then 80 in 30 s. Fede: 80 in 40 s.
    await insertAttempt({ player: eva.id, trivia: t4, score: 80, correct: 8, time: null, at: may(2, 12), site: norte });
    await insertAttempt({ player: eva.id, trivia: t4, score: 80, correct: 8, time: 30, at: may(2, 13), site: norte });
    await insertAttempt({ player: fede.id, trivia: t4, score: 80, correct: 8, time: 40, at: may(2, 12), site: norte });
    const created = await admin.post('/api/campaigns', {
      name: 'Copa sin reloj',
      companyId,
      startDate: '2026-05-01',
      endDate: '2026-05-03',
      maxAttemptsPerTrivia: 2,
      attemptSelectionMode: 'best',
    });
    expect(created.status).toBe(201);
    expect((await admin.post('/api/campaign-question-groups', { campaignId: created.body.id, questionGroupId: t4, weight: 1 })).status).toBe(201);
    const res = await admin.get<CampaignRankingEntry[]>(`/api/campaigns/${created.body.id}/ranking`);
    // Both 80: Eva's 30 s beats Fede's 40 s; her untimed attempt is never the one chosen.
    expect(summary(res.body)).toEqual([
      { name: 'Eva', total: 80, correct: 8, time: 30 },
      { name: 'Fede', total: 80, correct: 8, time: 40 },
    ]);
  });
});

describe('public campaign routes', () => {
  it('anyone reads the campaign and its ranking; the admin variant needs a session', async () => {
    const visitor = api.client();
    const campaign = await visitor.get(`/api/public/campaigns/${campaignId}`);
    expect(campaign.status).toBe(200);
    expect(Object.keys(campaign.body).sort()).toEqual(['companyId', 'description', 'endDate', 'id', 'name', 'startDate']);
    expect(campaign.body).toMatchObject({ name: 'Copa de Mayo', startDate: '2026-05-01', endDate: '2026-05-03' });

    await useMode('best');
    const open = await visitor.get(`/api/public/campaigns/${campaignId}/ranking?locationId=${norte}`);
    expect(open.status).toBe(200);
    expect(open.body).toEqual((await ranking(`?locationId=${norte}`)).body);

    expect((await visitor.get(`/api/campaigns/${campaignId}/ranking`)).status).toBe(401);
    expect((await visitor.get(`/api/campaigns/${campaignId}/ranking/export`)).status).toBe(401);
  });

  it('an unknown campaign is a 404 with the spec\'s text', async () => {
    for (const path of ['/api/public/campaigns/999999', '/api/public/campaigns/999999/ranking']) {
      const res = await api.client().get(path);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Campaña no encontrada');
    }
    expect((await admin.get('/api/campaigns/999999/ranking')).status).toBe(404);
  });
});

describe('GET /api/campaigns/{id}/ranking/export', () => {
  it('downloads the ranking\'s rows, formula-safe, with a score and attempt count per trivia', async () => {
    await useMode('best');
    const res = await fetch(`${api.baseUrl}/api/campaigns/${campaignId}/ranking/export?locationId=${norte}`, {
      headers: { Cookie: admin.cookieHeader() },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="ranking_Copa_de_Mayo_\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''ranking_Copa%20de%20Mayo_\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines).toEqual([
      'Posición,Nombre completo,Nombre,Apellido,Sede,Puntos totales,Respuestas correctas,Tiempo promedio (segundos),Historia - Puntaje,Historia - Intentos,Ciencia - Puntaje,Ciencia - Intentos',
      // Carla's last name is "=1+1": a spreadsheet must show it, not compute it.
      "1,Carla =1+1,Carla,'=1+1,Norte,230,15,35,80,1,70,1",
      '2,Ana Ríos,Ana,Ríos,Norte,180,9,50,90,2,,0',
      '3,Beto Paz,Beto,Paz,Norte,90,9,60,,0,90,1',
    ]);
  });
});
