import type { HeldRounds } from '../../contract/kiosk-holdings';
import Dexie from 'dexie';
import { readMeta, type MutationKind, type RejectedEntry, type TriviaDb } from './db';

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
 * wait) and the registrations that wait without a round of theirs, from the outbox's indexes
 * (STORES_V6): no payload is read, so the count costs the same however large the payloads.
 */
export async function readHeldRounds(db: TriviaDb): Promise<HeldRounds> {
  const last = (keys: unknown[]) => keys.map((key) => (key as string[]).at(-1)!);
  const byKind = (kind: MutationKind) =>
    db.outbox.where('[status+kind+payload.clientId]').between(['pending', kind, Dexie.minKey], ['pending', kind, Dexie.maxKey]).keys();
  const pendingKeys = (index: string) => db.outbox.where(index).between(['pending', Dexie.minKey], ['pending', Dexie.maxKey]).keys();
  const [started, resulted, registered, playing] = await Promise.all([
    byKind('attempt'),
    pendingKeys('[status+payload.attemptClientId]'),
    byKind('player'),
    pendingKeys('[status+payload.playerClientId]'),
  ]);
  const playersWithRound = new Set(last(playing));
  return {
    rounds: new Set([...last(started), ...last(resulted)]).size,
    registrations: last(registered).filter((id) => !playersWithRound.has(id)).length,
  };
}

/** How many writes of each kind wait, counted on the outbox's index. */
export async function pendingCounts(db: TriviaDb): Promise<Record<MutationKind, number>> {
  const count = (kind: MutationKind) => db.outbox.where('[status+kind]').equals(['pending', kind]).count();
  const [player, attempt, completion] = await Promise.all([count('player'), count('attempt'), count('completion')]);
  return { player, attempt, completion };
}


export async function readSyncStatus(db: TriviaDb): Promise<SyncStatus> {
  return {
    pending: await readHeldRounds(db),
    rejected: await db.rejected.orderBy('mutationId').toArray(),
    lastSyncAt: (await readMeta<string>(db, 'lastSyncAt')) ?? null,
    lastContactAt: (await readMeta<string>(db, 'lastContactAt')) ?? null,
    lastSyncError: (await readMeta<string>(db, 'lastSyncError')) ?? null,
    persisted: (await readMeta<boolean>(db, 'persistentStorage')) ?? null,
  };
}
