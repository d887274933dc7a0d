import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import type { TestClient } from '../support/http-client';
import { HEAD_ROWS } from '../../api/results/ranking/reads';
import { buildCompany, buildTrivia } from '../support/factories';
import { refreshPlayerStandings, refreshTriviaStandings } from '../../api/standings/refresh';

/**
 * Cheap requests that could tie up the server: a flood of anonymous ranking pages, admin exports
 * at once, and public reads without a limit. Slow statements are made slow on purpose and
 * deterministically: a second connection holds an ACCESS EXCLUSIVE lock on player_attempts, so
 * every ranking computation and export waits (holding its connection) until the test lets go,
 * while the health check and the player's bundle, which never read attempts, should not wait.
 */

const PLAYERS = 300;

/** A company, a playable trivia and a two-trivia campaign with PLAYERS ranked players. */
async function seedCampaign(api: TestApi, admin: TestClient) {
  const company = await buildCompany(api.dataSource, { name: 'Ferias del Sur' });
  const t1 = (await buildTrivia(api.dataSource, company.id, { questions: 1 })).group.id;
  const t2 = (await buildTrivia(api.dataSource, company.id, { questions: 1 })).group.id;
  const played = (await buildTrivia(api.dataSource, company.id, { questions: 5 })).group.id;
  await api.dataSource.query(
    `INSERT INTO players (full_name, first_name, last_name, document_type_id, document_number)
     SELECT 'Jugador ' || i, 'Jugador', i::text, (SELECT id FROM document_types WHERE code = 'CC'), 'R' || i
       FROM generate_series(1, $1) i`,
    [PLAYERS],
  );
  // Distinct totals (ties broken by player id anyway): each player plays both trivias twice.
  await api.dataSource.query(
    `INSERT INTO player_attempts (player_id, question_group_id, score, total_questions, correct_answers, started_at, completed_at, completion_time, token_hash, review_status)
     SELECT p.id, g.id, (p.id * 7 + g.id * 3 + k) % 101, 10, 5, timestamptz '2026-05-02 10:00Z' - interval '5 minutes', timestamptz '2026-05-02 10:00Z' + k * interval '1 minute',
            10 + (p.id % 50), repeat('0', 64), 'clean'
       FROM players p CROSS JOIN (VALUES ($1::int), ($2::int)) g(id) CROSS JOIN generate_series(1, 2) k
      WHERE p.document_number LIKE 'R%'`,
    [t1, t2],
  );
  // Written around the application: the standings are brought up to date as completions would.
  for (const trivia of [t1, t2]) await refreshTriviaStandings(api.dataSource.manager, trivia);
  const created = await admin.post('/api/campaigns', {
    name: 'Copa Flood',
    companyId: company.id,
    startDate: '2026-05-01',
    endDate: '2026-05-31',
    maxAttemptsPerTrivia: 2,
    attemptSelectionMode: 'best',
  });
  expect(created.status).toBe(201);
  const campaignId = created.body.id as number;
  for (const questionGroupId of [t1, t2]) {
    expect((await admin.post('/api/campaign-question-groups', { campaignId, questionGroupId, weight: 1 })).status).toBe(201);
  }
  return { companyId: company.id, campaignId, t1, t2, played };
}

/**
 * Holds an ACCESS EXCLUSIVE lock on player_attempts and the standings (what ranking computations
 * read) on a connection of its own until `release`.
 */
async function lockAttempts(api: TestApi) {
  const client = new pg.Client({ connectionString: (api.dataSource.options as { url: string }).url });
  await client.connect();
  await client.query('BEGIN');
  await client.query('LOCK TABLE player_attempts, trivia_standings, campaign_standings IN ACCESS EXCLUSIVE MODE');
  return {
    client,
    /** Backends of the app waiting for this lock. */
    waiting: async () =>
      Number(
        (
          await api.dataSource.query(
            `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> $1`,
            [(client as unknown as { processID: number }).processID],
          )
        )[0].n,
      ),
    async release() {
      await client.query('COMMIT').catch(() => undefined);
      await client.end();
    },
  };
}

/** How long a request takes, and its status. */
async function timed(request: Promise<{ status: number }>) {
  const started = performance.now();
  const { status } = await request;
  return { status, ms: performance.now() - started };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(50);
  }
}

