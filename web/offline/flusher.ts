import { v4 as uuid } from 'uuid';
import type { SyncReply } from '../../contract';
import { pruneConfirmed } from './confirmed-records';
import { writeMeta, type OutboxEntry, type TriviaDb } from './db';
import { ensureIdentity, renumberPending, resyncOutbox, type Identity } from './device-identity';
import { releaseLease, takeLease } from './flush-lease';
import { REQUEST_TIMEOUT_MS } from './http';
import { kioskCertificateHeaders } from './kiosk-config';
import { applyResults, reject } from './push-results';
import { callServer } from './server-call';

/** Entries in one push: the longest a round's deal waits behind the backlog is one push of these (server-deal.ts). */
export const BATCH_SIZE = 25;
const LOCK_NAME = 'triviando-outbox-flush';
/** Resyncs in a row without progress before a run gives up and backs off (a server that keeps moving its counter). */
const MAX_RESYNCS = 3;

export type FlushOutcome =
  | { status: 'idle' }
  /** Another tab is flushing (it holds the lease): it sends this tab's writes too. */
  | { status: 'busy' }
  /** The run stopped between two pushes when asked (`pauseBefore`), entries left for the next run. */
  | { status: 'paused'; settled: number; rejected: number }
  | { status: 'flushed'; settled: number; rejected: number }
  | { status: 'failed'; error: string; settled: number; rejected: number; retryAfterMs?: number };

export interface FlushOptions {
  batchSize?: number;
  timeoutMs?: number;
  /** Called before each push; false stops the run (this tab lost its lease). */
  stillOwner?: () => Promise<boolean>;
  /** Called before each push; true ends the run there (a round's deal is waiting for the lock, or the caller has what it needed). */
  pauseBefore?: () => boolean | Promise<boolean>;
}

/** The next `size` pending entries, oldest first (the index keeps equal statuses in mutationId order), and whether more wait behind them. */
async function nextBatch(db: TriviaDb, size: number): Promise<{ batch: OutboxEntry[]; more: boolean }> {
  const next = await db.outbox.where('status').equals('pending').limit(size + 1).toArray();
  return { batch: next.slice(0, size), more: next.length > size };
}

/**
 * Sends every pending entry, oldest first, in batches, acting on each reply's verdict:
 * - a per-mutation rejection moves that entry to the staff's list and the rest flows;
 * - `resync` (a gap, or an id the server holds with another payload) renumbers the pending
 *   entries past the server's counter and sends again (client UUIDs make a re-sent write safe);
 *   a counter below what the server once answered (a restore) first puts back what it lost (refill.ts);
 * - `device-unknown` registers the device anew (renumbering from 1, behind every kept write of
 *   the old identity) and sends again;
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
  const { batchSize = BATCH_SIZE, timeoutMs = REQUEST_TIMEOUT_MS, stillOwner, pauseBefore } = options;
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
    const { batch, more } = await nextBatch(db, oneByOne ? 1 : batchSize);
    if (batch.length === 0) break;
    if (pauseBefore && (await pauseBefore())) return { status: 'paused', settled, rejected };
    const mutations = batch.map(({ mutationId, kind, payload }) => ({ mutationId, kind, payload }));
    // The device's clock goes with the push: the server moves the device's times by the difference with its own.
    // `more`: the rest of the outbox follows in the next pushes of this run, all played before this contact.
    const answer = await callServer<SyncReply>('POST', '/api/sync', { sentAt: new Date().toISOString(), more, mutations }, {
      headers: { 'X-Device-Id': device.deviceId, 'X-Device-Secret': device.secret, ...kioskHeaders },
      timeoutMs,
    });
    switch (answer.kind) {
      case 'success': {
        const outcome = await applyResults(db, device.deviceId, batch, answer.body?.results ?? []);
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
        await resyncOutbox(db, device.deviceId, answer.lastMutationId);
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
  await pruneConfirmed(db);
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
/** Tasks of this page waiting for the flush lock (a round's deal): the flush under way stops before its next push for them. */
let waiting = 0;
const someoneWaits = () => waiting > 0;

/**
 * One flusher at a time: across tabs with Web Locks where the browser has them, else with the
 * lease in the database; within this page by sharing the run already under way.
 */
export function flushExclusively(db: TriviaDb): Promise<FlushOutcome> {
  running ??= (async () => {
    try {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      if (!locks) return await flushUnderLease(db, TAB_ID, { pauseBefore: someoneWaits });
      return (await locks.request(LOCK_NAME, () => flushOutbox(db, { pauseBefore: someoneWaits }))) as FlushOutcome;
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

const LEASE_POLL_MS = 50;
/** The lease's owner for a task ahead of the backlog: not this page's flush, which it must wait for. */
const PRIORITY_ID = `${TAB_ID}:priority`;

/**
 * Runs `task` holding the flush lock, ahead of the backlog: a flush under way in this page stops
 * before its next push (one push of at most BATCH_SIZE entries is the longest wait), and the lock
 * goes to the task before the next flush. Undefined when the lock cannot be had by `deadline` (a
 * push of another tab that hangs), without running the task.
 */
export async function withFlushLock<T>(db: TriviaDb, deadline: number, task: () => Promise<T>): Promise<T | undefined> {
  let holding = false;
  const held = () => {
    holding = true;
    waiting--;
    return task();
  };
  waiting++;
  try {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (locks) {
      const signal = AbortSignal.timeout(Math.max(1, deadline - Date.now()));
      try {
        return (await locks.request(LOCK_NAME, { signal }, held)) as T;
      } catch (error) {
        if (signal.aborted && !holding) return undefined;
        throw error;
      }
    }
    while (Date.now() < deadline) {
      if (await takeLease(db, PRIORITY_ID)) {
        try {
          return await held();
        } finally {
          await releaseLease(db, PRIORITY_ID);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, LEASE_POLL_MS));
    }
    return undefined;
  } finally {
    if (!holding) waiting--;
  }
}
