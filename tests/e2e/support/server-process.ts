import type { PlayBundle } from '../../../contract';
import { keyedBundle } from '../../support/answer-key';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomPortIn } from '../../support/free-port';
import { dataDirDatabaseUrl, dataDirQuery } from './app-database';
import { storeQuickAdminHash } from './quick-admin-hash';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The processes `pid` started (pgrep -P). */
const childrenOf = (pid: number): number[] => {
  const found = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' });
  return found.stdout.split('\n').filter(Boolean).map(Number);
};

const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * The real server as `npm start` runs it, on its own port and data directory, that a test can
 * stop (SIGTERM, as an operator would) and start again on the same data: "server down" for real,
 * not only a browser set offline.
 */
export class ServerProcess {
  readonly port: number;
  readonly dataDir: string;
  readonly admin: { username: string; password: string };
  private readonly env: Record<string, string>;
  private child: ChildProcess | undefined;
  private output = '';
  /** Whether the first start's administrator got its quick password hash. */
  private adminHashQuick = false;

  /** `port` defaults to a random one in 6000–6899 that browsers reach (clear of the browser suite's 4100–5802, which runs beside it); `env` is added to the server's environment. */
  constructor({ admin = { username: 'admin', password: 'offline-test-password' }, port, env = {} }: { admin?: { username: string; password: string }; port?: number; env?: Record<string, string> } = {}) {
    this.admin = admin;
    this.port = port ?? randomPortIn(6000, 900);
    this.env = env;
    this.dataDir = mkdtempSync(path.join(tmpdir(), 'trivia-offline-'));
    // The embedded PostgreSQL runs as another user when the tests run as root: it must reach it.
    chmodSync(this.dataDir, 0o755);
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The address of this server's embedded PostgreSQL (its port changes at each start). */
  databaseUrl(): string {
    return dataDirDatabaseUrl(this.dataDir);
  }

  /** Runs statements against this server's embedded PostgreSQL (its port and password live in its data directory). */
  query<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
    return dataDirQuery<T>(this.dataDir, text, values);
  }

  /** A trivia of this server as a test plays it: the public bundle with its answer key. */
  bundle(groupId: number): Promise<PlayBundle> {
    return keyedBundle(this.baseUrl, groupId, this.admin);
  }

  async start(timeoutMs = 150_000): Promise<void> {
    if (this.child) throw new Error('The server is already running');
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        ADMIN_USERNAME: this.admin.username,
        ADMIN_PASSWORD: this.admin.password,
        LOG_LEVEL: 'warn',
        // No continuous backups: a browser test's server lives minutes (tests/faults/backups.test.ts tests them).
        BACKUP_DIR: 'off',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.on('data', (chunk) => (this.output += chunk));
    child.stderr?.on('data', (chunk) => (this.output += chunk));
    const deadline = Date.now() + timeoutMs;
    // What the last check got, for the error: a refusal while it starts, then its status and body.
    let last = 'no answer';
    let healthy = false;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${this.output}`);
      try {
        const reply = await fetch(`${this.baseUrl}/api/health`, { signal: AbortSignal.timeout(10_000) });
        healthy = reply.ok;
        if (healthy) break;
        last = `${reply.status} ${await reply.text()}`;
      } catch (error) {
        last = String((error as Error).cause ?? error);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (healthy) return this.quickenAdminHash();
    throw new Error(`The server did not answer /api/health in ${timeoutMs} ms (last check: ${last}):\n${this.output}`);
  }

  /**
   * On the first start (a fresh data directory, whose administrator the server has just made with
   * `admin`'s password): that password's hash at the lowest cost (./quick-admin-hash.ts). Later
   * starts leave the accounts as the tests left them.
   */
  private async quickenAdminHash(): Promise<void> {
    if (this.adminHashQuick) return;
    await storeQuickAdminHash((text, values) => this.query(text, values), this.admin);
    this.adminHashQuick = true;
  }

  /**
   * The machine dies: the server process and its embedded PostgreSQL are killed at once (SIGKILL,
   * no shutdown of either), as when a laptop's disk fails under them.
   */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    const postmaster = Number(readFileSync(path.join(this.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    // The postmaster and every process of its cluster (backends, archiver, writer) die at once.
    const cluster = [postmaster, ...childrenOf(postmaster)];
    for (const pid of cluster) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    for (let i = 0; i < 100 && cluster.some(processAlive); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}
