import { v4 as uuid } from 'uuid';
import type { Mutation, ServerResult, SyncReply, SyncResult } from '../../contract';
import { rejectedFrom, writeMeta, type OutboxEntry, type TriviaDb } from './db';
import { ensureIdentity, renumberPending, type Identity } from './device-identity';
import { releaseLease, takeLease } from './flush-lease';
import { REQUEST_TIMEOUT_MS } from './http';
import { kioskCertificateHeaders } from './kiosk-config';
import { callServer } from './server-call';

export const BATCH_SIZE = 50;
const LOCK_NAME = 'triviando-outbox-flush';
/** Resyncs in a row without progress before a run gives up and backs off (a server that keeps moving its counter). */
const MAX_RESYNCS = 3;

export type FlushOutcome =
  | { status: 'idle' }
  /** Another tab is flushing (it holds the lease): it sends this tab's writes too. */
  | { status: 'busy' }
  | { status: 'flushed'; settled: number; rejected: number }
  | { status: 'failed'; error: string; settled: number; rejected: number; retryAfterMs?: number };

export interface FlushOptions {
  batchSize?: number;
  timeoutMs?: number;
  /** Called before each push; false stops the run (this tab lost its lease). */
  stillOwner?: () => Promise<boolean>;
}

type Settled = { settled: number; rejected: number; answered: number };

/** A registration the server applied: later rounds of that player on this device use the server's player id. */
async function storePlayerId(db: TriviaDb, entry: OutboxEntry, id: number): Promise<void> {
  if (entry.kind !== 'player') return;
  const clientId = (entry.payload as Extract<Mutation, { kind: 'player' }>['payload']).clientId;
  await db.knownPlayers.filter((known) => known.clientId === clientId).modify({ playerId: id });
}

/** A completion the server scored: the result screen of a round played without verdicts shows it. */
async function storeServerResult(db: TriviaDb, entry: OutboxEntry, result: ServerResult): Promise<void> {
  if (entry.kind !== 'completion') return;
  const attemptClientId = (entry.payload as Extract<Mutation, { kind: 'completion' }>['payload']).attemptClientId;
  await db.attempts.update(attemptClientId, { serverResult: result });
}

/** Moves a refused entry out of the outbox into the staff's list, its document number masked. */
async function reject(db: TriviaDb, entry: OutboxEntry, reason: string): Promise<void> {
  await db.rejected.add(rejectedFrom(entry, reason || 'Rechazado por el servidor'));
  await db.outbox.delete(entry.mutationId);
}

/** Applies a push's reply: applied, duplicate and kept-unapplied entries (KEPT_UNAPPLIED) are settled (dropped), rejected ones move to the staff's list. */
async function applyResults(db: TriviaDb, entries: OutboxEntry[], results: SyncResult[]): Promise<Settled> {
  let settled = 0;
  let rejected = 0;
  let answered = 0;
  await db.transaction('rw', [db.outbox, db.rejected, db.players, db.attempts, db.knownPlayers], async () => {
    for (const result of results) {
      const entry = entries.find((e) => e.mutationId === result.mutationId);
      if (!entry) continue;
      answered++;
      if (result.status === 'rejected') {
        rejected++;
        await reject(db, entry, result.reason ?? '');
        continue;
      }
      if (result.id !== undefined) await storePlayerId(db, entry, result.id);
      if (result.result) await storeServerResult(db, entry, result.result);
      await db.outbox.delete(entry.mutationId);
      settled++;
    }
  });
  return { settled, rejected, answered };
}

const pendingEntries = (db: TriviaDb) => db.outbox.where('status').equals('pending').sortBy('mutationId');

/**
 * Sends every pending entry, oldest first, in batches, acting on each reply's verdict:
 * - a per-mutation rejection moves that entry to the staff's list and the rest flows;
 * - `resync` (a gap, or an id the server holds with another payload) renumbers the pending
 *   entries past the server's counter and sends again (client UUIDs make a re-sent write safe);
 * - `device-unknown` registers the device anew (renumbering from 1) and sends again;
 * - any other refusal of a whole push splits it: entries go one by one and the one the server
 *   refuses is rejected with the server's message, so no refused batch is ever retried as is;
 * - `transient` (no server, time-out, 5xx, 429) stops the run: everything stays pending.
 */
export async function flushOutbox(db: TriviaDb, options: FlushOptions = {}): Promise<FlushOutcome> {
  try {
    return await flushRun(db, options);
  } catch (error) {
    // The device's own storage failed (quota, a closed database): keep everything, try later.
    const message = error instanceof Error ? error.message : String(error);
    await writeMeta(db, 'lastSyncError', message).catch(() => undefined);
    return { status: 'failed', error: message, settled: 0, rejected: 0 };
  }
}

