import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from '../../db/embedded-postgres';
import { freePort } from '../support/free-port';
import { LOAD_METRICS_TOKEN } from './crowd-metrics';

export const LOAD_ADMIN = { username: 'admin', password: 'load-admin-password' };

/** One `npm start`, in a process group of its own so a SIGKILL reaches npm and the server alike. */
export interface ApiStart {
  url: string;
  child: ChildProcess;
  /** The demo trivia's id, as the start printed it (only the start that seeded the demo prints it). */
  demoTriviaId: number | undefined;
  /** The pid of the node process running the compiled server (for its CPU time and memory). */
  serverPid: number | undefined;
}

/**
 * `npm start` on `port` (a free one unless told: a restarted process keeps its port behind a
 * balancer). With `nodeFlags`, what npm start runs is run directly, node started with those flags
 * (Node takes profiling flags on its command line only, not from NODE_OPTIONS).
 */
export async function npmStart(env: NodeJS.ProcessEnv, say: (line: string) => void, port?: number, nodeFlags?: string[]): Promise<ApiStart> {
  port ??= await freePort();
  const [command, args] = nodeFlags ? [process.execPath, [...nodeFlags, 'scripts/start.mjs']] : ['npm', ['start', '--silent']];
  const child = spawn(command, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`npm start exited with ${code}:\n${output}`));
    child.once('exit', onExit);
    const check = setInterval(() => {
      if (output.includes('Press Ctrl-C to stop.')) {
        clearInterval(check);
        child.off('exit', onExit);
        resolve();
      }
    }, 100);
  });
  for (const line of output.split('\n')) if (/Trivia is running|Demo trivia|Applied migrations/.test(line)) say(`   ${line.trim()}`);
  const demo = /Demo trivia: \S+\/play-trivia\/(\d+)/.exec(output)?.[1];
  return { url: `http://127.0.0.1:${port}`, child, demoTriviaId: demo ? Number(demo) : undefined, serverPid: serverPid(child.pid!) };
}

/** The deepest descendant of `pid` (npm → sh → node scripts/start.mjs, which runs the compiled server in-process): the process that serves. */
export function serverPid(pid: number): number | undefined {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    if (!children.length) return pid;
    // postgres runs under the server process too: follow the node processes only.
    const next = children.find((child) => readFileSync(`/proc/${child}/comm`, 'utf8').trim() !== 'postgres');
    return next === undefined ? pid : serverPid(next);
  } catch {
    return undefined;
  }
}

/** Whether the run's server backs itself up as `npm start` does by default (LOAD_BACKUPS=on). */
export const LOAD_BACKUPS = process.env.LOAD_BACKUPS === 'on';
/** Where a run's server backs itself up. */
export const backupDirOf = (dataDir: string) => path.join(dataDir, 'backups');

/**
 * What every API process of a load run is started with: the run's DATA_DIR, admin, session secret
 * and metrics token, and the per-address limits raised (the whole crowd comes from one address).
 */
export function crowdEnvironment(dataDir: string): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    // Continuous backups as the run is told (LOAD_BACKUPS=on): off unless asked, so runs compare with
    // each other. On, a base backup starts every 36 s, so one is being taken while the crowd plays.
    ...(LOAD_BACKUPS ? { BACKUP_DIR: backupDirOf(dataDir), BACKUP_BASE_HOURS: '0.01' } : { BACKUP_DIR: 'off' }),
    ADMIN_USERNAME: LOAD_ADMIN.username,
    ADMIN_PASSWORD: LOAD_ADMIN.password,
    SESSION_SECRET: 'load-session-secret-load-session-secret-0123',
    PLAYER_RATE_LIMIT: process.env.PLAYER_RATE_LIMIT ?? '100000000',
    // Every phone of the crowd registers from this one address.
    DEVICE_RATE_LIMIT: process.env.DEVICE_RATE_LIMIT ?? '100000000',
    // …and every phone's players rank from it.
    ADDRESS_PLAYERS_PER_HOUR: process.env.ADDRESS_PLAYERS_PER_HOUR ?? '100000000',
    // …and checks every player's document from it.
    PLAYER_DOCUMENTS_PER_ADDRESS: process.env.PLAYER_DOCUMENTS_PER_ADDRESS ?? '100000000',
    ANSWER_RATE_LIMIT: process.env.ANSWER_RATE_LIMIT ?? '100000000',
    // The scaled run's big screens and ranking readers.
    PUBLIC_RATE_LIMIT: process.env.PUBLIC_RATE_LIMIT ?? '100000000',
    MAX_REQUESTS_PER_ADDRESS: process.env.MAX_REQUESTS_PER_ADDRESS ?? '100000',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    METRICS_TOKEN: LOAD_METRICS_TOKEN,
  };
}

/** A profiled run (crowd-profile.ts): its PostgreSQL is started here with `settings` included, its API's node with `nodeFlags`. */
export interface ProfiledStart {
  settings: string;
  nodeFlags: string[];
  onLog: (line: string) => void;
}

/**
 * The API as a user runs it: `npm start` in a fresh DATA_DIR. With one process it starts its own
 * embedded PostgreSQL there, as on a booth's laptop; with two, both run on one embedded PostgreSQL
 * started here (DATABASE_URL), sharing the session secret, as two processes behind a balancer.
 * The per-address limits (PLAYER_RATE_LIMIT, MAX_REQUESTS_PER_ADDRESS…) are raised: the whole crowd
 * comes from this one address. METRICS_TOKEN lets the run scrape GET /metrics as Prometheus would.
 * A profiled run starts its PostgreSQL here too, with the profile's settings.
 */
export async function startCrowdServers(processes: number, say: (line: string) => void, profile?: ProfiledStart) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'trivia-load-'));
  // As root, PostgreSQL runs as another user, who must be able to reach its directory.
  await chmod(dataDir, 0o755);
  const common = crowdEnvironment(dataDir);
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl: string;
  const apis: ApiStart[] = [];
  if (processes === 1 && !profile) {
    apis.push(await npmStart(common, say));
    // npm start's embedded PostgreSQL: its password is kept in DATA_DIR, its port in postmaster.pid.
    const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
    const port = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]!.trim();
    databaseUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/trivia`;
  } else {
    embedded = await startEmbeddedPostgres(path.join(dataDir, 'shared'), profile?.onLog, { settings: profile?.settings });
    await ensureDatabase(embedded.serverUrl('postgres'), 'trivia');
    databaseUrl = embedded.serverUrl('trivia');
    for (let i = 0; i < processes; i++) apis.push(await npmStart({ ...common, DATABASE_URL: databaseUrl }, say, undefined, profile?.nodeFlags));
  }

  return {
    apis,
    dataDir,
    /** Where the crowd sends its requests: each process directly (no balancer). */
    entries: apis,
    databaseUrl,
    /** SIGKILL to one start's whole process group: no shutdown code runs, pushes in flight are cut. */
    kill(api: ApiStart) {
      try {
        process.kill(-api.child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    },
    async stop() {
      for (const api of apis) {
        if (api.child.exitCode !== null || api.child.signalCode !== null) continue;
        const exited = new Promise((resolve) => api.child.once('exit', resolve));
        process.kill(-api.child.pid!, 'SIGINT');
        await exited;
      }
      await embedded?.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
