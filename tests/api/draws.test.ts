import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrawRecord, DrawVerification } from '../../contract';
import { drawWinners } from '../../api/results/draws/draw-order';
import { insertCompletedAttempt } from '../support/attempts';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildLocation, buildPlayer, buildTrivia } from '../support/factories';
import type { TestClient } from '../support/http-client';

let api: TestApi;
let admin: TestClient;
let trivia: number;
let campaignId: number;
let norte: number;
let sur: number;
/** Player ids by name: 12 players at the trivia, scores 10..120; odd ones at Norte, even at Sur. */
const players: number[] = [];
let held: number;

const may = (day: number, hour = 12) => new Date(2026, 4, day, hour);
const SEED = 'a1'.repeat(32);

const insertAttempt = (player: number, score: number, at: Date, site: number, status: 'clean' | 'held' = 'clean') =>
  insertCompletedAttempt(api.dataSource, {
    playerId: player,
    groupId: trivia,
    locationId: site,
    score,
    correctAnswers: 5,
    completedAt: at,
    completionTime: 30,
    reviewStatus: status,
    reviewReason: status === 'held' ? 'implausible_time' : null,
  });

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  const company = await buildCompany(api.dataSource, { name: 'Sorteos SA' });
  norte = (await buildLocation(api.dataSource, company.id, 'Norte')).id;
  sur = (await buildLocation(api.dataSource, company.id, 'Sur')).id;
  trivia = (await buildTrivia(api.dataSource, company.id, { questions: 1, overrides: { name: 'Premios' } })).group.id;
  for (let i = 1; i <= 12; i++) {
    const player = await buildPlayer(api.dataSource, { firstName: `Jugador${i}`, lastName: 'Prueba', fullName: `Jugador${i} Prueba` });
    players.push(player.id);
    await insertAttempt(player.id, i * 10, may(i % 2 === 1 ? 1 : 2), i % 2 === 1 ? norte : sur);
  }
  // Player 1 played twice: a second entry only when every attempt enters.
  await insertAttempt(players[0]!, 5, may(3), norte);
  // A held attempt never ranks, so never enters.
  held = (await buildPlayer(api.dataSource, { firstName: 'Retenido', lastName: 'X', fullName: 'Retenido X' })).id;
  await insertAttempt(held, 999, may(1), norte, 'held');

  const created = await admin.post('/api/campaigns', {
    name: 'Copa Sorteo',
    description: null,
    companyId: company.id,
    startDate: '2026-05-02',
    endDate: '2026-05-31',
    maxAttemptsPerTrivia: 1,
    attemptSelectionMode: 'best',
  });
  expect(created.status).toBe(201);
  campaignId = created.body.id;
  expect((await admin.post('/api/campaign-question-groups', { campaignId, questionGroupId: trivia, weight: 1 })).status).toBe(201);
});
afterAll(() => api.close());

const draw = (body: unknown, path = `/api/question-groups/${trivia}/draws`) => admin.post<any>(path, body);
const winnerIds = (record: { winners: { playerId: number }[] }) => record.winners.map((w) => w.playerId);

