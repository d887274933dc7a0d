import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDataSource, migrate } from '../../db/data-source';
import { startEmbeddedPostgres } from '../../db/embedded-postgres';

export const TEMPLATE_DATABASE = 'trivia_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the test PostgreSQL server with `__DB__` where the database name goes. */
    databaseUrlPattern: string;
  }
}

/** Replaces the database name of a postgres URL. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * One real PostgreSQL for the whole run (TEST_DATABASE_URL, or an embedded server in a temporary
 * directory, throwaway: nothing in it waits for the disk), with a template database migrated once. Each test file clones the template, so files
 * run in parallel on databases of their own.
 */
export default async function setup(project: TestProject) {
  let stopServer = async () => {};
  let serverUrl = process.env.TEST_DATABASE_URL;
  let dir: string | undefined;
  if (!serverUrl) {
    dir = await mkdtemp(path.join(tmpdir(), 'trivia-test-pg-'));
    const server = await startEmbeddedPostgres(dir, undefined, { throwaway: true });
    serverUrl = server.serverUrl('postgres');
    stopServer = server.stop;
  }
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  const dataSource = createDataSource({ url: withDatabase(serverUrl, TEMPLATE_DATABASE), poolSize: 2 });
  await dataSource.initialize();
  await migrate(dataSource);
  await dataSource.destroy();
  await admin.end();

  project.provide('databaseUrlPattern', withDatabase(serverUrl, '__DB__'));
  return async () => {
    await stopServer();
    if (dir) await rm(dir, { recursive: true, force: true });
  };
}
