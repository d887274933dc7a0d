import { OFFLINE_WINDOW_HOURS_DEFAULT } from '../../contract/kiosk-values';
import { liveQuery } from 'dexie';
import type { DeviceReceipt, MutationCounts, SyncMutationKind } from '../../contract';
import type { HeldRounds } from '../../contract/kiosk-holdings';
import { readPrunedCounts } from './confirmed-records';
import { readRefilled, type Refilled } from './refill';
import { pendingCounts, readHeldRounds } from './sync-status';
import { readMeta, triviaDb, type RejectedEntry, type TriviaDb } from './db';
import { changeIdleSeconds, readKioskConfig, type KioskConfig } from './kiosk-config';
import { checkPin, isValidPin, readPinHash, setPin, type PinCheck } from './kiosk-pin';
import { writeKioskMode } from './kiosk-setting';
import { callServer } from './server-call';
import { downloadPictures, pictureReadiness, type PictureReadiness } from './picture-download';

/**
 * What the staff panel reads and does on this device, loaded only when staff open it (the player
 * screen's first download stays small). Opening it needs the kiosk's PIN where one was set;
 * what it changes (idle timeout, PIN, kiosk mode) goes through the `StaffSession` that opening
 * returns, so nothing reaches those settings without passing the gate.
 */

export type KindCounts = Record<SyncMutationKind, number>;

/** What the device itself knows, as it changes. */
export interface DeviceRecords {
  deviceId: string | null;
  /**
   * What this device recorded, by kind: every registration, attempt and completion it queued.
   * Read from the device's own player and attempt records (the outbox's entries go once the server
   * acknowledges them), with those pruned a day after the server confirmed them (confirmed-records.ts)
   * counted in: one record per queued write.
   */
  recorded: KindCounts;
  /** Waiting in the outbox, by kind. */
  pending: KindCounts;
  /** The same, as rounds (and registrations without one): what staff count in. */
  held: HeldRounds;
  rejected: RejectedEntry[];
  lastSyncAt: string | null;
  lastSyncError: string | null;
  /**
   * The last time the server heard from this device with nothing left to send: its registration,
   * its kiosk setup, a heartbeat or a push that emptied the outbox, where the server's window for
   * its offline rounds opens (docs/fair-play.md).
   */
  lastContactAt: string | null;
  /** Past this long without contact, the results this device sends are held for review. */
  offlineWindowHours: number;
  kiosk: KioskConfig | null;
  /** What the server recovered from this device after it was restored (refill.ts), once it settled all of it. */
  refilled: Refilled | null;
}

export async function readDeviceRecords(db: TriviaDb): Promise<DeviceRecords> {
  const device = await db.device.get('device');
  const pruned = await readPrunedCounts(db);
  return {
    deviceId: device?.deviceId ?? null,
    recorded: {
      player: pruned.player + (await db.players.count()),
      attempt: pruned.attempt + (await db.attempts.count()),
      completion: pruned.completion + (await db.attempts.filter((attempt) => attempt.completedAt !== null).count()),
    },
    pending: await pendingCounts(db),
    held: await readHeldRounds(db),
    rejected: await db.rejected.orderBy('mutationId').toArray(),
    lastSyncAt: (await readMeta<string>(db, 'lastSyncAt')) ?? null,
    lastSyncError: (await readMeta<string>(db, 'lastSyncError')) ?? null,
    lastContactAt: (await readMeta<string>(db, 'lastContactAt')) ?? null,
    offlineWindowHours: (await readMeta<number>(db, 'offlineWindowHours')) ?? OFFLINE_WINDOW_HOURS_DEFAULT,
    kiosk: await readKioskConfig(db),
    refilled: await readRefilled(db),
  };
}

/** The device's records, read again whenever its database changes; returns the stop. */
export function watchDeviceRecords(onValue: (records: DeviceRecords) => void): () => void {
  const subscription = liveQuery(() => readDeviceRecords(triviaDb())).subscribe({ next: onValue, error: (error: unknown) => console.error(error) });
  return () => subscription.unsubscribe();
}

export type ServerReceipt =
  | { kind: 'received'; receipt: DeviceReceipt; at: string }
  /** The device never registered with the server: it has stored nothing from it. */
  | { kind: 'unregistered' }
  | { kind: 'failed'; message: string };

const RECEIPT_TIMEOUT_MS = 8_000;

/** What the server stored from this device (GET /api/devices/me/receipt, with the device's credentials). */
export async function fetchServerReceipt(db: TriviaDb = triviaDb()): Promise<ServerReceipt> {
  const device = await db.device.get('device');
  if (!device?.deviceId || !device.secret) return { kind: 'unregistered' };
  const answer = await callServer<DeviceReceipt>('GET', '/api/devices/me/receipt', undefined, {
    headers: { 'X-Device-Id': device.deviceId, 'X-Device-Secret': device.secret },
    timeoutMs: RECEIPT_TIMEOUT_MS,
  });
  if (answer.kind !== 'success' || !answer.body) return { kind: 'failed', message: answer.kind === 'success' ? 'Respuesta del servidor no válida' : answer.message };
  return { kind: 'received', receipt: answer.body, at: new Date().toISOString() };
}

