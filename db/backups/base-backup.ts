import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';

/**
 * A base backup of a running cluster with PostgreSQL's low-level backup API: `pg_backup_start`, a
 * copy of the cluster's files while it keeps serving (each file read as it is; the WAL archive
 * replays whatever changed during the copy), then `pg_backup_stop`, which waits until the last WAL
 * segment the copy needs is archived and gives the backup_label a restore starts from. The copy is
 * written to `<BACKUP_DIR>/base/<name>.partial` and renamed when whole, with a manifest of every
 * file's size and SHA-256 (a restore checks them) and the schema's migrations (a restore refuses a
 * backup newer than its code).
 */

/** The backups' folder in a backup directory: one folder per base backup, named by its start (UTC). */
export const baseDirectory = (backupDir: string) => path.join(backupDir, 'base');

export interface BaseManifest {
  format: 1;
  /** When the backup started and finished (ISO). */
  startedAt: string;
  finishedAt: string;
  /** The first WAL segment a restore from it replays (earlier segments are not needed). */
  startWal: string;
  /** The migrations applied to the database when it started, in order. */
  migrations: string[];
  files: { path: string; size: number; sha256: string }[];
}

export const MANIFEST = 'manifest.json';
/** The copy of the cluster inside a base backup's folder. */
export const CLUSTER = 'cluster';
/** DATA_DIR's own files a restore needs too (the server's password, the session secret), copied beside the cluster. */
export const DATA_FILES = 'data-dir';

/** Folders whose contents PostgreSQL makes anew or replays (its documented list): kept empty in the copy. */
const EMPTIED = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
/** Files of a running server a copy leaves out. */
const LEFT_OUT = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map']);

/** How long a backup's end waits for its last WAL segment to be archived. */
const STOP_WAIT_MINUTES = 5;

/** A backup's folder name for a start time: sortable, and a valid file name everywhere. */
export const backupName = (at: Date) => at.toISOString().replace(/[:.]/g, '-');

/** Copies `from` to `to`, returning its size and SHA-256; a file gone meanwhile (a dropped table's) returns undefined. */
async function copyHashed(from: string, to: string): Promise<{ size: number; sha256: string } | undefined> {
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(createReadStream(from), tap, createWriteStream(to));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Copies a folder tree of the cluster, file by file, into `to`; returns the files copied, relative to `root`. */
async function copyTree(root: string, relative: string, to: string, files: BaseManifest['files']): Promise<void> {
  await mkdir(path.join(to, relative), { recursive: true });
  for (const entry of await readdir(path.join(root, relative), { withFileTypes: true }).catch(() => [])) {
    const name = path.join(relative, entry.name);
    if (entry.isDirectory()) {
      if (EMPTIED.has(name)) await mkdir(path.join(to, name, name === 'pg_wal' ? 'archive_status' : ''), { recursive: true });
      else await copyTree(root, name, to, files);
    } else if (entry.isFile() && !(relative === '' && LEFT_OUT.has(entry.name))) {
      const copied = await copyHashed(path.join(root, name), path.join(to, name));
      if (copied) files.push({ path: path.join(CLUSTER, name), ...copied });
    }
  }
}

/**
 * Takes a base backup of the cluster in `clusterDir` through `databaseUrl` into `backupDir`, with
 * DATA_DIR's `dataFiles` beside it. Returns the manifest written.
 */
export async function takeBaseBackup(input: {
  databaseUrl: string;
  clusterDir: string;
  backupDir: string;
  dataFiles: string[];
  migrations: string[];
  /**
   * Start with an immediate checkpoint (an I/O burst, then the copy at once) rather than a spread
   * one, which paces its writes over most of `checkpoint_timeout` so the crowd's writes never queue
   * behind it, and can so take minutes.
   */
  fastStart?: boolean;
  now?: () => Date;
}): Promise<BaseManifest & { dir: string }> {
  const now = input.now ?? (() => new Date());
  const startedAt = now();
  const dir = path.join(baseDirectory(input.backupDir), backupName(startedAt));
  const partial = `${dir}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(path.join(partial, CLUSTER), { recursive: true });
  const client = new pg.Client({ connectionString: input.databaseUrl });
  await client.connect();
  try {
    const [start] = (await client.query(`SELECT pg_walfile_name(pg_backup_start($1, $2)) AS wal`, [`triviando ${startedAt.toISOString()}`, input.fastStart ?? false])).rows;
    const files: BaseManifest['files'] = [];
    try {
      await copyTree(input.clusterDir, '', path.join(partial, CLUSTER), files);
    } catch (error) {
      await client.query(`SELECT pg_backup_stop(false)`).catch(() => undefined);
      throw error;
    }
    // Waits until the segment holding the backup's end is archived: the backup is whole only then.
    // Not for ever: with the archive failing it never is (and the archive's failure is what to fix).
    await client.query(`SET statement_timeout = '${STOP_WAIT_MINUTES}min'`);
    const [stop] = (
      await client.query(`SELECT labelfile, spcmapfile FROM pg_backup_stop(true)`).catch((error: unknown) => {
        throw new Error(`the WAL archive did not take the backup's last segment within ${STOP_WAIT_MINUTES} minutes (${(error as Error).message})`);
      })
    ).rows;
    for (const [name, content] of [['backup_label', stop.labelfile as string], ['tablespace_map', stop.spcmapfile as string | null]] as const) {
      if (!content) continue;
      await writeFile(path.join(partial, CLUSTER, name), content);
      files.push({ path: path.join(CLUSTER, name), size: Buffer.byteLength(content), sha256: createHash('sha256').update(content).digest('hex') });
    }
    await mkdir(path.join(partial, DATA_FILES));
    for (const file of input.dataFiles) {
      const copied = await copyHashed(file, path.join(partial, DATA_FILES, path.basename(file)));
      if (copied) files.push({ path: path.join(DATA_FILES, path.basename(file)), ...copied });
    }
    const manifest: BaseManifest = { format: 1, startedAt: startedAt.toISOString(), finishedAt: now().toISOString(), startWal: start.wal, migrations: input.migrations, files };
    await writeFile(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`);
    await rename(partial, dir);
    return { ...manifest, dir };
  } finally {
    await client.end();
  }
}
