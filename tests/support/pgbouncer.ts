import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, chownSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureDebianPrograms, PGBOUNCER } from './debian-packages';
import { freePort, waitForPort } from './free-port';
import { postgresUser } from '../../db/postgres-user';

/** The pooler's settings, as a deployment uses them (docs/scale-out.md). */
export const PGBOUNCER_SETTINGS = path.resolve('deploy/pgbouncer/pgbouncer.ini');

/**
 * Debian's PgBouncer in front of a PostgreSQL server, with deploy/pgbouncer/pgbouncer.ini as its
 * settings (transaction pooling) and this host's part written beside it: every database of the
 * server (`*`), its address, the one user's password. Runs as the `postgres` user when started as
 * root (PgBouncer refuses root). `overrides` are settings of this run written after the included
 * file (a test's smaller pool).
 */
export async function startPgBouncer(serverUrl: string, overrides: Record<string, string | number> = {}) {
  ensureDebianPrograms(PGBOUNCER);
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username);
  const password = decodeURIComponent(server.password);
  const socketDir = server.searchParams.get('host');
  const dir = await mkdtemp(path.join(tmpdir(), 'trivia-pgbouncer-'));
  await chmod(dir, 0o755);
  const port = await freePort();
  const owner = postgresUser();
  // A copy the postgres user can read wherever the checkout is.
  const settings = path.join(dir, 'triviando.ini');
  copyFileSync(PGBOUNCER_SETTINGS, settings);
  const userlist = path.join(dir, 'userlist.txt');
  writeFileSync(userlist, `"${user}" "${password.replace(/"/g, '""')}"\n`, { mode: 0o600 });
  const config = path.join(dir, 'pgbouncer.ini');
  writeFileSync(
    config,
    [
      '[databases]',
      `* = host=${socketDir ?? server.hostname} port=${server.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir =`,
      `auth_file = ${userlist}`,
      `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
      // Inside the one [pgbouncer] section: PgBouncer 1.18 starts a section from its defaults at each header.
      `%include ${settings}`,
      ...Object.entries(overrides).map(([key, value]) => `${key} = ${value}`),
      '',
    ].join('\n'),
  );
  if (owner) for (const file of [dir, settings, userlist, config]) chownSync(file, owner.uid, owner.gid);

  let child: ChildProcess | undefined;
  let output = '';
  const start = async () => {
    output = '';
    child = spawn(PGBOUNCER.binary, [...(owner ? ['-u', 'postgres'] : []), config], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<never>((_, reject) => child!.once('exit', (code) => reject(new Error(`pgbouncer exited with ${code}:\n${output}`))));
    await Promise.race([waitForPort(port), exited]);
  };
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill(signal);
    await exited;
  };
  await start();
  return {
    port,
    /** The pid of the running PgBouncer (for its CPU time). */
    pid: () => child?.pid,
    /** The URL of `database` through the pooler. */
    url: (database: string) => `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    /** Stopped at once (SIGTERM: connections and transactions cut) and started again on the same port. */
    async restart() {
      await stop();
      await start();
    },
    async stop() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
    output: () => output,
  };
}
export type PgBouncer = Awaited<ReturnType<typeof startPgBouncer>>;