function expectErrorShape(body: Record<string, unknown>, code: string) {
  expect(body).toEqual(expect.objectContaining({ error: expect.any(String), message: expect.any(String), code }));
  expect(JSON.stringify(body)).not.toMatch(/SELECT|statement|stack|at \//i);
}

describe('a flood of anonymous ranking pages and admin exports', () => {
  let api: TestApi;
  let admin: TestClient;
  let seeded: Awaited<ReturnType<typeof seedCampaign>>;
  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.adminClient();
    seeded = await seedCampaign(api, admin);
  });
  afterAll(() => api.close());

  it('leaves the health check and the player routes answering, and serves every page from one ranking', async () => {
    const { campaignId, played } = seeded;
    const page = (offset: number) => api.client().get(`/api/public/campaigns/${campaignId}/ranking?limit=10&offset=${offset}`);
    const exportOf = (day: number) =>
      fetch(`${api.baseUrl}/api/campaigns/${campaignId}/ranking/export?dateTo=2026-05-${String(day).padStart(2, '0')}`, {
        headers: { Cookie: admin.cookieHeader() },
      }).then(async (res) => ({ status: res.status, text: await res.text() }));

    const lock = await lockAttempts(api);
    let firstWave: ReturnType<typeof page>[];
    let exports: ReturnType<typeof exportOf>[];
    try {
      // Ten pages with different offsets and ten exports of different rankings (different days), all at once.
      firstWave = Array.from({ length: 10 }, (_, i) => page(i * 10));
      exports = Array.from({ length: 10 }, (_, i) => exportOf(10 + i));
      // The first wave's computation and two exports are waiting on the lock, holding connections.
      await until(async () => (await lock.waiting()) >= 3);
      await sleep(300);
      const health = await timed(api.client().get('/api/health'));
      const bundle = await timed(api.client().get(`/api/play/${played}/bundle`));
      expect(health.status).toBe(200);
      expect(bundle.status).toBe(200);
      expect(health.ms).toBeLessThan(2_000);
      expect(bundle.ms).toBeLessThan(2_000);
      // Ranking computations and exports hold at most their lanes' connections, whatever arrives.
      expect(await lock.waiting()).toBeLessThanOrEqual(4);
    } finally {
      await lock.release();
    }

    const first = await Promise.all(firstWave);
    // A new leader arrives between the waves: the later pages are still slices of the ranking the
    // first ones came from, so no player shows on two pages and none is skipped.
    const [leader] = await api.dataSource.query(
      `INSERT INTO players (full_name, first_name, last_name, document_type_id, document_number)
       VALUES ('Nueva Líder', 'Nueva', 'Líder', (SELECT id FROM document_types WHERE code = 'CC'), 'LEADER') RETURNING id`,
    );
    await api.dataSource.query(
      `INSERT INTO player_attempts (player_id, question_group_id, score, total_questions, correct_answers, started_at, completed_at, completion_time, token_hash, review_status)
       SELECT $1, g, 100, 10, 10, timestamptz '2026-05-25 10:00Z', timestamptz '2026-05-25 10:05Z', 1, repeat('0', 64), 'clean' FROM unnest($2::int[]) g`,
      [leader.id, [seeded.t1, seeded.t2]],
    );
    for (const trivia of [seeded.t1, seeded.t2]) await refreshPlayerStandings(api.dataSource.manager, leader.id, trivia);
    const second = await Promise.all(Array.from({ length: 10 }, (_, i) => page(100 + i * 10)));
    const pages = [...first, ...second];
    for (const res of pages) {
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe(String(PLAYERS));
    }
    const rows = pages.flatMap((res) => res.body as { position: number; playerId: number }[]);
    expect(rows.map((row) => row.position)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(new Set(rows.map((row) => row.playerId)).size).toBe(200);
    expect(rows.some((row) => row.playerId === leader.id)).toBe(false);

    // The exports all finished, each with its whole ranking (the new leader played after their last day).
    for (const res of await Promise.all(exports)) {
      expect(res.status).toBe(200);
      expect(res.text.trimEnd().split('\r\n')).toHaveLength(PLAYERS + 1);
    }
  });
});

