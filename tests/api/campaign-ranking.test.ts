import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignRankingEntry } from '../../contract';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildPlayer, buildTrivia } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { may, mayCup, seedMayCup, summary, type MayCup } from '../support/may-cup';

/** How the campaign ranking counts the May cup (tests/support/may-cup.ts): each selection mode, the filters, an entry's site, untimed attempts. */

let api: TestApi;
let admin: TestClient;
let campaignId: number;
let companyId: number;
let t1: number;
let t2: number;
let norte: number;
let sur: number;
let players: MayCup['players'];
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  ({ campaignId, companyId, t1, t2, norte, sur, players } = await seedMayCup(api, admin));
});
afterAll(() => api.close());

const { useMode, ranking, insertAttempt } = mayCup(() => ({ api, admin, campaignId, companyId }));

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