describe('prize draws', () => {
  it('refuses a request that names a seed, whatever the seed, and records nothing', async () => {
    for (const body of [{ prizes: 3, seed: SEED }, { prizes: 1, seed: SEED.toUpperCase(), filters: { minScore: 10 } }, { prizes: 1, seed: 'abc' }, { prizes: 1, seed: null }]) {
      const res = await draw(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'draw_seed_not_accepted', message: expect.stringContaining('la elige siempre el servidor') });
      expect(res.body.issues).toEqual([{ path: 'seed', message: res.body.message }]);
    }
    expect((await admin.get<DrawRecord[]>(`/api/question-groups/${trivia}/draws`)).body).toEqual([]);
  });

  it('a draw made again with the same prizes and filters is a new draw marked as a repeat; both stay listed and both verify', async () => {
    const first = await draw({ prizes: 2 });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ questionGroupId: trivia, campaignId: null, prizes: 2, eligibleCount: 12, createdBy: 'admin', seedFromServer: true, repeatOf: null });
    expect(first.body.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(first.body.filters).toEqual({ minScore: null, locationId: null, dateFrom: null, dateTo: null, onePerPlayer: true, excludePastWinners: false });
    expect(first.body.winners).toHaveLength(2);
    expect(new Set(winnerIds(first.body)).size).toBe(2);
    expect(winnerIds(first.body)).not.toContain(held);
    expect(first.body.winners[0]!.name).toMatch(/^Jugador\d+ Prueba$/);

    // Again, the same settings (the filters spelt out, in another order): a new seed, a new record, marked a repeat of the first.
    const again = await draw({ filters: { excludePastWinners: false, onePerPlayer: true }, prizes: 2 });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(first.body.id);
    expect(again.body.seed).not.toBe(first.body.seed);
    expect(again.body).toMatchObject({ seedFromServer: true, repeatOf: first.body.id });
    // Other prizes are not a repeat of these.
    const other = await draw({ prizes: 1 });
    expect(other.body.repeatOf).toBeNull();
    const third = await draw({ prizes: 2 });
    expect(third.body.repeatOf).toBe(again.body.id);

    const list = (await admin.get<DrawRecord[]>(`/api/question-groups/${trivia}/draws`)).body;
    expect(list.map((d) => [d.id, d.repeatOf])).toEqual([
      [third.body.id, again.body.id],
      [other.body.id, null],
      [again.body.id, first.body.id],
      [first.body.id, null],
    ]);
    expect(list.find((d) => d.id === first.body.id)).toEqual(first.body);

    for (const recorded of [first.body, again.body]) {
      const verified = await admin.get<DrawVerification>(`/api/draws/${recorded.id}/verify`);
      expect(verified.status).toBe(200);
      expect(verified.body).toMatchObject({ id: recorded.id, seed: recorded.seed, eligibleCount: 12, matches: true });
      expect(verified.body.winners).toEqual(recorded.winners);
    }

    // The documented function, run by anyone over the exported list, gives the same winners.
    const csv = await admin.get(`/api/draws/${first.body.id}/export`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Sorteo,Semilla,Orden,Premio,Jugador,Nombre,Intento,Puntuación');
    const eligible = lines.slice(1).map((line) => line.split(','));
    expect(eligible).toHaveLength(12);
    expect(new Set(eligible.map((cells) => cells[1]))).toEqual(new Set([first.body.seed]));
    expect(eligible.map((cells) => Number(cells[4]))).toEqual([...players].sort((a, b) => a - b));
    const rerun = drawWinners(first.body.seed, eligible.map((cells) => ({ playerId: Number(cells[4]), attemptId: Number(cells[6]) })), 2);
    expect(rerun.map((w) => w.playerId)).toEqual(winnerIds(first.body));
    const prizeColumn = eligible.filter((cells) => cells[3] !== '').sort((a, b) => Number(a[3]) - Number(b[3]));
    expect(prizeColumn.map((cells) => Number(cells[4]))).toEqual(winnerIds(first.body));
  });

  it('a draw recorded before seeds came only from the server says so, and still verifies', async () => {
    const [row]: { id: number }[] = await api.dataSource.query(
      `INSERT INTO prize_draws (question_group_id, filters, prizes, seed, seed_from_server, eligible_count, entries_hash, winners)
       SELECT question_group_id, filters, prizes, $1, false, eligible_count, entries_hash, $2::jsonb FROM prize_draws WHERE question_group_id = $3 ORDER BY id LIMIT 1
       RETURNING id`,
      [SEED, JSON.stringify([]), trivia],
    );
    await api.dataSource.query(
      `INSERT INTO prize_draw_entries (draw_id, position, player_id, attempt_id)
       SELECT $1, position, player_id, attempt_id FROM prize_draw_entries
        WHERE draw_id = (SELECT id FROM prize_draws WHERE question_group_id = $2 ORDER BY id LIMIT 1)`,
      [row!.id, trivia],
    );
    const stored: { player_id: number; attempt_id: number }[] = await api.dataSource.query(
      `SELECT player_id, attempt_id FROM prize_draw_entries WHERE draw_id = $1 ORDER BY position`,
      [row!.id],
    );
    const eligible = stored.map((e) => ({ playerId: e.player_id, attemptId: e.attempt_id }));
    await api.dataSource.query(`UPDATE prize_draws SET winners = $1::jsonb WHERE id = $2`, [JSON.stringify(drawWinners(SEED, eligible, 2)), row!.id]);
    const list = (await admin.get<DrawRecord[]>(`/api/question-groups/${trivia}/draws`)).body;
    expect(list[0]).toMatchObject({ id: row!.id, seed: SEED, seedFromServer: false, createdBy: null });
    expect((await admin.get<DrawVerification>(`/api/draws/${row!.id}/verify`)).body.matches).toBe(true);
  });

  // The draws above give at most 9 winners of 12 players, so at least 3 remain for the next draw.
  it('excluding past winners leaves out everyone who won a draw of this trivia', async () => {
    const before = (await admin.get<DrawRecord[]>(`/api/question-groups/${trivia}/draws`)).body;
    const past = new Set(before.flatMap(winnerIds));
    expect(past.size).toBeGreaterThan(0);
    const res = await draw({ prizes: 2, filters: { excludePastWinners: true } });
    expect(res.status).toBe(201);
    expect(res.body.eligibleCount).toBe(12 - past.size);
    for (const id of winnerIds(res.body)) expect(past.has(id)).toBe(false);
    // The record lists every draw, newest first, with who ran it and its filters.
    const list = (await admin.get<DrawRecord[]>(`/api/question-groups/${trivia}/draws`)).body;
    expect(list[0]).toMatchObject({ id: res.body.id, createdBy: 'admin', filters: { excludePastWinners: true } });
    expect(list).toHaveLength(before.length + 1);
  });

  it('filters by minimum score, site, dates and one entry per player', async () => {
    const minScore = await draw({ prizes: 1, filters: { minScore: 100 } });
    expect(minScore.body.eligibleCount).toBe(3);
    expect(players.slice(9)).toContain(winnerIds(minScore.body)[0]);

    const atSur = await draw({ prizes: 6, filters: { locationId: sur } });
    expect(atSur.body.eligibleCount).toBe(6);
    expect(new Set(winnerIds(atSur.body))).toEqual(new Set(players.filter((_, i) => (i + 1) % 2 === 0)));

    const onMay1 = await draw({ prizes: 1, filters: { dateFrom: '2026-05-01', dateTo: '2026-05-01' } });
    expect(onMay1.body.eligibleCount).toBe(6);

    const everyAttempt = await draw({ prizes: 1, filters: { onePerPlayer: false } });
    expect(everyAttempt.body.eligibleCount).toBe(13);
  });

  it('a campaign draw counts what its ranking counts: its period and its attempts per trivia', async () => {
    const res = await draw({ prizes: 2 }, `/api/campaigns/${campaignId}/draws`);
    expect(await draw({ prizes: 2, seed: SEED }, `/api/campaigns/${campaignId}/draws`)).toMatchObject({ status: 400, body: { code: 'draw_seed_not_accepted' } });
    expect(res.status).toBe(201);
    // From May 2nd: the six even players; player 1's attempt of May 3rd is its first in the period.
    expect(res.body).toMatchObject({ campaignId, questionGroupId: null, eligibleCount: 7 });
    const list = await admin.get<DrawRecord[]>(`/api/campaigns/${campaignId}/draws`);
    expect(list.body.map((d) => d.id)).toEqual([res.body.id]);
  });

  it("shows the newest draw's winners on the big screen, moving the screen's ETag", async () => {
    const screen = await api.client().get(`/api/public/screens/campaign/${campaignId}`);
    expect(screen.status).toBe(200);
    const etag = screen.headers.get('etag')!;
    const before = screen.body.drawWinners?.drawId ?? null;
    const res = await draw({ prizes: 2, filters: { excludePastWinners: true } }, `/api/campaigns/${campaignId}/draws`);
    expect(res.status).toBe(201);
    const after = await api.client().get(`/api/public/screens/campaign/${campaignId}`, { headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(after.body.drawWinners.drawId).not.toBe(before);
    expect(after.body.drawWinners).toEqual({
      drawId: res.body.id,
      drawnAt: res.body.createdAt,
      winners: res.body.winners.map((w: { name: string }) => ({ name: w.name })),
      // Past winners left out: other entries and other filters than the campaign's first draw, so not a repeat of it.
      repeatOf: null,
      earlierToday: 1,
    });
    expect(after.body.drawHistory).toBeNull();
    const unchanged = await api.client().get(`/api/public/screens/campaign/${campaignId}`, { headers: { 'If-None-Match': after.headers.get('etag')! } });
    expect(unchanged.status).toBe(304);
  });

  it('says so when fewer players are eligible than prizes', async () => {
    const res = await draw({ prizes: 4, filters: { minScore: 100 } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'draw_not_enough_eligible', message: expect.stringContaining('3 participantes') });
    const none = await draw({ prizes: 1, filters: { minScore: 100_000 } });
    expect(none.status).toBe(422);
    expect(none.body.code).toBe('draw_not_enough_eligible');
  });

  it('answers bad filters and bad requests with a 400 naming the field, and unknown draws with 404', async () => {
    for (const body of [
      { prizes: 0 },
      { prizes: 1.5 },
      { prizes: 1, filters: { minScore: 'alto' } },
      { prizes: 1, filters: { dateFrom: 'mayo' } },
      { prizes: 1, filters: { dateFrom: '2026-05-03', dateTo: '2026-05-01' } },
      { prizes: 1, filters: { locationId: -1 } },
      { prizes: 1, filters: { colour: 'red' } },
    ]) {
      const res = await draw(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.issues.length).toBeGreaterThan(0);
    }
    expect((await draw({ prizes: 1 }, '/api/question-groups/999999/draws')).status).toBe(404);
    expect((await admin.get('/api/draws/999999/verify')).status).toBe(404);
    expect((await api.client().post(`/api/question-groups/${trivia}/draws`, { prizes: 1 })).status).toBe(401);
  });
});
