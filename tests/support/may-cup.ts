import { expect } from 'vitest';
import type { DataSource } from 'typeorm';
import type { CampaignRankingEntry, SelectionMode } from '../../contract';
import { refreshPlayerStandings } from '../../api/standings/refresh';
import type { TestApi } from './api-server';
import { buildCompany, buildLocation, buildPlayer, buildTrivia } from './factories';
import type { TestClient } from './http-client';

/**
 * The campaign ranking tests' cup: a campaign of two trivias (weights 2 and 1, two attempts per
 * trivia, 1 to 3 May 2026) and a crafted set of attempts. Every expected figure in those tests is
 * worked out by hand from this table.
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

/** A local time in May 2026 (the ranking's days are the server's days). */
export const may = (day: number, hour: number, minute = 0) => new Date(2026, 4, day, hour, minute);
const april30 = new Date(2026, 3, 30, 12);

interface CupAttempt {
  player: number;
  trivia: number;
  score: number;
  correct: number;
  time: number | null;
  at: Date;
  site: number;
  overLimit?: boolean;
  completed?: boolean;
}

async function insertAttempt(ds: DataSource, a: CupAttempt) {
  const completed = a.completed ?? true;
  await ds.query(
    `INSERT INTO player_attempts (player_id, question_group_id, location_id, score, total_questions, correct_answers,
                                  started_at, completed_at, completion_time, token_hash, review_status, review_reason)
     VALUES ($1, $2, $3, $4, 10, $5, $6::timestamptz - interval '5 minutes', $7, $8, repeat('0', 64),
             CASE WHEN $9 THEN 'held' ELSE 'clean' END, CASE WHEN $9 THEN 'over_limit' END)`,
    [a.player, a.trivia, a.site, a.score, a.correct, a.at, completed ? a.at : null, completed ? a.time : null, a.overLimit ?? false],
  );
  // Written around the application: its standings are brought up to date as a completion would.
  await refreshPlayerStandings(ds.manager, a.player, a.trivia);
}

/** The campaign's details as the admin's form sends them, with the mode and attempt limit under test. */
const cupBody = (companyId: number, mode: SelectionMode, maxAttemptsPerTrivia: number) => ({
  name: 'Copa de Mayo',
  description: null,
  companyId,
  startDate: '2026-05-01',
  endDate: '2026-05-03',
  maxAttemptsPerTrivia,
  attemptSelectionMode: mode,
});

/** Writes the table above and the campaign (mode best, two attempts per trivia) through the admin API. */
export async function seedMayCup(api: TestApi, admin: TestClient) {
  const ds = api.dataSource;
  const company = await buildCompany(ds, { name: 'Ferias Andinas' });
  const norte = (await buildLocation(ds, company.id, 'Norte')).id;
  const sur = (await buildLocation(ds, company.id, 'Sur')).id;
  const t1 = (await buildTrivia(ds, company.id, { questions: 1, overrides: { name: 'Historia' } })).group.id;
  const t2 = (await buildTrivia(ds, company.id, { questions: 1, overrides: { name: 'Ciencia' } })).group.id;
  const t3 = (await buildTrivia(ds, company.id, { questions: 1, overrides: { name: 'Fuera' } })).group.id;
  const players = {} as Record<'ana' | 'beto' | 'carla' | 'dario', { id: number; firstName: string; lastName: string }>;
  for (const [key, firstName, lastName] of [
    ['ana', 'Ana', 'Ríos'],
    ['beto', 'Beto', 'Paz'],
    ['carla', 'Carla', '=1+1'],
    ['dario', 'Darío', 'Gil'],
  ] as const) {
    players[key] = await buildPlayer(ds, { firstName, lastName, fullName: `${firstName} ${lastName}` });
  }
  const { ana, beto, carla, dario } = players;
  const rows: CupAttempt[] = [
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
  for (const row of rows) await insertAttempt(ds, row);

  const created = await admin.post('/api/campaigns', cupBody(company.id, 'best', 2));
  expect(created.status).toBe(201);
  const campaignId = created.body.id as number;
  expect((await admin.post('/api/campaign-question-groups', { campaignId, questionGroupId: t1, weight: 2 })).status).toBe(201);
  expect((await admin.post('/api/campaign-question-groups', { campaignId, questionGroupId: t2, weight: 1 })).status).toBe(201);
  return { campaignId, companyId: company.id, t1, t2, t3, norte, sur, players };
}
export type MayCup = Awaited<ReturnType<typeof seedMayCup>>;

/** The figures a reader of the ranking compares: who, in which order, with what totals. */
export const summary = (entries: CampaignRankingEntry[]) =>
  entries.map((e) => ({ name: e.firstName, total: e.totalScore, correct: e.totalCorrectAnswers, time: e.averageCompletionTime }));

/** The cup's ranking, its rules and more of its attempts. `session` is read at each call: the test file seeds the cup in beforeAll. */
export function mayCup(session: () => { api: TestApi; admin: TestClient } & Pick<MayCup, 'campaignId' | 'companyId'>) {
  return {
    /** Sets the campaign's selection mode and attempt limit (two unless told). */
    useMode: async (mode: SelectionMode, maxAttemptsPerTrivia = 2) => {
      const { admin, campaignId, companyId } = session();
      const res = await admin.patch(`/api/campaigns/${campaignId}`, cupBody(companyId, mode, maxAttemptsPerTrivia));
      expect(res.status).toBe(200);
    },
    ranking: (query = '') => session().admin.get<CampaignRankingEntry[]>(`/api/campaigns/${session().campaignId}/ranking${query}`),
    insertAttempt: (a: CupAttempt) => insertAttempt(session().api.dataSource, a),
  };
}
