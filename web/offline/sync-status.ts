import { readMeta, type RejectedEntry, type TriviaDb } from './db';

/** What the kiosk's badge shows staff. */
export interface SyncStatus {
  pending: number;
  rejected: RejectedEntry[];
  lastSyncAt: string | null;
  lastSyncError: string | null;
  persisted: boolean | null;
}

export async function readSyncStatus(db: TriviaDb): Promise<SyncStatus> {
  return {
    pending: await db.outbox.where('status').equals('pending').count(),
    rejected: await db.rejected.orderBy('mutationId').toArray(),
    lastSyncAt: (await readMeta<string>(db, 'lastSyncAt')) ?? null,
    lastSyncError: (await readMeta<string>(db, 'lastSyncError')) ?? null,
    persisted: (await readMeta<boolean>(db, 'persistentStorage')) ?? null,
  };
}
