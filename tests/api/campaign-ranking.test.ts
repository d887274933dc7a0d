import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignRankingEntry, SelectionMode } from '../../contract';
import { startTestApi, type TestApi } from '../support/api-server';
import type { TestClient } from '../support/http-client';
import { buildCompany, buildLocation, buildPlayer, buildTrivia } from '../support/factories';

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
let norte: number;
const players: Record<'ana' | 'beto' | 'carla' | 'dario', { id: number; firstName: string; lastName: string }> = {} as never;

/** A local time in May 2026 (the ranking's days are the server's days). */
const may = (day: number, hour: number, minute = 0) => new Date(2026, 4, day, hour, minute);
const april30 = new Date(2026, 3, 30, 12);

async function insertAttempt(a: {
  player: number;
  trivia: number;
  score: number;
  correct: number;
  time: number;
  at: Date;
  site: number;
  overLimit?: boolean;
  completed?: boolean;
}) {
  const completed = a.completed ?? true;
  await api.dataSource.query(
    `INSERT INTO player_attempts (player_id, question_group_id, location_id, score, total_questions, correct_answers,
                                  started_at, completed_at, completion_time, token_hash, over_limit)
     VALUES ($1, $2, $3, $4, 10, $5, $6::timestamptz - interval '5 minutes', $7, $8, repeat('0', 64), $9)`,
    [a.player, a.trivia, a.site, a.score, a.correct, a.at, completed ? a.at : null, completed ? a.time : null, a.overLimit ?? false],
  );
}

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  const company = await buildCompany(api.dataSource, { name: 'Ferias Andinas' });
  norte = (await buildLocation(api.dataSource, company.id, 'Norte')).id;
  const sur = (await buildLocation(api.dataSource, company.id, 'Sur')).id;
  t1 = (await buildTrivia(api.dataSource, company.id, { questions: 1, overrides: { name: 'Historia' } })).group.id;
  t2 = (await buildTrivia(api.dataSource, company.id, { questions: 1, overrides: { name: 'Ciencia' } })).group.id;
  const t3 = (await buildTrivia(api.dataSource, company.id, { questions: 1, overrides: { name: 'Fuera' } })).group.id;
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

  const created = await admin.post('/api/campaigns', campaignBody('best'));
  expect(created.status).toBe(201);
  campaignId = created.body.id;
  expect((await admin.post('/api/campaign-question-groups', { campaignId, questionGroupId: t1, weight: 2 })).status).toBe(201);
  expect((await admin.post('/api/campaign-question-groups', { campaignId, questionGroupId: t2, weight: 1 })).status).toBe(201);

  function campaignBody(mode: SelectionMode) {
    return {
      name: 'Copa de Mayo',
      description: null,
      companyId: company.id,
      startDate: '2026-05-01',
      endDate: '2026-05-03',
      maxAttemptsPerTrivia: 2,
      attemptSelectionMode: mode,
    };
  }
  useMode = async (mode) => {
    const res = await admin.patch(`/api/campaigns/${campaignId}`, campaignBody(mode));
    expect(res.status).toBe(200);
  };
});
afterAll(() => api.close());

let useMode: (mode: SelectionMode) => Promise<void>;

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
    // Ana last played T2 at Sur (1 May 13:00, after her first T1 at 12:00).
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
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="ranking_Copa_de_Mayo_\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines).toEqual([
      'Posición,Nombre,Apellido,Sede,Puntos totales,Respuestas correctas,Tiempo promedio (segundos),Historia - Puntaje,Historia - Intentos,Ciencia - Puntaje,Ciencia - Intentos',
      // Carla's last name is "=1+1": a spreadsheet must show it, not compute it.
      "1,Carla,'=1+1,Norte,230,15,35,80,1,70,1",
      '2,Ana,Ríos,Norte,180,9,50,90,2,,0',
      '3,Beto,Paz,Norte,90,9,60,,0,90,1',
    ]);
  });
});
