import { describe, expect, it } from 'vitest';
import { backupProblem } from '../../api/platform/backups/keep-backed-up';

/** What an owner's banner says of the backups (api/platform/backups/keep-backed-up.ts). */
describe('backupProblem', () => {
  const hour = 3600_000;
  const now = Date.parse('2026-12-06T16:00:00Z');
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);
  const healthy = { lastArchivedAt: at(1), archiveFailures: 0, lastArchiveFailureAt: null, lastBaseBackupAt: at(60), baseBackupError: null };

  it('says nothing when the archive and the base backups keep up, however long ago a quiet server archived', () => {
    expect(backupProblem(healthy, 6 * hour, now)).toBeNull();
    expect(backupProblem({ ...healthy, lastArchivedAt: at(600) }, 6 * hour, now)).toBeNull();
    // A failure the archive has since got past is over.
    expect(backupProblem({ ...healthy, archiveFailures: 3, lastArchiveFailureAt: at(5) }, 6 * hour, now)).toBeNull();
  });

  it('says the archive is failing when its last failure came after its last success, or before any', () => {
    expect(backupProblem({ ...healthy, archiveFailures: 1, lastArchiveFailureAt: at(0.5) }, 6 * hour, now)).toMatch(/no puede archivar/);
    expect(backupProblem({ ...healthy, lastArchivedAt: null, archiveFailures: 1, lastArchiveFailureAt: at(2) }, 6 * hour, now)).toMatch(/no puede archivar/);
  });

  it('says when the last base backup failed, and when none finished for twice its interval', () => {
    expect(backupProblem({ ...healthy, baseBackupError: 'ENOSPC: no space left on device' }, 6 * hour, now)).toMatch(/última copia base falló \(ENOSPC/);
    expect(backupProblem({ ...healthy, lastBaseBackupAt: at(13 * 60) }, 6 * hour, now)).toMatch(/No hay una copia base reciente/);
    expect(backupProblem({ ...healthy, lastBaseBackupAt: at(11 * 60) }, 6 * hour, now)).toBeNull();
  });
});
