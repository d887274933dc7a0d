import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrawRecord, ScreenFeed } from '../../contract';
import { insertCompletedAttempt } from '../support/attempts';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildLocation, buildPlayer, buildTrivia } from '../support/factories';
import type { TestClient } from '../support/http-client';

/**
 * A re-roll dressed up as a new draw: the same draw asked for again with filters that read
 * differently but leave the same eligible entries ({minScore: 0}, a start date long past, an end
 * date far ahead, the only site, every attempt when each player has one…). Each is a repeat of the
 * first, in the API, in the admin's record and on the public big screen; a list that really
 * changed is a new draw, and the screen can show every draw of the day.
 */
let api: TestApi;
let admin: TestClient;
let trivia: number;
let site: number;
let campaignId: number;
const players: number[] = [];

/** Attempts completed in the last hours, so "today" on the screen holds the draws run below. */
const recently = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const addAttempt = (player: number, score: number, minutesAgo: number) =>
  insertCompletedAttempt(api.dataSource, {
    playerId: player,
    groupId: trivia,
    locationId: site,
    score,
    correctAnswers: 3,
    completedAt: recently(minutesAgo),
    completionTime: 30,
    reviewStatus: 'clean',
    reviewReason: null,
  });

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  const company = await buildCompany(api.dataSource, { name: 'Sorteos Repetidos SA' });
  site = (await buildLocation(api.dataSource, company.id, 'Stand único')).id;
  trivia = (await buildTrivia(api.dataSource, company.id, { questions: 1, overrides: { name: 'Gran premio' } })).group.id;
  for (let i = 1; i <= 8; i++) {
    const player = await buildPlayer(api.dataSource, { firstName: `Persona${i}`, lastName: 'Sorteo', fullName: `Persona${i} Sorteo` });
    players.push(player.id);
    await addAttempt(player.id, 10 + i * 10, 30 + i);
  }
  const today = new Date().toISOString().slice(0, 10);
  const created = await admin.post('/api/campaigns', {
    name: 'Campaña repetida',
    description: null,
    companyId: company.id,
    startDate: '2020-01-01',
    endDate: `${Number(today.slice(0, 4)) + 1}-12-31`,
    maxAttemptsPerTrivia: 1,
    attemptSelectionMode: 'best',
  });
  expect(created.status).toBe(201);
  campaignId = created.body.id;
  expect((await admin.post('/api/campaign-question-groups', { campaignId, questionGroupId: trivia, weight: 1 })).status).toBe(201);
});
afterAll(() => api.close());

const draw = (path: string, body: unknown) => admin.post<DrawRecord>(path, body);
const feed = (kind: 'trivia' | 'campaign', id: number) => api.client().get<ScreenFeed>(`/api/public/screens/${kind}/${id}`);

