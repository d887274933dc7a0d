import type { HeldRounds } from '../../contract/kiosk-holdings';
import { readMeta, type OutboxEntry, type RejectedEntry, type TriviaDb } from './db';

/** What the kiosk's badge shows staff. */
export interface SyncStatus {
  pending: HeldRounds;
  rejected: RejectedEntry[];
  lastSyncAt: string | null;
  /** The last time the server heard from this device with nothing left to send (see `DeviceRecords`). */
  lastContactAt: string | null;
  lastSyncError: string | null;
  persisted: boolean | null;
}

/**
 * The rounds among waiting writes (a round's start and result are one round, however many of them
 * wait) and the registrations that wait without a round of theirs.
 */
export function heldRounds(entries: Pick<OutboxEntry, 'kind' | 'payload'>[]): HeldRounds {
  const rounds = new Set<string>();
  const playersWithRound = new Set<string>();
  const players: string[] = [];
  for (const { kind, payload } of entries) {
    const ids = payload as { clientId?: string; attemptClientId?: string; playerClientId?: string };
    if (kind === 'player') players.push(ids.clientId!);
    else rounds.add(kind === 'attempt' ? ids.clientId! : ids.attemptClientId!);
    if (ids.playerClientId) playersWithRound.add(ids.playerClientId);
  }
  return { rounds: rounds.size, registrations: players.filter((id) => !playersWithRound.has(id)).length };
}

export const pendingEntries = (db: TriviaDb): Promise<OutboxEntry[]> => db.outbox.where('status').equals('pending').toArray();

export async function readSyncStatus(db: TriviaDb): Promise<SyncStatus> {
  return {
    pending: heldRounds(await pendingEntries(db)),
    rejected: await db.rejected.orderBy('mutationId').toArray(),
    lastSyncAt: (await readMeta<string>(db, 'lastSyncAt')) ?? null,
    lastContactAt: (await readMeta<string>(db, 'lastContactAt')) ?? null,
    lastSyncError: (await readMeta<string>(db, 'lastSyncError')) ?? null,
    persisted: (await readMeta<boolean>(db, 'persistentStorage')) ?? null,
  };
}