/**
 * One kind's line of the receipt: what the device recorded, and where each of those writes stands:
 * confirmed, in review, discarded or rejected on the server, or still waiting on the device.
 * `unaccounted` is what neither side can place (the server lost part of what it had, or the
 * device registered anew): 0 when the line adds up, recorded = confirmed + in review + refused + pending.
 */
export interface ReceiptLine {
  recorded: number;
  confirmed: number;
  inReview: number;
  /** Refused: discarded by an organiser, or rejected by the server. */
  discarded: number;
  rejected: number;
  pending: number;
  unaccounted: number;
}

export function receiptLine(records: Pick<DeviceRecords, 'recorded' | 'pending'>, server: MutationCounts, kind: SyncMutationKind): ReceiptLine {
  const { confirmed, inReview, discarded, rejected } = server[kind];
  const recorded = records.recorded[kind];
  const pending = records.pending[kind];
  return { recorded, confirmed, inReview, discarded, rejected, pending, unaccounted: recorded - confirmed - inReview - discarded - rejected - pending };
}

/**
 * "Imágenes listas N de M": of the pictures of the kiosk's trivia (its stored copy), how many this
 * device holds for offline play; with `download`, after fetching those it lacks. Null when the
 * device holds no copy of the trivia.
 */
export async function readPictureReadiness(groupId: number, download = false, db: TriviaDb = triviaDb()): Promise<PictureReadiness | null> {
  const stored = await db.bundles.get(groupId);
  if (!stored) return null;
  return download ? downloadPictures(stored.bundle) : pictureReadiness(stored.bundle);
}

export interface StorageInfo {
  /** null where the browser cannot say. */
  persisted: boolean | null;
  usageBytes: number | null;
  quotaBytes: number | null;
}

export async function readStorageInfo(): Promise<StorageInfo> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  const persisted = storage?.persisted ? await storage.persisted().catch(() => null) : null;
  const estimate = storage?.estimate ? await storage.estimate().catch(() => undefined) : undefined;
  return { persisted, usageBytes: estimate?.usage ?? null, quotaBytes: estimate?.quota ?? null };
}

/**
 * The file staff send to support: the device, the app version, the counts, and each refused
 * write's summary (its document number masked, as kept) with the server's reason. No secret, no PIN.
 */
export function supportReport(input: { records: DeviceRecords; receipt: ServerReceipt; appVersion: string; storage: StorageInfo | null; now?: Date }) {
  const { records, receipt } = input;
  return {
    generatedAt: (input.now ?? new Date()).toISOString(),
    deviceId: records.deviceId,
    appVersion: input.appVersion,
    kiosk: records.kiosk ? { name: records.kiosk.name, questionGroupId: records.kiosk.groupId, idleSeconds: records.kiosk.idleSeconds } : null,
    lastSyncAt: records.lastSyncAt,
    lastSyncError: records.lastSyncError,
    refilled: records.refilled,
    storage: input.storage,
    counts: {
      recordedOnDevice: records.recorded,
      pending: records.pending,
      rejectedOnDevice: records.rejected.length,
      server: receipt.kind === 'received' ? { ...receipt.receipt.counts, lastMutationId: receipt.receipt.lastMutationId, lastSeenAt: receipt.receipt.lastSeenAt, readAt: receipt.at } : null,
    },
    rejected: records.rejected.map((entry) => ({
      mutationId: entry.mutationId,
      kind: entry.kind,
      reason: typeof entry.reason === 'string' ? entry.reason : '',
      createdAt: entry.createdAt,
      rejectedAt: entry.rejectedAt,
      payload: entry.payload,
    })),
  };
}
export type SupportReport = ReturnType<typeof supportReport>;

/** What staff may change once past the PIN. */
export interface StaffSession {
  setIdleSeconds(seconds: number): Promise<KioskConfig | null>;
  /** A new PIN (4–8 digits); false when it is not one. */
  changePin(pin: string): Promise<boolean>;
  leaveKioskMode(): Promise<void>;
}

function staffSession(db: TriviaDb): StaffSession {
  return {
    setIdleSeconds: (seconds) => changeIdleSeconds(db, seconds),
    async changePin(pin) {
      if (!isValidPin(pin)) return false;
      await setPin(db, pin);
      return true;
    },
    leaveKioskMode: () => writeKioskMode(db, false),
  };
}

export type StaffUnlock = { kind: 'opened'; session: StaffSession; hasPin: boolean } | Exclude<PinCheck, { kind: 'accepted' } | { kind: 'no-pin' }> | { kind: 'pin-required' };

/**
 * Opens the staff panel. A device with a PIN needs it (a wrong one counts towards the lockout);
 * a device where no PIN was ever set (kiosk mode switched on without a setup link) opens without one.
 */
export async function openStaffSession(pin?: string, db: TriviaDb = triviaDb()): Promise<StaffUnlock> {
  if (!(await readPinHash(db))) return { kind: 'opened', session: staffSession(db), hasPin: false };
  if (pin === undefined) return { kind: 'pin-required' };
  const check = await checkPin(db, pin);
  if (check.kind === 'accepted' || check.kind === 'no-pin') return { kind: 'opened', session: staffSession(db), hasPin: check.kind === 'accepted' };
  return check;
}