describe('the public read rate limit', () => {
  let api: TestApi;
  let admin: TestClient;
  let played: number;
  beforeAll(async () => {
    api = await startTestApi({ PUBLIC_RATE_LIMIT: '5' });
    admin = await api.adminClient();
    played = (await buildTrivia(api.dataSource, (await buildCompany(api.dataSource)).id, { questions: 1 })).group.id;
  });
  afterAll(() => api.close());

  it('answers 429 in the error shape past PUBLIC_RATE_LIMIT anonymous reads a minute, and never counts the health check, the bundle or a signed-in admin', async () => {
    const visitor = api.client();
    for (let i = 0; i < 4; i++) expect((await visitor.get(`/api/ranking?questionGroupId=${played}&offset=${i}`)).status).toBe(200);
    // A trivia's poll results count their votes: they are counted like a ranking.
    expect((await visitor.get(`/api/play/${played}/polls`)).status).toBe(200);
    const refused = await visitor.get('/api/document-types');
    expect(refused.status).toBe(429);
    expectErrorShape(refused.body, 'rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    expect((await visitor.get('/api/health')).status).toBe(200);
    expect((await visitor.get(`/api/play/${played}/bundle`)).status).toBe(200);
    expect((await visitor.get(`/api/play/${played}/manifest.webmanifest`)).status).toBe(200);
    expect((await visitor.get(`/api/play/${played}/polls`)).status).toBe(429);
    for (let i = 0; i < 7; i++) expect((await admin.get(`/api/ranking?questionGroupId=${played}`)).status).toBe(200);
  });
});

describe('the statement timeout on ranking and export reads', () => {
  let api: TestApi;
  let admin: TestClient;
  let seeded: Awaited<ReturnType<typeof seedCampaign>>;
  beforeAll(async () => {
    api = await startTestApi({ READ_STATEMENT_TIMEOUT_MS: '300' });
    admin = await api.adminClient();
    seeded = await seedCampaign(api, admin);
  });
  afterAll(() => api.close());

  it('answers a ranking or an export that runs too long with 503 query_timeout, and the connection is free again', async () => {
    const lock = await lockAttempts(api);
    try {
      const [trivia, publicRanking, exported] = await Promise.all([
        timed(api.client().get(`/api/ranking?questionGroupId=${seeded.t1}`)),
        api.client().get(`/api/public/campaigns/${seeded.campaignId}/ranking`),
        admin.get(`/api/campaigns/${seeded.campaignId}/ranking/export`),
      ]);
      for (const res of [publicRanking, exported]) {
        expect(res.status).toBe(503);
        expectErrorShape(res.body, 'query_timeout');
      }
      expect(trivia.status).toBe(503);
      expect(trivia.ms).toBeLessThan(2_000);
    } finally {
      await lock.release();
    }
    const again = await api.client().get(`/api/ranking?questionGroupId=${seeded.t1}`);
    expect(again.status).toBe(200);
    expect(again.headers.get('x-total-count')).toBe(String(PLAYERS));
  });
});

describe('pages deep into a ranking', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('are slices of the whole ranking past the first rows listed for the screens, read from the standings or recomputed', async () => {
    const trivia = (await buildTrivia(api.dataSource, (await buildCompany(api.dataSource)).id, { questions: 1 })).group.id;
    const count = 5 * HEAD_ROWS + 150;
    await api.dataSource.query(
      `INSERT INTO players (full_name, first_name, last_name, document_type_id, document_number)
       SELECT 'Jugador ' || i, 'Jugador', i::text, (SELECT id FROM document_types WHERE code = 'CC'), 'D' || i FROM generate_series(1, $1) i`,
      [count],
    );
    const expected: number[] = (
      await api.dataSource.query(
        `INSERT INTO player_attempts (player_id, question_group_id, score, total_questions, correct_answers, started_at, completed_at, completion_time, token_hash, review_status)
         SELECT id, $1, id % 97, 10, 5, timestamptz '2026-05-02 10:00Z', timestamptz '2026-05-02 10:05Z', 10 + id % 13, repeat('0', 64), 'clean'
           FROM players WHERE document_number LIKE 'D%' RETURNING id, score, completion_time`,
        [trivia],
      )
    )
      .sort((a: Row, b: Row) => b.score - a.score || a.completion_time - b.completion_time || b.id - a.id)
      .map((row: Row) => row.id);
    await refreshTriviaStandings(api.dataSource.manager, trivia);
    type Row = { id: number; score: number; completion_time: number };
    const visitor = api.client();
    // A computation lists the first HEAD_ROWS rows, doubled as far as a page reaches: from the standings, and recomputed (every attempt).
    const rankings = [`/api/ranking?questionGroupId=${trivia}`, `/api/ranking?questionGroupId=${trivia}&includeDuplicates=true`];
    const offsets = [0, HEAD_ROWS - 50, HEAD_ROWS + 100, 4 * HEAD_ROWS + 100, count - 50];
    for (const [ranking, offset] of rankings.flatMap((url) => offsets.map((offset) => [url, offset] as const))) {
      const res = await visitor.get(`${ranking}&limit=100&offset=${offset}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe(String(count));
      expect(res.body.map((e: { id: number }) => e.id)).toEqual(expected.slice(offset, offset + 100));
      expect(res.body.map((e: { position: number }) => e.position)).toEqual(Array.from({ length: Math.min(100, count - offset) }, (_, i) => offset + i + 1));
    }
  });
});
