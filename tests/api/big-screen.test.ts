import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreenFeed } from '../../contract';
import { startTestApi, type TestApi } from '../support/api-server';
import type { TestClient } from '../support/http-client';
import { buildCompany, buildPlayer, buildTrivia } from '../support/factories';
import { insertCompletedAttempt } from '../support/attempts';

let api: TestApi;
let admin: TestClient;
let companyId: number;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  companyId = (await buildCompany(api.dataSource)).id;
});
afterAll(() => api.close());

/** A completed, counted attempt (the feed only reads them). */
const complete = (groupId: number, playerId: number, score: number) => insertCompletedAttempt(api.dataSource, { groupId, playerId, score, completionTime: 42 });

const screen = (path: string, etag?: string) => api.client().get<ScreenFeed>(`/api/public/screens/${path}`, etag ? { headers: { 'If-None-Match': etag } } : {});

/** Holds an ACCESS EXCLUSIVE lock on players (every ranking page reads it) until `release`. */
async function lockPlayers() {
  const client = new pg.Client({ connectionString: (api.dataSource.options as { url: string }).url });
  await client.connect();
  await client.query('BEGIN');
  await client.query('LOCK TABLE players IN ACCESS EXCLUSIVE MODE');
  return {
    waiting: async () =>
      Number(
        (
          await api.dataSource.query(`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> $1`, [
            (client as unknown as { processID: number }).processID,
          ])
        )[0].n,
      ),
    async release() {
      await client.query('COMMIT').catch(() => undefined);
      await client.end();
    },
  };
}

describe('GET /api/public/screens/trivia/:id', () => {
  it('answers the top of the ranking with an ETag, a 304 while nothing changed, and a new ETag with the newest finisher after a completion', async () => {
    const { group } = await buildTrivia(api.dataSource, companyId, { questions: 1 });
    const ana = await buildPlayer(api.dataSource, { firstName: 'Ana María', lastName: 'Gómez', fullName: 'Ana María Gómez' });
    const beto = await buildPlayer(api.dataSource, { firstName: 'Beto', lastName: 'Ruiz', fullName: 'Beto Ruiz' });
    await complete(group.id, ana.id, 80);

    const first = await screen(`trivia/${group.id}`);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.body).toMatchObject({ kind: 'trivia', id: group.id, title: group.name, playPath: `/play-trivia/${group.id}`, total: 1 });
    expect(first.body.entries).toEqual([expect.objectContaining({ position: 1, name: 'Ana María Gómez', score: 80 })]);
    expect(first.body.newest).toEqual({ playerId: ana.id, name: 'Ana María Gómez', score: 80 });

    const again = await screen(`trivia/${group.id}`, etag);
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    // As the screen's browser sends its poll (a 'no-store' fetch adds these headers): still a 304.
    const polled = await api.client().get(`/api/public/screens/trivia/${group.id}`, { headers: { 'If-None-Match': etag, 'Cache-Control': 'no-cache', Pragma: 'no-cache' } });
    expect(polled.status).toBe(304);

    await complete(group.id, beto.id, 90);
    const changed = await screen(`trivia/${group.id}`, etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.body.entries.map((e) => e.name)).toEqual(['Beto Ruiz', 'Ana María Gómez']);
    expect(changed.body.newest).toMatchObject({ playerId: beto.id, name: 'Beto Ruiz' });
  });

  it('answers 304 without ranking work: while every ranking read waits on a lock, the unchanged screen still gets its 304', async () => {
    const a = (await buildTrivia(api.dataSource, companyId, { questions: 1 })).group.id;
    const b = (await buildTrivia(api.dataSource, companyId, { questions: 1 })).group.id;
    const player = await buildPlayer(api.dataSource);
    await complete(a, player.id, 50);
    await complete(b, player.id, 60);
    const etag = (await screen(`trivia/${a}`)).headers.get('etag')!;

    const lock = await lockPlayers();
    try {
      // A screen whose data changed needs a ranking page: it waits for the lock …
      const blocked = screen(`trivia/${b}`);
      await expect.poll(lock.waiting, { timeout: 5_000 }).toBeGreaterThan(0);
      // … while the screen that is up to date gets its 304 at once, with the same ETag.
      const started = Date.now();
      const unchanged = await screen(`trivia/${a}`, etag);
      expect(unchanged.status).toBe(304);
      expect(unchanged.headers.get('etag')).toBe(etag);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(await lock.waiting()).toBeGreaterThan(0);
      await lock.release();
      expect((await blocked).status).toBe(200);
    } finally {
      await lock.release();
    }
  });

  it('says a missing trivia does not exist (404) and refuses a bad id (400)', async () => {
    const missing = await screen('trivia/987654');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'not_found', message: expect.stringContaining('no existe') });
    const bad = await screen('trivia/abc');
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty('code');
    expect((await screen('campaign/987654')).status).toBe(404);
  });
});

describe('public name style', () => {
  it('shows "Ana G." on every public reply of a first-initial trivia and campaign, and the whole name to a signed-in admin', async () => {
    const { group } = await buildTrivia(api.dataSource, companyId, { questions: 1 });
    const ana = await buildPlayer(api.dataSource, { firstName: 'Ana María', lastName: 'Gómez', fullName: 'Ana María Gómez' });
    await complete(group.id, ana.id, 70);

    const current = (await admin.get(`/api/question-groups/${group.id}`)).body;
    expect(current.publicNames).toBe('full');
    const updated = await admin.patch(`/api/question-groups/${group.id}`, {
      name: current.name,
      companyId,
      questionsPerRound: current.questionsPerRound,
      publicNames: 'first-initial',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.publicNames).toBe('first-initial');

    const names = (body: { firstName: string; lastName: string }[]) => body.map((e) => `${e.firstName} ${e.lastName}`);
    expect(names((await api.client().get(`/api/ranking?questionGroupId=${group.id}`)).body)).toEqual(['Ana G.']);
    expect(names((await admin.get(`/api/ranking?questionGroupId=${group.id}`)).body)).toEqual(['Ana María Gómez']);
    const feed = (await screen(`trivia/${group.id}`)).body;
    expect(feed.entries.map((e) => e.name)).toEqual(['Ana G.']);
    expect(feed.newest?.name).toBe('Ana G.');

    const created = await admin.post('/api/campaigns', {
      name: 'Copa Pantalla',
      companyId,
      startDate: '2026-01-01',
      endDate: '2027-12-31',
      publicNames: 'first-initial',
    });
    expect(created.status).toBe(201);
    expect(created.body.publicNames).toBe('first-initial');
    const campaignId = created.body.id as number;
    expect((await admin.post('/api/campaign-question-groups', { campaignId, questionGroupId: group.id, weight: 1 })).status).toBe(201);
    expect(names((await api.client().get(`/api/public/campaigns/${campaignId}/ranking`)).body)).toEqual(['Ana G.']);
    expect(names((await admin.get(`/api/campaigns/${campaignId}/ranking`)).body)).toEqual(['Ana María Gómez']);
    const campaignFeed = await screen(`campaign/${campaignId}`);
    expect(campaignFeed.status).toBe(200);
    expect(campaignFeed.body).toMatchObject({ kind: 'campaign', title: 'Copa Pantalla', playPath: `/public/campaigns/${campaignId}/ranking` });
    expect(campaignFeed.body.entries.map((e) => e.name)).toEqual(['Ana G.']);
  });
});