/** The hash the record documents: SHA-256 of `playerId:attemptId` lines, ordered by player id then attempt id. */
function listHash(entries: { playerId: number; attemptId: number }[]): string {
  const lines = [...entries].sort((a, b) => a.playerId - b.playerId || a.attemptId - b.attemptId).map((e) => `${e.playerId}:${e.attemptId}`);
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

describe('a draw over the same entries is a repeat, whatever its filters say', () => {
  it('marks every equivalent spelling of the same draw a repeat of the first', async () => {
    const path = `/api/question-groups/${trivia}/draws`;
    const first = await draw(path, { prizes: 1 });
    expect(first.status).toBe(201);
    expect(first.body.repeatOf).toBeNull();

    const spellings = [
      { minScore: 0 },
      { dateFrom: '2000-01-01' },
      { dateTo: '2099-12-31' },
      { dateFrom: '2000-01-01', dateTo: '2099-12-31' },
      { dateFrom: '2000-01-01T00:00:00Z' },
      { minScore: 1, dateFrom: '2000-06-30' },
      { locationId: site },
      { onePerPlayer: false },
      { minScore: 0, locationId: site, onePerPlayer: false, dateFrom: '2001-01-01' },
      { minScore: 20 },
    ];
    let previous = first.body;
    for (const filters of spellings) {
      const again = await draw(path, { prizes: 1, filters });
      expect(again.status, JSON.stringify(filters)).toBe(201);
      expect(again.body.eligibleCount, JSON.stringify(filters)).toBe(first.body.eligibleCount);
      expect(again.body.entriesHash).toBe(first.body.entriesHash);
      expect(again.body, JSON.stringify(filters)).toMatchObject({ repeatOf: previous.id, repeatOfFirst: first.body.id, repeatMatch: 'entries' });
      previous = again.body;
    }

    // Anyone can check the hash from the exported list.
    const csv = await admin.get(`/api/draws/${first.body.id}/export`);
    const rows = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n').slice(1).map((line) => line.split(','));
    expect(listHash(rows.map((cells) => ({ playerId: Number(cells[4]), attemptId: Number(cells[6]) })))).toBe(first.body.entriesHash);

    // The record: all eleven kept, every one after the first marked.
    const record = (await admin.get<DrawRecord[]>(path)).body;
    expect(record).toHaveLength(spellings.length + 1);
    expect(record.filter((d) => d.repeatOf === null).map((d) => d.id)).toEqual([first.body.id]);
    expect(new Set(record.filter((d) => d.repeatOf !== null).map((d) => d.repeatOfFirst))).toEqual(new Set([first.body.id]));

    // More prizes over the same list is another draw, not a repeat.
    const twoPrizes = await draw(path, { prizes: 2, filters: { minScore: 0 } });
    expect(twoPrizes.body.repeatOf).toBeNull();
  });

  it("shows the mark on the public big screen, with the first draw's time and winners", async () => {
    const record = (await admin.get<DrawRecord[]>(`/api/question-groups/${trivia}/draws`)).body;
    const screen = await feed('trivia', trivia);
    expect(screen.status).toBe(200);
    const newest = record[0]!;
    expect(newest.repeatOf).toBeNull(); // the two-prize draw
    const before = screen.headers.get('etag')!;

    // One more repeat of the first, spelt another way: the screen shows it, marked.
    const again = await draw(`/api/question-groups/${trivia}/draws`, { prizes: 1, filters: { dateTo: '2098-01-01', minScore: 0 } });
    expect(again.body.repeatOfFirst).not.toBeNull();
    const first = record.find((d) => d.id === again.body.repeatOfFirst)!;
    const marked = await api.client().get<ScreenFeed>(`/api/public/screens/trivia/${trivia}`, { headers: { 'If-None-Match': before } });
    expect(marked.status).toBe(200);
    expect(marked.body.drawWinners).toMatchObject({
      drawId: again.body.id,
      repeatOf: { drawId: first.id, drawnAt: first.createdAt, winners: first.winners.map((w) => ({ name: w.name })) },
      earlierToday: record.length,
    });
  });

  it('a list that changed (one more player finished) is a new draw; the day on the screen still shows every draw, when the organiser shows it', async () => {
    const path = `/api/question-groups/${trivia}/draws`;
    const latecomer = await buildPlayer(api.dataSource, { firstName: 'Tardío', lastName: 'Sorteo', fullName: 'Tardío Sorteo' });
    await addAttempt(latecomer.id, 90, 1);
    const changed = await draw(path, { prizes: 1, filters: { minScore: 5 } });
    expect(changed.status).toBe(201);
    expect(changed.body.eligibleCount).toBe(players.length + 1);
    expect(changed.body.repeatOf).toBeNull();
    const screen = (await feed('trivia', trivia)).body;
    expect(screen.drawWinners).toMatchObject({ drawId: changed.body.id, repeatOf: null });
    expect(screen.drawWinners!.earlierToday).toBeGreaterThan(0);
    // Off by default: the day's draws are not in the public feed.
    expect(screen.drawHistory).toBeNull();
    expect((await api.client().put(`${path}/screen`, { showHistory: true })).status).toBe(401);

    const etag = (await feed('trivia', trivia)).headers.get('etag')!;
    const on = await admin.put(`${path}/screen`, { showHistory: true });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ showHistory: true });
    expect((await admin.get(`${path}/screen`)).body).toEqual({ showHistory: true });
    const shown = await api.client().get<ScreenFeed>(`/api/public/screens/trivia/${trivia}`, { headers: { 'If-None-Match': etag } });
    expect(shown.status).toBe(200);
    const record = (await admin.get<DrawRecord[]>(path)).body;
    expect(shown.body.drawHistory!.total).toBe(record.length);
    const listed = shown.body.drawHistory!.draws;
    expect(listed[0]).toMatchObject({ drawId: changed.body.id, repeatOf: null });
    for (const row of listed) {
      const recorded = record.find((d) => d.id === row.drawId)!;
      expect(row.winners.map((w) => w.name)).toEqual(recorded.winners.slice(0, row.winners.length).map((w) => w.name));
      expect(row.repeatOf?.drawId ?? null).toBe(recorded.repeatOfFirst);
    }

    expect((await admin.put(`${path}/screen`, { showHistory: false })).body).toEqual({ showHistory: false });
    expect((await feed('trivia', trivia)).body.drawHistory).toBeNull();
    expect((await admin.put(`${path}/screen`, { showHistory: 'sí' })).status).toBe(400);
  });

  it('the same prizes and filters over a list that grew since are still a repeat (of the filters)', async () => {
    const path = `/api/question-groups/${trivia}/draws`;
    const record = (await admin.get<DrawRecord[]>(path)).body;
    const firstWithMinScore0 = record.filter((d) => d.prizes === 1 && d.filters.minScore === 0 && d.filters.dateFrom === null && d.filters.dateTo === null).at(-1)!;
    const again = await draw(path, { prizes: 1, filters: { minScore: 0 } });
    expect(again.body).toMatchObject({ repeatOf: record[0]!.id, repeatOfFirst: firstWithMinScore0.id, repeatMatch: 'filters' });
  });

  it('a campaign draw is held to the same rule', async () => {
    const path = `/api/campaigns/${campaignId}/draws`;
    const first = await draw(path, { prizes: 1 });
    expect(first.status).toBe(201);
    const again = await draw(path, { prizes: 1, filters: { minScore: 0, dateFrom: '2000-01-01' } });
    expect(again.body).toMatchObject({ repeatOf: first.body.id, repeatOfFirst: first.body.id, repeatMatch: 'entries' });
    expect((await feed('campaign', campaignId)).body.drawWinners).toMatchObject({ drawId: again.body.id, repeatOf: { drawId: first.body.id } });
  });
});
