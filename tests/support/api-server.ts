import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createApp } from '../../api/app';
import { createHttpServer } from '../../api/platform/http/http-server';
import { loadConfig, type Config } from '../../api/platform/config';
import { hashPassword } from '../../api/platform/lib/password';
import { UserEntity } from '../../db/entities';
import { openReadReplica } from '../../db/read-replica';
import { createDataSource } from '../../db/data-source';
import { createTestDataSource } from './database';
import { TestClient } from './http-client';

export const ADMIN = { username: 'admin', password: 'admin-password-123' };

/** ADMIN's password hash, made once per process (argon2 is slow on purpose) and the same for every test file. */
let adminPasswordHash: Promise<string> | undefined;

/**
 * The real API in-process on a database of its own, listening on a free loopback port.
 * `env` overrides environment variables for this server only (DATABASE_NAMED_STATEMENTS and
 * DATABASE_READ_URL are applied as server.ts applies them). `writeWebDist` writes a built web
 * app (pages, assets) into a folder of its own that the server serves as `npm start` serves dist/.
 * `connectVia` maps the database's URL to the one the app connects through (a pooler's).
 * `onDatabase` serves an existing, migrated database instead of a fresh one (close() leaves it).
 */
export async function startTestApi(
  env: Record<string, string> = {},
  { writeWebDist, connectVia, onDatabase }: { writeWebDist?: (dir: string) => void; connectVia?: (url: string) => string; onDatabase?: string } = {},
) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'trivia-api-test-'));
  const webDist = writeWebDist && (await mkdtemp(path.join(tmpdir(), 'trivia-dist-')));
  if (webDist) writeWebDist!(webDist);
  // An import's reader is compiled by tsx when its worker starts (the built server's is not), inside
  // the reading's time limit: a loaded machine once stretched a two-row preview past the 10 s the
  // server allows. Tests read with a minute unless they test the limit itself (server-stalls).
  const loaded = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', IMPORT_TIME_LIMIT_SECONDS: '60', ...env });
  const config: Config = webDist ? { ...loaded, webDist } : loaded;
  const db = onDatabase ? await openDatabase(onDatabase, config.databaseNamedStatements) : await createTestDataSource({ connectVia, namedStatements: config.databaseNamedStatements });
  const readReplica = config.readReplica && (await openReadReplica(db.dataSource, { ...config.readReplica, poolSize: 3, queryTimeoutMs: config.rankingReads.statementTimeoutMs }));
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const app = createApp({ config, dataSource: db.dataSource, readReplica, logger, secret: 'test-secret-test-secret-test-secret-42' });
  const server = createHttpServer(app, config.connections).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    config,
    dataSource: db.dataSource,
    /** The read replica of DATABASE_READ_URL, when set. */
    readReplica,
    /** The server's database, for a client of its own (a fault harness's). */
    databaseUrl: db.url,
    client: () => new TestClient(baseUrl),
    /** A client signed in as a freshly created admin. */
    async adminClient() {
      const users = db.dataSource.getRepository(UserEntity);
      if (!(await users.existsBy({ username: ADMIN.username }))) {
        await users.save(
          users.create({
            username: ADMIN.username,
            passwordHash: await (adminPasswordHash ??= hashPassword(ADMIN.password)),
            firstName: 'Ana',
            lastName: 'Admin',
            email: 'ana@example.com',
          }),
        );
      }
      const client = new TestClient(baseUrl);
      const login = await client.post('/api/login', ADMIN);
      if (login.status !== 200) throw new Error(`admin login failed: ${login.status} ${login.text}`);
      return client;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await readReplica?.close();
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
      if (webDist) await rm(webDist, { recursive: true, force: true });
    },
  };
}
/** A data source on an existing database, closed without dropping it. */
async function openDatabase(url: string, namedStatements: boolean) {
  const dataSource = createDataSource({ url, poolSize: 5, namedStatements });
  await dataSource.initialize();
  return { dataSource, url, close: () => dataSource.destroy() };
}
export type TestApi = Awaited<ReturnType<typeof startTestApi>>;
