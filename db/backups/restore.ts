import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, cp, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../embedded-postgres';
import { giveToPostgresUser } from '../postgres-user';
import { CLUSTER, DATA_FILES, type BaseManifest } from './base-backup';
import { filesDirectory } from './files-mirror';
import { listBaseBackups } from './retention';
import { restoreCommand, walDirectory } from './wal-archive';

/**
 * `npm run restore`: a backup directory made by a running server (db/backups/) back into an empty
 * DATA_DIR, to the end of its WAL archive or to a moment. The newest base backup that finished
 * before that moment is checked (every file's size and SHA-256, the WAL segments from its start
 * without a gap, a schema this code knows), copied, and replayed by PostgreSQL itself up to the
 * moment; then the server is stopped, and `npm start` serves the restored data.
 */

/** A restore refused or failed, with what to do about it. */
export class RestoreError extends Error {}

/** A WAL segment's place in its timeline's sequence (16 MB segments: 256 per log file). */
const segmentIndex = (name: string) => parseInt(name.slice(8, 16), 16) * 256 + parseInt(name.slice(16, 24), 16);

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Refuses a backup whose files are missing or not what its manifest says. */
async function checkFiles(backup: BaseManifest & { dir: string }): Promise<void> {
  for (const file of backup.files) {
    const at = path.join(backup.dir, file.path);
    const size = (await stat(at).catch(() => undefined))?.size;
    if (size !== file.size || (await sha256Of(at)) !== file.sha256) {
      throw new RestoreError(`The base backup ${path.basename(backup.dir)} is damaged: ${file.path} is ${size === undefined ? 'missing' : 'not the file it copied'}.`);
    }
  }
}

/**
 * The archive's segments from the backup's start: refused when its first one is missing or when one
 * is missing between two present (a restore would stop there without saying so). Returns the last.
 */
async function checkWal(backupDir: string, startWal: string): Promise<string> {
  const timeline = startWal.slice(0, 8);
  const names = (await readdir(walDirectory(backupDir)).catch(() => [] as string[]))
    .map((name) => name.replace(/\.gz$/, ''))
    .filter((name) => /^[0-9A-F]{24}$/.test(name) && name.slice(0, 8) === timeline && name >= startWal)
    .sort();
  if (names[0] !== startWal) throw new RestoreError(`The WAL archive is broken: ${startWal}, where the base backup starts, is missing from ${walDirectory(backupDir)}.`);
  for (let i = 1; i < names.length; i++) {
    if (segmentIndex(names[i]!) !== segmentIndex(names[i - 1]!) + 1) {
      throw new RestoreError(`The WAL archive is broken: the segments after ${names[i - 1]} up to ${names[i]} are missing; what was written after them cannot be replayed.`);
    }
  }
  return names.at(-1)!;
}

export interface RestoreInput {
  /** The backup directory (BACKUP_DIR of the server that made it). */
  from: string;
  dataDir: string;
  uploadDir: string;
  /** Replay up to this moment; the end of the archive when undefined. */
  to?: Date | undefined;
  /** The migrations this code knows: a backup with others is of a newer release. */
  knownMigrations: string[];
  say?: (line: string) => void;
}

export interface RestoreOutcome {
  baseBackup: string;
  /** The moment of the last transaction replayed (null: none after the base backup). */
  restoredTo: Date | null;
}

export async function restoreBackup(input: RestoreInput): Promise<RestoreOutcome> {
  const say = input.say ?? (() => undefined);
  const existing = await readdir(input.dataDir).catch(() => [] as string[]);
  if (existing.length > 0) throw new RestoreError(`DATA_DIR (${input.dataDir}) is not empty: restore into an empty folder, so nothing there is overwritten.`);
  const backups = (await listBaseBackups(input.from)).filter((backup) => !input.to || new Date(backup.finishedAt) <= input.to);
  const backup = backups.at(-1);
  if (!backup) {
    throw new RestoreError(input.to ? `No base backup in ${input.from} finished before ${input.to.toISOString()}.` : `No base backup in ${input.from}.`);
  }
  const unknown = backup.migrations.filter((name) => !input.knownMigrations.includes(name));
  if (unknown.length > 0) {
    throw new RestoreError(`The backup is of a newer release (its database has migrations this code does not know: ${unknown.join(', ')}). Restore it with that release.`);
  }
  say(`Checking the base backup ${path.basename(backup.dir)} (${backup.files.length} files) and the WAL archive…`);
  await checkFiles(backup);
  const lastWal = await checkWal(input.from, backup.startWal);

  const clusterDir = path.join(input.dataDir, 'postgres');
  say(`Copying it into ${input.dataDir}…`);
  await cp(path.join(backup.dir, CLUSTER), clusterDir, { recursive: true });
  await cp(path.join(backup.dir, DATA_FILES), input.dataDir, { recursive: true });
  await cp(filesDirectory(input.from), input.uploadDir, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  for (const folder of ['pg_wal', 'pg_wal/archive_status']) await mkdir(path.join(clusterDir, folder), { recursive: true });
  await writeFile(path.join(clusterDir, 'recovery.signal'), '');
  await chmod(clusterDir, 0o700);
  await giveToPostgresUser(clusterDir, { recursive: true });

  say(`Replaying the WAL archive (up to ${lastWal})${input.to ? ` to ${input.to.toISOString()}` : ''}…`);
  const settings: Record<string, string> = {
    restore_command: restoreCommand(walDirectory(input.from)),
    recovery_target_action: 'promote',
    archive_mode: 'off',
    // In the form PostgreSQL reads (it refuses ISO 8601's T and Z).
    ...(input.to ? { recovery_target_time: input.to.toISOString().replace('T', ' ').replace('Z', '+00') } : {}),
  };
  // PostgreSQL's own words on why a replay stopped: its FATAL and PANIC lines.
  const fatal: string[] = [];
  const server = await startEmbeddedPostgres(input.dataDir, (line) => fatal.push(...line.split('\n').filter((l) => /FATAL|PANIC/.test(l))), { serverSettings: settings }).catch(() => {
    throw new RestoreError(
      `${input.to ? `PostgreSQL stopped before reaching ${input.to.toISOString()} (the archive ends at ${lastWal}): restore to an earlier moment, or without --to.` : 'PostgreSQL could not replay the archive.'}` +
        (fatal.length ? `\n${fatal.join('\n')}` : ''),
    );
  });
  try {
    const client = new pg.Client({ connectionString: server.serverUrl('postgres') });
    await client.connect();
    try {
      const [row] = (await client.query(`SELECT pg_is_in_recovery() AS recovering, pg_last_xact_replay_timestamp() AS replayed`)).rows;
      if (row.recovering) throw new RestoreError('PostgreSQL is still recovering; the restore did not finish.');
      return { baseBackup: path.basename(backup.dir), restoredTo: row.replayed ?? null };
    } finally {
      await client.end();
    }
  } finally {
    await server.stop();
  }
}
