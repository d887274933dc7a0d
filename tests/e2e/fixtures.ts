import { test as base } from '@playwright/test';
import { ServerProcess } from './support/server-process';

/** The administrator every browser test's server is started with. */
export const E2E_ADMIN = { username: 'admin', password: 'e2e-admin-password' };

/**
 * Each Playwright worker runs its own server, as `npm start` runs it, on a fresh data directory
 * (its own embedded PostgreSQL): the workers share no data, so the spec files run in parallel
 * without seeing each other's trivias, players or kiosks. Tests get it as `baseURL`; the helpers
 * that reach the server without a fixture (`appQuery`, `testBundle`) read E2E_PORT and
 * E2E_DATA_DIR, which are set here for this worker's process only.
 */
export const test = base.extend<object, { appServer: ServerProcess }>({
  appServer: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const server = new ServerProcess({
        admin: E2E_ADMIN,
        port: Number(process.env.E2E_BASE_PORT) + workerInfo.workerIndex,
        env: {
          // The server's zone, whatever the machine's: UTC, as in production (api/platform/config.ts).
          TZ: 'UTC',
          LOGIN_RATE_LIMIT: '50',
          OPENAI_API_KEY: 'e2e-fake-key',
          OPENAI_BASE_URL: `http://127.0.0.1:${process.env.E2E_OPENAI_PORT}/v1`,
        },
      });
      await server.start();
      process.env.E2E_PORT = String(server.port);
      process.env.E2E_DATA_DIR = server.dataDir;
      await use(server);
      await server.stop();
    },
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
  baseURL: async ({ appServer }, use) => use(appServer.baseUrl),
});

export { expect } from '@playwright/test';
