import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataSource, migrate } from '../../db/data-source';
import { prepared } from '../../db/prepared-statements';
import { startTestApi, type TestApi } from '../support/api-server';
import { createTestDatabase, databaseUrl } from '../support/database';
import { startPgBouncer, type PgBouncer } from '../support/pgbouncer';
import { buildKioskSite, kioskPlay, registerDevice, type KioskSite } from '../support/player-flow';

/**
 * The API through Debian's PgBouncer 1.18 in transaction mode, with deploy/pgbouncer/pgbouncer.ini
 * (docs/scale-out.md, "The pooler"): named prepared statements are what break there, and with
 * DATABASE_NAMED_STATEMENTS=false the hot path, the rate limits, the migrations and their lock run.
 */
let pooler: PgBouncer;
/** The same pooler with one server connection: two clients always share it. */
let narrowPooler: PgBouncer;
const through = (pgbouncer: PgBouncer) => (url: string) => pgbouncer.url(new URL(url).pathname.slice(1));

beforeAll(async () => {
  pooler = await startPgBouncer(databaseUrl('postgres'));
  narrowPooler = await startPgBouncer(databaseUrl('postgres'), { default_pool_size: 1, reserve_pool_size: 0 });
});
afterAll(async () => {
  await pooler?.stop();
  await narrowPooler?.stop();
});

const STATEMENT = prepared(`SELECT $1::int * 2 AS doubled`);

describe('PgBouncer 1.18 in transaction mode', () => {
  it('breaks named prepared statements: a second client preparing on the server connection the first used is refused', async () => {
    const database = await createTestDatabase();
    const clients = [0, 1].map(() => createDataSource({ url: through(narrowPooler)(database.url), poolSize: 1 }));
    try {
      for (const client of clients) await client.initialize();
      expect(await clients[0]!.query(STATEMENT, [2])).toEqual([{ doubled: 4 }]);
      await expect(clients[1]!.query(STATEMENT, [3])).rejects.toThrow(/prepared statement "triviando_\d+" already exists/);
    } finally {
      for (const client of clients) if (client.isInitialized) await client.destroy();
      await database.drop();
    }
  });

  it('runs the same statements unnamed with DATABASE_NAMED_STATEMENTS=false, however the clients share server connections', async () => {
    const database = await createTestDatabase();
    const clients = [0, 1, 2].map(() => createDataSource({ url: through(narrowPooler)(database.url), poolSize: 2, namedStatements: false }));
    try {
      for (const client of clients) await client.initialize();
      const replies = await Promise.all(Array.from({ length: 60 }, (_, i) => clients[i % 3]!.query(STATEMENT, [i])));
      expect(replies).toEqual(Array.from({ length: 60 }, (_, i) => [{ doubled: i * 2 }]));
      const [{ count }] = await clients[0]!.query(`SELECT count(*)::int AS count FROM pg_prepared_statements`);
      expect(count).toBe(0);
    } finally {
      for (const client of clients) if (client.isInitialized) await client.destroy();
      await database.drop();
    }
  });

  it('migrates an empty database from two processes at once: the migration lock holds through the pooler', async () => {
    const admin = createDataSource({ url: databaseUrl('postgres'), poolSize: 1 });
    await admin.initialize();
    const name = `pooled_${Date.now().toString(36)}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const processes = [0, 1].map(() => createDataSource({ url: pooler.url(name), poolSize: 2, namedStatements: false }));
    try {
      for (const process of processes) await process.initialize();
      const applied = await Promise.all(processes.map((process) => migrate(process)));
      expect(applied.map((names) => names.length > 0).sort()).toEqual([false, true]);
      // A second run finds nothing to do, and the lock was let go: it does not wait.
      expect(await migrate(processes[0]!)).toEqual([]);
    } finally {
      for (const process of processes) if (process.isInitialized) await process.destroy();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    }
  });
});

describe('PgBouncer 1.18 in session mode', () => {
  it('keeps named prepared statements: a client has its server connection to itself, which is reset before the next one gets it', async () => {
    // One server connection, as docs/scale-out.md says session mode is run: server_reset_query = DISCARD ALL.
    const sessionPooler = await startPgBouncer(databaseUrl('postgres'), { pool_mode: 'session', server_reset_query: 'DISCARD ALL', default_pool_size: 1, reserve_pool_size: 0 });
    const database = await createTestDatabase();
    try {
      for (const n of [2, 3]) {
        const client = createDataSource({ url: through(sessionPooler)(database.url), poolSize: 1 });
        await client.initialize();
        // The same statement name on the same server connection as the client before: no "already exists".
        expect(await client.query(STATEMENT, [n])).toEqual([{ doubled: n * 2 }]);
        expect(await client.query(STATEMENT, [n + 1])).toEqual([{ doubled: (n + 1) * 2 }]);
        await client.destroy();
      }
    } finally {
      await database.drop();
      await sessionPooler.stop();
    }
  });
});

describe('the API through PgBouncer in transaction mode', () => {
  let api: TestApi;
  let site: KioskSite;
  beforeAll(async () => {
    api = await startTestApi({ DATABASE_NAMED_STATEMENTS: 'false', PLAYER_RATE_LIMIT: '1000' }, { connectVia: through(pooler) });
    site = await buildKioskSite(api.dataSource, { siteName: 'Pabellón 1', trivia: { questions: 4 } });
  });
  afterAll(() => api?.close());

  it('serves the player path: devices, the bundle and its revalidation, the document check, sync pushes, the ranking', async () => {
    const bundle = await api.client().get(`/api/play/${site.trivia.group.id}/bundle`);
    expect(bundle.status).toBe(200);
    const devices = await Promise.all(Array.from({ length: 8 }, () => registerDevice(api)));
    // Eight kiosks at once, each three rounds: more clients than the pool's server connections.
    const pushes = await Promise.all(
      devices.map(async (device) => {
        const statuses: string[] = [];
        for (let round = 0; round < 3; round++) {
          const play = kioskPlay(site, 1 + round * 3);
          const revalidated = await api.client().get(`/api/play/${site.trivia.group.id}/bundle`, { headers: { 'If-None-Match': bundle.headers.get('etag')! } });
          expect(revalidated.status).toBe(304);
          const payload = play.mutations[0]!.payload as { documentTypeId: number; documentNumber: string };
          const check = await api.client().post('/api/players/validate', {
            documentTypeId: payload.documentTypeId,
            documentNumber: payload.documentNumber,
            companyId: site.company.id,
            questionGroupId: site.trivia.group.id,
          });
          expect(check.status).toBe(200);
          const reply = await device.push(play.mutations);
          expect(reply.status).toBe(200);
          statuses.push(...reply.body.results.map((r: { status: string }) => r.status));
        }
        return statuses;
      }),
    );
    expect(pushes.flat()).toEqual(Array(8 * 9).fill('applied'));
    const ranking = await api.client().get(`/api/ranking?questionGroupId=${site.trivia.group.id}`);
    expect(ranking.status).toBe(200);
    expect(ranking.headers.get('x-total-count')).toBe('24');
    const [{ count }] = await api.dataSource.query(`SELECT count(*)::int AS count FROM rate_limits`);
    expect(count).toBeGreaterThan(0);
  });
});
