import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './postgres';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const FAULT_ADMIN = { username: 'admin', password: 'faults-admin-password' };

/**
 * The API server from its TypeScript (`tsx api/server.ts`, the code `npm start` runs compiled; the
 * suite's files run in parallel and must not race to rebuild dist-server/), a child process on a
 * database the test names, that the test can SIGKILL and start again on the same port and data.
 */
export class ApiProcess {
  private child: ChildProcess | undefined;
  private output = '';
  readonly dataDir = mkdtempSync(path.join(tmpdir(), 'trivia-faults-api-'));
  /** How many times the process was started (the first start included). */
  starts = 0;
  /** Exits nobody asked for, each with the end of what the process printed. */
  readonly crashes: string[] = [];

  private constructor(
    readonly databaseUrl: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    chmodSync(this.dataDir, 0o755);
  }

  static async start(databaseUrl: string, env: Record<string, string> = {}): Promise<ApiProcess> {
    const api = new ApiProcess(databaseUrl, await freePort(), env);
    await api.start();
    return api;
  }

  /** What the process printed since its last start. */
  get log(): string {
    return this.output;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(timeoutMs = 90_000): Promise<void> {
    if (this.running) throw new Error('The API is already running');
    this.output = '';
    const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'api/server.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: this.databaseUrl,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        SESSION_SECRET: 'faults-session-secret-faults-session-secret',
        SEED_DEMO: 'true',
        ADMIN_USERNAME: FAULT_ADMIN.username,
        ADMIN_PASSWORD: FAULT_ADMIN.password,
        // Every device of a test pushes from 127.0.0.1: the per-address limit is not what is tested.
        PLAYER_RATE_LIMIT: '1000000',
        MAX_REQUESTS_PER_ADDRESS: '100000',
        LOG_LEVEL: 'silent',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: tsx runs the server in a child process, and a kill must reach both.
      detached: true,
    });
    this.child = child;
    this.starts++;
    child.stdout?.on('data', (chunk) => (this.output += chunk));
    child.stderr?.on('data', (chunk) => (this.output += chunk));
    child.once('exit', (code, signal) => {
      if (this.child === child) this.crashes.push(`exit ${code ?? signal}: ${this.output.slice(-4000)}`);
    });
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`The API exited (${child.exitCode}):\n${this.output}`);
      try {
        if ((await fetch(`${this.baseUrl}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`The API did not answer /api/health in ${timeoutMs} ms:\n${this.output}`);
  }

  /**
   * SIGKILL to the whole process group (tsx and the server it runs): no shutdown code runs, open
   * requests are cut wherever they are. Returns once nothing answers on the port any more.
   */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child?.pid) return;
    const exited = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // the group is already gone
    }
    await exited;
    for (let i = 0; i < 100; i++) {
      try {
        await fetch(`${this.baseUrl}/api/health`, { signal: AbortSignal.timeout(500) });
      } catch {
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`Something still answers on port ${this.port} after the kill`);
  }

  async destroy(): Promise<void> {
    await this.kill();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
