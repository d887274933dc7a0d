import Router from '@koa/router';
import type { BackupStatus } from '../../../contract';
import { ownerOnly } from '../access/route-access';
import type { BackupState } from './keep-backed-up';

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** GET /api/backups (owners): the continuous backups' state (contract/backups.ts). */
export function backupRoutes(maxLossSeconds: number | undefined, backups: (() => Promise<BackupState>) | undefined) {
  const router = new Router({ prefix: '/api' });
  router.get('/backups', ownerOnly, async (ctx) => {
    const state = backups && (await backups());
    ctx.body = {
      enabled: state !== undefined,
      maxLossSeconds: state ? (maxLossSeconds ?? null) : null,
      lastArchivedAt: iso(state?.lastArchivedAt ?? null),
      lastArchiveFailureAt: iso(state?.lastArchiveFailureAt ?? null),
      lastBaseBackupAt: iso(state?.lastBaseBackupAt ?? null),
      problem: state?.problem ?? null,
    } satisfies BackupStatus;
  });
  return router;
}
