import { Dexie, type EntityTable } from 'dexie';
import { MAX_COMPLETION_SECONDS, type Mutation } from '../../contract';
import type { PlayBundle } from '../../contract';

export type MutationKind = Mutation['kind'];

export interface StoredBundle {
  groupId: number;
  version: string;
  bundle: PlayBundle;
  storedAt: string;
}

/**
 * One write waiting for the server. `pending` entries are sent in mutationId order; `rejected`
 * ones stay for staff to see (the server will never accept them, but nothing is dropped).
 */
export interface OutboxEntry {
  mutationId: number;
  kind: MutationKind;
  payload: Mutation['payload'];
  status: 'pending' | 'rejected';
  lastError: string | null;
  createdAt: string;
}

/** The single device row (key 'device'): the server identity and the next mutation id to hand out. */
export interface DeviceState {
  key: 'device';
  deviceId: string | null;
  secret: string | null;
  nextMutationId: number;
}

/** A player this device has seen, found by a salted hash of the document, never by the number itself. */
export interface KnownPlayer {
  hash: string;
  playerId: number | null;
  clientId: string | null;
  fullName: string;
  locationId: number | null;
}

/** A player registered on this device (the document number lives only in the outbox entry). */
export interface LocalPlayer {
  clientId: string;
  serverId: number | null;
  fullName: string;
  documentTypeId: number;
  locationId: number;
  createdAt: string;
}

export interface LocalAttempt {
  clientId: string;
  serverId: number | null;
  playerId: number | null;
  playerClientId: string | null;
  questionGroupId: number;
  totalQuestions: number;
  startedAt: string;
  completedAt: string | null;
  correctAnswers: number | null;
  score: number | null;
  completionTime: number | null;
}

/** Who is playing: a server id when known, else the device-made player's clientId. */
export interface PlayerRef {
  playerId: number | null;
  playerClientId: string | null;
  fullName: string;
  /** The salted document hash: the key for offline attempt counts. */
  hash: string;
}

export interface ChosenAnswer {
  questionId: number;
  answerId: number;
}

/** An attempt being played, kept so a reload resumes at the same question. One per trivia. */
export interface InProgressAttempt {
  groupId: number;
  attemptClientId: string;
  player: PlayerRef;
  questionIds: number[];
  answerOrder: Record<number, number[]>;
  answers: ChosenAnswer[];
  startedAt: string;
}

export interface AttemptCount {
  key: string;
  count: number;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export type TriviaDb = Dexie & {
  bundles: EntityTable<StoredBundle, 'groupId'>;
  outbox: EntityTable<OutboxEntry, 'mutationId'>;
  device: EntityTable<DeviceState, 'key'>;
  knownPlayers: EntityTable<KnownPlayer, 'hash'>;
  players: EntityTable<LocalPlayer, 'clientId'>;
  attempts: EntityTable<LocalAttempt, 'clientId'>;
  inProgress: EntityTable<InProgressAttempt, 'groupId'>;
  attemptCounts: EntityTable<AttemptCount, 'key'>;
  meta: EntityTable<MetaRow, 'key'>;
};

export const STORES_V1 = {
  bundles: 'groupId',
  outbox: 'mutationId, status',
  device: 'key',
  knownPlayers: 'hash',
  players: 'clientId',
  attempts: 'clientId, questionGroupId',
  inProgress: 'groupId',
  attemptCounts: 'key',
  meta: 'key',
};

/**
 * The kiosk's IndexedDB. Schema changes add a new `version(n)` with an upgrade that migrates the
 * outbox: a schema change must never drop writes that have not reached the server.
 */
export function openTriviaDb(name = 'triviando'): TriviaDb {
  const db = new Dexie(name) as TriviaDb;
  db.version(1).stores(STORES_V1);
  // Earlier builds could queue a completion over the contract's 24 h, which the server refuses:
  // the server never stored it, so capping the waiting payload is safe and unblocks the outbox.
  db.version(2)
    .stores(STORES_V1)
    .upgrade((tx) =>
      tx
        .table<OutboxEntry, number>('outbox')
        .where('status')
        .equals('pending')
        .modify((entry) => {
          const payload = entry.payload as { completionTime?: number };
          if (entry.kind === 'completion' && (payload.completionTime ?? 0) > MAX_COMPLETION_SECONDS) payload.completionTime = MAX_COMPLETION_SECONDS;
        }),
    );
  return db;
}

let shared: TriviaDb | undefined;

/** The app's one database connection. */
export function triviaDb(): TriviaDb {
  shared ??= openTriviaDb();
  return shared;
}

export async function readMeta<T>(db: TriviaDb, key: string): Promise<T | undefined> {
  return (await db.meta.get(key))?.value as T | undefined;
}

export async function writeMeta(db: TriviaDb, key: string, value: unknown): Promise<void> {
  await db.meta.put({ key, value });
}
