import { chmod, mkdir, mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createDataSource, migrate } from '../../db/data-source';
import { ensureDatabase, startEmbeddedPostgres } from '../../db/embedded-postgres';
import { takeBaseBackup } from '../../db/backups/base-backup';
import { filesDirectory, mirrorNewFiles } from '../../db/backups/files-mirror';
import { listBaseBackups, pruneBackups } from '../../db/backups/retention';
import { RestoreError, restoreBackup } from '../../db/backups/restore';
import { archiveSettings, walDirectory } from '../../db/backups/wal-archive';
import { migrations } from '../../db/migrations';
import { queryServer } from './support/server-records';

/**
 * The embedded server's continuous backups against a dead disk: a server archiving its WAL into a
 * backup directory serves rows before, during and after a base backup; its cluster is deleted;
 * `restoreBackup` brings back every committed row (to the end of the archive) or exactly those
 * committed before a moment, with the uploads; and it refuses a non-empty target, a newer schema,
 * a damaged base backup and a broken archive.
 */

const root = await mkdtemp(path.join(tmpdir(), 'trivia-backups-'));
// As root the server runs as the `postgres` user, which must reach the folders below.
await chmod(root, 0o755);
afterAll(() => rm(root, { recursive: true, force: true }));

const known = migrations.map((migration) => migration.name);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Finishes the current WAL segment and waits until the server has archived it. */
async function archiveNow(url: string): Promise<void> {
  const [{ wal }] = (await queryServer<{ wal: string }>(url, `SELECT pg_walfile_name(pg_switch_wal()) AS wal`)) as [{ wal: string }];
  for (let i = 0; i < 200; i++) {
    const [{ last }] = (await queryServer<{ last: string | null }>(url, `SELECT last_archived_wal AS last FROM pg_stat_archiver`)) as [{ last: string | null }];
    if (last !== null && last >= wal) return;
    await pause(50);
  }
  throw new Error(`${wal} was not archived`);
}

/** The companies of a restored DATA_DIR, by name prefix, read from a server started on it. */
async function restoredCompanies(dataDir: string): Promise<Record<string, number>> {
  const server = await startEmbeddedPostgres(dataDir);
  try {
    const rows = await queryServer<{ batch: string; n: number }>(
      server.serverUrl('trivia'),
      `SELECT split_part(name, ' ', 1) AS batch, count(*)::int AS n FROM companies WHERE name LIKE 'lote-%' GROUP BY 1 ORDER BY 1`,
    );
    return Object.fromEntries(rows.map((row) => [row.batch, row.n]));
  } finally {
    await server.stop();
  }
}

it('restores every committed row after the cluster is deleted, or those committed before a moment, and refuses what it cannot restore faithfully', async () => {
  const dataDir = path.join(root, 'data');
  const backupDir = path.join(root, 'backups');
  const uploadDir = path.join(dataDir, 'uploads');
  const server = await startEmbeddedPostgres(dataDir, undefined, {
    serverSettings: archiveSettings(walDirectory(backupDir), 60),
    writableDirs: [walDirectory(backupDir)],
  });
  await ensureDatabase(server.serverUrl('postgres'), 'trivia');
  const url = server.serverUrl('trivia');
  const dataSource = createDataSource({ url, poolSize: 2 });
  await dataSource.initialize();
  await migrate(dataSource);
  const addBatch = (batch: string) =>
    dataSource.query(`INSERT INTO companies (name) SELECT $1 || ' ' || i FROM generate_series(1, 40) i`, [`lote-${batch}`]);

  await addBatch('a');
  await mkdir(uploadDir);
  await writeFile(path.join(uploadDir, 'logo-1.png'), 'uno');
  const backup = await takeBaseBackup({ databaseUrl: url, clusterDir: path.join(dataDir, 'postgres'), backupDir, dataFiles: [path.join(dataDir, 'postgres-password')], migrations: known, fastStart: true });
  expect(await mirrorNewFiles(uploadDir, filesDirectory(backupDir))).toBe(1);
  expect(await mirrorNewFiles(uploadDir, filesDirectory(backupDir))).toBe(0);
  await addBatch('b');
  await archiveNow(url);
  await pause(1_100);
  const moment = new Date();
  await pause(1_100);
  await addBatch('c');
  await archiveNow(url);
  await dataSource.destroy();
  await server.stop();
  // The disk dies: the cluster and the uploads are gone, the backup directory (another disk) is not.
  await rm(dataDir, { recursive: true, force: true });

  const toEnd = path.join(root, 'to-end');
  const restored = await restoreBackup({ from: backupDir, dataDir: toEnd, uploadDir: path.join(toEnd, 'uploads'), knownMigrations: known });
  expect(restored.baseBackup).toBe(path.basename(backup.dir));
  expect(await restoredCompanies(toEnd)).toEqual({ 'lote-a': 40, 'lote-b': 40, 'lote-c': 40 });
  expect(await readdir(path.join(toEnd, 'uploads'))).toEqual(['logo-1.png']);

  const toMoment = path.join(root, 'to-moment');
  const before = await restoreBackup({ from: backupDir, dataDir: toMoment, uploadDir: path.join(toMoment, 'uploads'), to: moment, knownMigrations: known });
  expect(before.restoredTo!.getTime()).toBeLessThanOrEqual(moment.getTime());
  expect(await restoredCompanies(toMoment)).toEqual({ 'lote-a': 40, 'lote-b': 40 });

  const refused = (target: string, options: { knownMigrations?: string[]; to?: Date } = {}) =>
    restoreBackup({ from: backupDir, dataDir: path.join(root, target), uploadDir: path.join(root, target, 'uploads'), knownMigrations: known, ...options }).then(
      () => 'restored',
      (error: unknown) => (error instanceof RestoreError ? error.message : `not a RestoreError: ${String(error)}`),
    );
  expect(await refused('to-end')).toMatch(/is not empty/);
  // Code that lacks the newest migration the backup holds is refused, naming it.
  expect(await refused('older-code', { knownMigrations: known.slice(0, -1) })).toMatch(new RegExp(`newer release.*${known.at(-1)}`));
  expect(await refused('too-early', { to: new Date(backup.startedAt) })).toMatch(/No base backup .* finished before/);

  // A damaged copy and a broken archive are refused before anything is written.
  const label = path.join(backup.dir, 'cluster', 'backup_label');
  const labelText = await readFile(label, 'utf8');
  await writeFile(label, labelText.replace('START WAL LOCATION', 'START WAL LOCATION '));
  expect(await refused('damaged')).toMatch(/is damaged: cluster\/backup_label/);
  expect(await readdir(path.join(root, 'damaged')).catch(() => [])).toEqual([]);
  await writeFile(label, labelText);
  await unlink(path.join(walDirectory(backupDir), `${backup.startWal}.gz`));
  expect(await refused('broken')).toMatch(/WAL archive is broken/);

  // Retention keeps the newest backups and the WAL the oldest of them needs.
  const segments = async () => (await readdir(walDirectory(backupDir))).filter((name) => /^[0-9A-F]{24}\.gz$/.test(name)).sort();
  const earlier = (await segments()).filter((name) => name < backup.startWal);
  expect(earlier.length).toBeGreaterThan(0);
  expect((await listBaseBackups(backupDir)).length).toBe(1);
  expect(await pruneBackups(backupDir, 1)).toEqual({ backups: 0, walFiles: earlier.length });
  expect((await segments()).every((name) => name > backup.startWal)).toBe(true);
}, 120_000);
