import { Dexie, type EntityTable, type Table } from 'dexie';
import type { Mutation, ServerResult } from '../../contract';
import { maskedPayload } from './privacy';
import type { PlayBundle } from '../../contract';

export type MutationKind = Mutation['kind'];

export interface StoredBundle {
  groupId: number;
  version: string;
  bundle: PlayBundle;
  storedAt: string;
}

/**
 * One write waiting for the server, sent in mutationId order. The server's numbering rules it: a
 * resync renumbers the pending entries (order kept). Builds before version 3 also kept `rejected`
 * entries here; version 3 moves them to `rejected`.
 */
export interface OutboxEntry {
  mutationId: number;
  kind: MutationKind;
  payload: Mutation['payload'];
  status: 'pending' | 'rejected';
  lastError: string | null;
  createdAt: string;
  /** Sent again after the server lost it in a restore (refill.ts): counted for staff once settled. */
  refilled?: boolean;
}

/**
 * A write the server settled (applied, duplicate or kept unapplied), kept as it was sent for
 * DEVICE_KEEP_CONFIRMED_HOURS under the device id and mutation id it was settled with: a server restored
 * to an earlier moment gets it again (refill.ts). Keeps the document number: it may have to be sent.
 */
export interface SentEntry {
  deviceId: string;
  mutationId: number;
  kind: MutationKind;
  payload: Mutation['payload'];
  createdAt: string;
  confirmedAt: string;
  /** The server's id for what it applied (a registration's player id). */
  resultId?: number;
}

/**
 * A write the server refused, kept for staff with the server's reason. Its payload keeps the
 * document number masked ('*******890'): it will never be sent again, so the raw number is not kept.
 */
export interface RejectedEntry {
  id?: number;
  mutationId: number;
  kind: MutationKind;
  payload: Record<string, unknown>;
  reason: string;
  createdAt: string;
  rejectedAt: string;
}

/** The single device row (key 'device'): the server identity and the next mutation id to hand out. */
export interface DeviceState {
  key: 'device';
  deviceId: string | null;
  secret: string | null;
  nextMutationId: number;
  /** The server's note of when this device first asked to register and was refused for a busy address; sent with the next registration. */
  contactTicket?: string;
}

/**
 * A player this device has seen, found by a salted hash of the document, never by the number
 * itself. A kiosk of the trivia keeps the full name the server told it and the site; a phone keeps
 * the short name ("Ana M.") and, instead of the site, the company the server said the player is of.
 */
export interface KnownPlayer {
  hash: string;
  playerId: number | null;
  clientId: string | null;
  fullName: string;
  locationId: number | null;
  /** Set on a phone only: the player is of this company (its site was not told). */
  companyId?: number;
}

/** A player registered on this device (the document number lives only in its outbox entry, then its kept copy in `sent`). */
export interface LocalPlayer {
  clientId: string;
  fullName: string;
  documentTypeId: number;
  locationId: number;
  createdAt: string;
  /** When the server settled the registration (absent while it waits): kept for a while after (confirmed-records.ts). */
  confirmedAt?: string;
}

export interface LocalAttempt {
  clientId: string;
  playerId: number | null;
  playerClientId: string | null;
  questionGroupId: number;
  totalQuestions: number;
  startedAt: string;
  completedAt: string | null;
  correctAnswers: number | null;
  score: number | null;
  completionTime: number | null;
  /** The result as the server scored and timed it, once a push brought it back (absent before). */
  serverResult?: ServerResult;
  /**
   * When the server settled the round's last write (absent while anything of it waits): its
   * completion, or its start for a round left unfinished. Kept for a while after (confirmed-records.ts).
   */
  confirmedAt?: string;
}

/** Who is playing: a server id when known, else the device-made player's clientId. */
export interface PlayerRef {
  playerId: number | null;
  playerClientId: string | null;
  fullName: string;
  /** The salted document hash: the key for offline attempt counts. */
  hash: string;
  /**
   * The document the player typed, when the server named the player by its id: the attempt sends it
   * as the proof that it is the player's own (a bare id is not). Kept in memory and in the queued
   * attempt only, never in the attempt in progress.
   */
  document?: { documentTypeId: number; documentNumber: string };
}

export interface ChosenAnswer {
  questionId: number;
  /** Null: the question's clock ran out first ("Tiempo agotado"). On a "Varias correctas" question: the first of `answerIds`. */
  answerId: number | null;
  /** A "Varias correctas" question: every answer marked, ascending (contract/play-rules.ts `markedAnswers`). */
  answerIds?: number[];
  /** Milliseconds from showing the question to the tap. */
  elapsedMs?: number;
}

import type { AnswerJudgement } from '../../contract/play-rules';
export type { AnswerJudgement };

