import { ApiError, request } from '../lib/api';
import type { DeviceRegistration, Mutation, SyncReply } from '../../contract';
import { isNetworkFailure, reportReachable, REQUEST_TIMEOUT_MS } from './connectivity';
import { writeMeta, type DeviceState, type OutboxEntry, type TriviaDb } from './db';

export const BATCH_SIZE = 50;
const LOCK_NAME = 'triviando-outbox-flush';

export type FlushOutcome =
  | { status: 'idle' }
  | { status: 'flushed'; settled: number; rejected: number }
  | { status: 'failed'; error: string; retryable: boolean };

/** The server does not want to see this batch again as is (bad request, unknown device...). */
const isRetryable = (error: unknown) =>
  isNetworkFailure(error) || (error instanceof ApiError && (error.status >= 500 || error.status === 429 || error.status === 408));

async function ensureDevice(db: TriviaDb, timeoutMs: number): Promise<DeviceState & { deviceId: string; secret: string }> {
  const device = (await db.device.get('device')) ?? { key: 'device' as const, deviceId: null, secret: null, nextMutationId: 1 };
  if (device.deviceId && device.secret) return device as DeviceState & { deviceId: string; secret: string };
  const registration = await request<DeviceRegistration>('POST', '/api/devices', {}, { timeoutMs });
  // Read again inside the write: mutation ids may have been handed out meanwhile.
  return db.transaction('rw', db.device, async () => {
    const current = (await db.device.get('device')) ?? device;
    const next = { ...current, deviceId: registration.deviceId, secret: registration.secret };
    await db.device.put(next);
    return next;
  });
}

/** Stores the server ids an applied mutation returned, so later screens can use them. */
async function storeServerId(db: TriviaDb, entry: OutboxEntry, id: number): Promise<void> {
  if (entry.kind === 'player') {
    const clientId = (entry.payload as Extract<Mutation, { kind: 'player' }>['payload']).clientId;
    await db.players.update(clientId, { serverId: id });
    await db.knownPlayers.filter((known) => known.clientId === clientId).modify({ playerId: id });
  } else if (entry.kind === 'attempt') {
    await db.attempts.update((entry.payload as Extract<Mutation, { kind: 'attempt' }>['payload']).clientId, { serverId: id });
  }
}

async function sendBatch(db: TriviaDb, device: { deviceId: string; secret: string }, entries: OutboxEntry[], timeoutMs: number) {
  const mutations = entries.map(({ mutationId, kind, payload }) => ({ mutationId, kind, payload }));
  const reply = await request<SyncReply>('POST', '/api/sync', { mutations }, {
    headers: { 'X-Device-Id': device.deviceId, 'X-Device-Secret': device.secret },
    timeoutMs,
  });
  let settled = 0;
  let rejected = 0;
  await db.transaction('rw', [db.outbox, db.players, db.attempts, db.knownPlayers], async () => {
    for (const result of reply.results) {
      const entry = entries.find((e) => e.mutationId === result.mutationId);
      if (!entry) continue;
      if (result.status === 'rejected') {
        rejected++;
        await db.outbox.update(entry.mutationId, { status: 'rejected', lastError: result.reason ?? 'Rechazado por el servidor' });
        continue;
      }
      if (result.id !== undefined) await storeServerId(db, entry, result.id);
      await db.outbox.delete(entry.mutationId);
      settled++;
    }
  });
  return { settled, rejected, answered: reply.results.length };
}

/**
 * Sends every pending entry, oldest first, in batches; stops at the first failure. A push the
 * server does not answer within `timeoutMs` is a network failure: its entries stay pending.
 */
export async function flushOutbox(db: TriviaDb, batchSize = BATCH_SIZE, timeoutMs = REQUEST_TIMEOUT_MS): Promise<FlushOutcome> {
  let settled = 0;
  let rejected = 0;
  try {
    if ((await db.outbox.where('status').equals('pending').count()) === 0) return { status: 'idle' };
    const device = await ensureDevice(db, timeoutMs);
    for (;;) {
      const batch = await db.outbox.where('status').equals('pending').sortBy('mutationId');
      if (batch.length === 0) break;
      const outcome = await sendBatch(db, device, batch.slice(0, batchSize), timeoutMs);
      settled += outcome.settled;
      rejected += outcome.rejected;
      // A reply that settles nothing would loop forever: leave the rest for the next run.
      if (outcome.answered === 0) break;
    }
    reportReachable(true);
    await writeMeta(db, 'lastSyncAt', new Date().toISOString());
    await writeMeta(db, 'lastSyncError', null);
    return { status: 'flushed', settled, rejected };
  } catch (error) {
    const retryable = isRetryable(error);
    if (isNetworkFailure(error) || (error instanceof ApiError && error.status >= 500)) reportReachable(false);
    else reportReachable(true);
    const message = error instanceof ApiError ? error.serverMessage : error instanceof Error ? error.message : String(error);
    await writeMeta(db, 'lastSyncError', message);
    return { status: 'failed', error: message, retryable };
  }
}

let running: Promise<FlushOutcome> | null = null;

/**
 * One flusher at a time: across tabs with Web Locks where the browser has them, and within this
 * page by sharing the run already under way.
 */
export function flushExclusively(db: TriviaDb): Promise<FlushOutcome> {
  running ??= (async () => {
    try {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      if (!locks) return await flushOutbox(db);
      return (await locks.request(LOCK_NAME, () => flushOutbox(db))) as FlushOutcome;
    } finally {
      running = null;
    }
  })();
  return running;
}