async function flushRun(db: TriviaDb, options: FlushOptions): Promise<FlushOutcome> {
  const { batchSize = BATCH_SIZE, timeoutMs = REQUEST_TIMEOUT_MS, stillOwner } = options;
  let settled = 0;
  let rejected = 0;
  const fail = async (error: string, retryAfterMs?: number): Promise<FlushOutcome> => {
    await writeMeta(db, 'lastSyncError', error);
    return { status: 'failed', error, settled, rejected, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
  };

  if ((await db.outbox.where('status').equals('pending').count()) === 0) return { status: 'idle' };
  const identity = await ensureIdentity(db, timeoutMs);
  if (identity.kind !== 'registered') return fail(identity.message, identity.kind === 'transient' ? identity.retryAfterMs : undefined);
  let device: Identity = identity.device;
  let oneByOne = false;
  let resyncs = 0;
  let reregistered = false;
  // A set-up kiosk's certificate goes with each push: a server that lost its row makes it a kiosk again.
  const kioskHeaders = await kioskCertificateHeaders(db);

  for (;;) {
    // Another tab took over an expired lease: it carries on from here.
    if (stillOwner && !(await stillOwner())) return { status: 'busy' };
    const pending = await pendingEntries(db);
    const batch = pending.slice(0, oneByOne ? 1 : batchSize);
    if (batch.length === 0) break;
    const mutations = batch.map(({ mutationId, kind, payload }) => ({ mutationId, kind, payload }));
    // The device's clock goes with the push: the server moves the device's times by the difference with its own.
    // `more`: the rest of the outbox follows in the next pushes of this run, all played before this contact.
    const answer = await callServer<SyncReply>('POST', '/api/sync', { sentAt: new Date().toISOString(), more: pending.length > batch.length, mutations }, {
      headers: { 'X-Device-Id': device.deviceId, 'X-Device-Secret': device.secret, ...kioskHeaders },
      timeoutMs,
    });
    switch (answer.kind) {
      case 'success': {
        const outcome = await applyResults(db, batch, answer.body?.results ?? []);
        settled += outcome.settled;
        rejected += outcome.rejected;
        // A reply that settles nothing would loop forever: try again later.
        if (outcome.answered === 0) return fail('El servidor no confirmó ninguna operación');
        resyncs = 0;
        break;
      }
      case 'transient':
        return fail(answer.message, answer.retryAfterMs);
      case 'resync':
        if (++resyncs > MAX_RESYNCS) return fail(answer.message);
        await renumberPending(db, answer.lastMutationId + 1);
        break;
      case 'device-unknown': {
        if (reregistered) return fail(answer.message);
        reregistered = true;
        const replaced = await ensureIdentity(db, timeoutMs, device);
        if (replaced.kind !== 'registered') return fail(replaced.message, replaced.kind === 'transient' ? replaced.retryAfterMs : undefined);
        device = replaced.device;
        break;
      }
      case 'refused':
        if (batch.length > 1) {
          oneByOne = true;
          break;
        }
        // The server never stored this one, so the entries behind it move down one to fill its place.
        await db.transaction('rw', [db.outbox, db.rejected, db.device], async () => {
          await reject(db, batch[0]!, answer.message);
          await renumberPending(db, batch[0]!.mutationId);
        });
        rejected++;
        break;
    }
  }
  await writeMeta(db, 'lastSyncAt', new Date().toISOString());
  // The outbox is empty and the server knows it: its anchor for this device's next rounds is now.
  await writeMeta(db, 'lastContactAt', new Date().toISOString());
  await writeMeta(db, 'lastSyncError', null);
  return { status: 'flushed', settled, rejected };
}

/** This page's id for the flush lease. */
const TAB_ID = uuid();

/** One flush under the database lease (browsers without Web Locks); `busy` while another tab holds it. */
export async function flushUnderLease(db: TriviaDb, owner: string, options: FlushOptions = {}): Promise<FlushOutcome> {
  if (!(await takeLease(db, owner))) return { status: 'busy' };
  try {
    return await flushOutbox(db, { ...options, stillOwner: () => takeLease(db, owner) });
  } finally {
    await releaseLease(db, owner);
  }
}

let running: Promise<FlushOutcome> | null = null;

/**
 * One flusher at a time: across tabs with Web Locks where the browser has them, else with the
 * lease in the database; within this page by sharing the run already under way.
 */
export function flushExclusively(db: TriviaDb): Promise<FlushOutcome> {
  running ??= (async () => {
    try {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      if (!locks) return await flushUnderLease(db, TAB_ID);
      return (await locks.request(LOCK_NAME, () => flushOutbox(db))) as FlushOutcome;
    } finally {
      running = null;
    }
  })();
  return running;
}

/**
 * The device's identity, registered by one tab at a time as the flusher runs (Web Locks, else the
 * database lease), so two tabs that open at once register one device, not two. Undefined while
 * another tab holds the lease: it is registering, or flushing, and the next contact will find it.
 */
export async function identityExclusively(db: TriviaDb, timeoutMs: number): Promise<Awaited<ReturnType<typeof ensureIdentity>> | undefined> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks) return (await locks.request(LOCK_NAME, () => ensureIdentity(db, timeoutMs))) as Awaited<ReturnType<typeof ensureIdentity>>;
  if (!(await takeLease(db, TAB_ID))) return undefined;
  try {
    return await ensureIdentity(db, timeoutMs);
  } finally {
    await releaseLease(db, TAB_ID);
  }
}
