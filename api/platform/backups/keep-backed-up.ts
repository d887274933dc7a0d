import path from 'node:path';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { takeBaseBackup } from '../../../db/backups/base-backup';
import { filesDirectory, mirrorNewFiles } from '../../../db/backups/files-mirror';
import { listBaseBackups, pruneBackups } from '../../../db/backups/retention';
import type { BackupSettings } from '../config';

/** The backups as an owner and a scraper see them. */
export interface BackupState {
  /** What is wrong now, in the owner's words (`backupProblem`); null when nothing is. */
  problem: string | null;
  /** The last WAL segment archived, and when (null: none yet since the cluster was made). */
  lastArchivedAt: Date | null;
  /** Archive commands that failed since the server started, and the last failure's time. */
  archiveFailures: number;
  lastArchiveFailureAt: Date | null;
  /** The newest whole base backup's finish (null: none yet). */
  lastBaseBackupAt: Date | null;
  /** The last base backup's failure, cleared by the next success. */
  baseBackupError: string | null;
}

/**
 * What is wrong with the backups now, or null: archiving failing since its last success (the
 * server holds the segment and retries it; nothing after it is backed up), the last base backup
 * failed, or none finished for twice its interval. An old last archive alone is not a problem: a
 * server with nothing written finishes no segment.
 */
export function backupProblem(state: Omit<BackupState, 'problem'>, baseEveryMs: number, now = Date.now()): string | null {
  const failing = state.lastArchiveFailureAt && (!state.lastArchivedAt || state.lastArchiveFailureAt > state.lastArchivedAt);
  if (failing) return 'El servidor no puede archivar los cambios de la base de datos: los resultados nuevos no quedan respaldados. Revisa el disco de BACKUP_DIR.';
  if (state.baseBackupError) return `La última copia base falló (${state.baseBackupError}). Se reintenta en la próxima; revisa el disco de BACKUP_DIR.`;
  if (state.lastBaseBackupAt && now - state.lastBaseBackupAt.getTime() > 2 * baseEveryMs) return 'No hay una copia base reciente: la última terminó hace más del doble de BACKUP_BASE_HOURS.';
  return null;
}

/** How often the archive's state is read (a failure logged) and new uploads copied. */
const CHECK_EVERY_MS = 60_000;

interface ArchiverRow {
  last_archived_time: Date | null;
  failed_count: string;
  last_failed_time: Date | null;
  last_failed_wal: string | null;
}

/**
 * Keeps the embedded server backed up while it serves: a base backup at start (not awaited: the
 * server answers meanwhile) and every `baseEveryMs`, each followed by the retention and a copy of
 * the new uploads; the uploads copied and the WAL archive checked every minute too. A failure is
 * logged as an error every time it is seen (never silently retried), and shows in `state()`.
 */
export function keepBackedUp(input: {
  settings: BackupSettings;
  dataSource: DataSource;
  /** The embedded server's maintenance URL (a base backup holds a connection of its own) and its cluster folder. */
  serverUrl: string;
  clusterDir: string;
  /** DATA_DIR's files a restore needs (the server's password, the session secret). */
  dataFiles: string[];
  uploadDir: string;
  logger: Logger;
}) {
  const { settings, dataSource, logger } = input;
  let lastBaseBackupAt: Date | null = null;
  let baseBackupError: string | null = null;
  let failuresSeen = 0;
  let running: Promise<void> | undefined;

  const copyUploads = () =>
    mirrorNewFiles(input.uploadDir, filesDirectory(settings.dir)).catch((error: unknown) => logger.error({ err: error }, 'backups: copying the uploads failed'));

  /** `fastStart` for the backup at the server's start, before any crowd: its checkpoint need not be spread. */
  const baseBackup = async (fastStart: boolean) => {
    try {
      const migrations = ((await dataSource.query(`SELECT name FROM migrations ORDER BY id`)) as { name: string }[]).map((row) => row.name);
      const taken = await takeBaseBackup({ databaseUrl: input.serverUrl, clusterDir: input.clusterDir, backupDir: settings.dir, dataFiles: input.dataFiles, migrations, fastStart });
      lastBaseBackupAt = new Date(taken.finishedAt);
      baseBackupError = null;
      const pruned = await pruneBackups(settings.dir, settings.keep);
      logger.info({ backup: path.basename(taken.dir), files: taken.files.length, pruned }, 'backups: base backup taken');
    } catch (error) {
      baseBackupError = error instanceof Error ? error.message : String(error);
      logger.error({ err: error }, 'backups: the base backup failed');
    }
    await copyUploads();
  };
  /** One base backup at a time: a timer that fires during one waits for it. */
  const startBaseBackup = (fastStart = false) => (running ??= baseBackup(fastStart).finally(() => (running = undefined)));

  const readArchiver = async (): Promise<ArchiverRow> => (await dataSource.query(`SELECT last_archived_time, failed_count, last_failed_time, last_failed_wal FROM pg_stat_archiver`))[0];
  const check = async () => {
    try {
      const row = await readArchiver();
      const failures = Number(row.failed_count);
      if (failures > failuresSeen) logger.error({ wal: row.last_failed_wal, failures }, 'backups: archiving a WAL segment failed (the server retries it; see its log)');
      failuresSeen = failures;
    } catch (error) {
      logger.error({ err: error }, 'backups: reading the archive state failed');
    }
    await copyUploads();
  };

  const first = (async () => {
    lastBaseBackupAt = (await listBaseBackups(settings.dir)).map((backup) => new Date(backup.finishedAt)).at(-1) ?? null;
    await startBaseBackup(true);
  })();
  const timers = [setInterval(() => void startBaseBackup(), settings.baseEveryMs), setInterval(() => void check(), CHECK_EVERY_MS)];
  for (const timer of timers) timer.unref();

  return {
    /** The first base backup, settled (for tests and a clean stop). */
    first,
    /** Takes a base backup now (one at a time), with a spread checkpoint. */
    baseBackupNow: () => startBaseBackup(),
    async state(): Promise<BackupState> {
      const row = await readArchiver();
      const state = {
        lastArchivedAt: row.last_archived_time,
        archiveFailures: Number(row.failed_count),
        lastArchiveFailureAt: row.last_failed_time,
        lastBaseBackupAt,
        baseBackupError,
      };
      return { ...state, problem: backupProblem(state, settings.baseEveryMs) };
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await running;
    },
  };
}

export type BackupKeeper = ReturnType<typeof keepBackedUp>;
