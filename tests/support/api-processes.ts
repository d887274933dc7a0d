import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createApp } from '../../api/app';
import { createHttpServer } from '../../api/platform/http/http-server';
import { loadConfig } from '../../api/platform/config';
import { createDataSource } from '../../db/data-source';
import { createTestDatabase } from './database';
import { TestClient } from './http-client';

/**
 * Several API "processes" on one database: each its own Koa app, connection pool and port, sharing
 * only PostgreSQL and the session secret, as separate `npm start` processes behind one balancer do.
 */
export async function startApiProcesses(count: number, env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'trivia-api-processes-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const processes = await Promise.all(
    Array.from({ length: count }, async () => {
      const dataSource = createDataSource({ url: database.url, poolSize: 3 });
      await dataSource.initialize();
      const app = createApp({ config, dataSource, logger: pino({ level: 'silent' }), secret: 'test-secret-test-secret-test-secret-42' });
      const server: Server = createHttpServer(app, config.connections).listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return { baseUrl, dataSource, server, client: () => new TestClient(baseUrl) };
    }),
  );
  return {
    processes,
    /** The first process's data source, for arranging rows. */
    dataSource: processes[0]!.dataSource,
    async close() {
      for (const p of processes) {
        p.server.closeAllConnections();
        await new Promise((resolve) => p.server.close(resolve));
        await p.dataSource.destroy();
      }
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