/** An attempt being played, kept so a reload resumes at the same question. One per trivia. */
export interface InProgressAttempt {
  groupId: number;
  attemptClientId: string;
  player: PlayerRef;
  questionIds: number[];
  answerOrder: Record<number, number[]>;
  answers: ChosenAnswer[];
  startedAt: string;
  /** A round the server dealt: the token that asks for each answer's verdict (absent for a round dealt on the device). */
  token?: string;
  /** A round the server dealt: its signed receipt (CreatedAttempt.receipt), sent with the completion. */
  receipt?: string;
  /** The verdict of each answer given so far, by question id, when it is known. */
  verdicts?: Record<number, AnswerJudgement>;
  /** "Necesito más tiempo": every clock of the round runs EXTRA_TIME_FACTOR times longer. */
  extraTime?: boolean;
  /** The question on screen and when it first appeared (wall clock, ms): a reload resumes its clock where it was. */
  shown?: { questionId: number; at: number };
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
  rejected: EntityTable<RejectedEntry, 'id'>;
  sent: Table<SentEntry, [string, number]>;
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

export const STORES_V3 = { ...STORES_V1, rejected: '++id, mutationId' };

/**
 * Indexes for every lookup the device makes as its history grows: an outbox entry by the record
 * it writes (`payload.clientId`: a registration's player, an attempt's round), a known player by
 * the registration that made it, and confirmed records by when the server settled them.
 */
export const STORES_V4 = {
  ...STORES_V3,
  outbox: 'mutationId, status, payload.clientId',
  knownPlayers: 'hash, clientId',
  players: 'clientId, confirmedAt',
  attempts: 'clientId, questionGroupId, confirmedAt',
};

/** What the server settled, by device and mutation id, pruned by when it was settled. */
export const STORES_V5 = { ...STORES_V4, sent: '[deviceId+mutationId], confirmedAt' };

/**
 * What the staff's badge and panel count of the waiting writes, read from the outbox's indexes
 * alone (sync-status.ts), so a push does not read every waiting payload again: each write by its
 * kind, a registration's and a round start's own id, a result's round, a round start's player.
 */
export const STORES_V6 = {
  ...STORES_V5,
  outbox: 'mutationId, status, payload.clientId, [status+kind], [status+kind+payload.clientId], [status+payload.attemptClientId], [status+payload.playerClientId]',
};

/** The record kept for staff when the server refuses an outbox entry. */
export function rejectedFrom(entry: OutboxEntry, reason: string, rejectedAt = new Date().toISOString()): RejectedEntry {
  return { mutationId: entry.mutationId, kind: entry.kind, payload: maskedPayload(entry.payload), reason, createdAt: entry.createdAt, rejectedAt };
}

/**
 * The kiosk's IndexedDB. Schema changes add a new `version(n)` with an upgrade that migrates the
 * outbox: a schema change must never drop writes that have not reached the server.
 */
export function openTriviaDb(name = 'triviando'): TriviaDb {
  const db = new Dexie(name) as TriviaDb;
  db.version(1).stores(STORES_V1);
  // Version 2 used to cap long completions already queued. It rewrote payloads that may already
  // have reached the server (which then refused the resend as a mismatch), so it does nothing now:
  // an upgrade never rewrites a pending payload.
  db.version(2).stores(STORES_V1);
  // Rejected entries leave the outbox for their own store, their document number masked.
  db.version(3)
    .stores(STORES_V3)
    .upgrade(async (tx) => {
      const outbox = tx.table<OutboxEntry, number>('outbox');
      const refused = await outbox.where('status').equals('rejected').toArray();
      await tx.table<RejectedEntry, number>('rejected').bulkAdd(refused.map((entry) => rejectedFrom(entry, entry.lastError ?? '', entry.createdAt)));
      await outbox.bulkDelete(refused.map((entry) => entry.mutationId));
    });
  // Indexed lookups; the records whose writes already left the outbox count as confirmed now.
  db.version(4)
    .stores(STORES_V4)
    .upgrade(async (tx) => {
      const waiting = new Set<string>();
      await tx.table<OutboxEntry, number>('outbox').each((entry) => {
        const ids = entry.payload as { clientId?: string; attemptClientId?: string };
        waiting.add(ids.clientId ?? ids.attemptClientId ?? '');
      });
      const now = new Date().toISOString();
      await tx.table<LocalPlayer, string>('players').toCollection().modify((player) => {
        if (!waiting.has(player.clientId)) player.confirmedAt = now;
      });
      const playing = new Set((await tx.table<InProgressAttempt, number>('inProgress').toArray()).map((state) => state.attemptClientId));
      await tx.table<LocalAttempt, string>('attempts').toCollection().modify((attempt) => {
        if (!waiting.has(attempt.clientId) && !playing.has(attempt.clientId)) attempt.confirmedAt = now;
      });
    });
  // A new store for what the server settled: nothing else changes, all data stays.
  db.version(5).stores(STORES_V5);
  // New outbox indexes, built by the browser from the entries there: no entry changes.
  db.version(6).stores(STORES_V6);
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
