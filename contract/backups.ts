import { z } from 'zod';

/**
 * GET /api/backups (owners): the embedded server's continuous backups as the owner's banner and
 * the operator see them (docs/backups.md). `problem` says, in the owner's words, what is wrong now
 * (null when nothing is).
 */
export const backupStatusSchema = z.object({
  /** False with DATABASE_URL (the database's operator keeps its backups) or BACKUP_DIR=off. */
  enabled: z.boolean(),
  /** At most this much of what was committed is lost with the disk (BACKUP_MAX_LOSS_SECONDS). */
  maxLossSeconds: z.number().nullable(),
  /** The last WAL segment archived (null: none yet). */
  lastArchivedAt: z.string().nullable(),
  /** When archiving last failed (null: never since the statistics were reset). */
  lastArchiveFailureAt: z.string().nullable(),
  /** The newest whole base backup's finish (null: none yet). */
  lastBaseBackupAt: z.string().nullable(),
  problem: z.string().nullable(),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;
