import { Gauge, type Registry } from 'prom-client';
import type { BackupState } from '../platform/backups/keep-backed-up';

/**
 * The embedded server's continuous backups (docs/backups.md), read when scraped: how long ago the
 * last WAL segment and the last base backup were made, archive failures, and whether anything is
 * wrong now (`problem`, the owner's banner).
 */
export function registerBackupGauges(registry: Registry, state: () => Promise<BackupState>): void {
  const registers = [registry];
  const age = (at: Date | null) => (at ? (Date.now() - at.getTime()) / 1000 : undefined);
  const gauge = (name: string, help: string, read: (state: BackupState) => number | undefined) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        this.reset();
        const value = read(await state());
        if (value !== undefined) this.set(value);
      },
    });
  gauge('trivia_backup_last_archive_age_seconds', 'Seconds since the last WAL segment was archived; absent before the first.', (s) => age(s.lastArchivedAt));
  gauge('trivia_backup_last_base_backup_age_seconds', 'Seconds since the newest base backup finished; absent before the first.', (s) => age(s.lastBaseBackupAt));
  gauge('trivia_backup_archive_failures', 'WAL archive commands that failed since the statistics were reset.', (s) => s.archiveFailures);
  gauge('trivia_backup_problem', 'Whether the backups have a problem now (1), the one owners see on their banner, or not (0).', (s) => (s.problem ? 1 : 0));
}
