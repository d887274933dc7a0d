import path from 'node:path';

/**
 * PostgreSQL's continuous archiving for the embedded server: every finished WAL segment (and
 * timeline history file) is copied, gzipped, into `<BACKUP_DIR>/wal` by the server itself
 * (`archive_command`), and a segment is finished at least every BACKUP_MAX_LOSS_SECONDS while
 * anything is written (`archive_timeout`), so a dead disk loses at most that much of what was
 * committed. A segment finished early is mostly zeros (new segments are zero-filled, not recycled),
 * so its gzip is small. The command never overwrites a file: the same segment archived again
 * (after a crash between the copy and PostgreSQL noting it) succeeds when its content is the same,
 * and fails loudly when it differs.
 */

/** The archive's folder of WAL segments in a backup directory. */
export const walDirectory = (backupDir: string) => path.join(backupDir, 'wal');

/** A shell word: the value in single quotes. */
const quoted = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** The shell command PostgreSQL runs for each finished file (`%p` its path, `%f` its name). */
export function archiveCommand(walDir: string): string {
  const target = `${quoted(walDir)}/%f.gz`;
  return [
    `if [ -f ${target} ]; then gzip -dc ${target} | cmp -s - %p; exit $?; fi`,
    `gzip -c %p > ${target}.part && sync ${target}.part && mv ${target}.part ${target} && sync ${quoted(walDir)}`,
  ].join('; ');
}

/** The shell command a restore gives PostgreSQL to fetch an archived file (a missing one ends the archive). */
export function restoreCommand(walDir: string): string {
  const source = `${quoted(walDir)}/%f.gz`;
  return `[ -f ${source} ] && gzip -dc ${source} > %p`;
}

/** The server settings that archive into `walDir`, finishing a segment at least every `maxLossSeconds`. */
export function archiveSettings(walDir: string, maxLossSeconds: number): Record<string, string> {
  return {
    wal_level: 'replica',
    archive_mode: 'on',
    archive_command: archiveCommand(walDir),
    archive_timeout: `${maxLossSeconds}s`,
    wal_recycle: 'off',
    wal_init_zero: 'on',
  };
}
