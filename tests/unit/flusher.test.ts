// Must come first: Dexie looks for IndexedDB when it is imported.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverReachable } from '../../web/offline/connectivity';
import { readMeta, type TriviaDb } from '../../web/offline/db';
import { ensureIdentity } from '../../web/offline/device-identity';
import { LEASE_MS } from '../../web/offline/flush-lease';
import { flushOutbox, flushUnderLease } from '../../web/offline/flusher';
import { queueRegistration, queueRoundStart } from '../../web/offline/outbox';
import { planRound } from '../../web/offline/round';
import { delayAfterFailure, retryDelay } from '../../web/offline/sync-scheduler';
import { buildBundle, freshDb, hangingFetch, json, scriptedFetch } from './offline-fixtures';

afterEach(() => vi.unstubAllGlobals());

/** A player registration and two attempts: three pending entries, numbered from `firstId`. */
async function kioskWithThreeEntries(firstId = 1, device?: { deviceId: string; secret: string }) {
  const db = freshDb();
  await db.device.put({ key: 'device', deviceId: device?.deviceId ?? null, secret: device?.secret ?? null, nextMutationId: firstId });
  const player = await queueRegistration(db, { fullName: 'Ana', documentTypeId: 1, documentNumber: '1234567890', locationId: 5, hash: 'h1' });
  const first = await queueRoundStart(db, player, planRound(buildBundle()));
  await db.inProgress.clear();
  const second = await queueRoundStart(db, player, planRound(buildBundle()));
  return { db, player, attemptIds: [first.attemptClientId, second.attemptClientId] };
}

const registered = { deviceId: 'dev-1', secret: 's3cret' };
const device = () => json(201, { deviceId: 'dev-1', secret: 's3cret' });
type Call = { url: string; init: RequestInit; body: unknown };
const sentIds = (call: Call) => (call.body as { mutations: { mutationId: number }[] }).mutations.map((m) => m.mutationId);
const sentKinds = (call: Call) => (call.body as { mutations: { kind: string }[] }).mutations.map((m) => m.kind);
const applied = (ids: number[]) => () => json(200, { results: ids.map((mutationId) => ({ mutationId, status: 'applied', id: 100 + mutationId })), lastMutationId: ids.at(-1) });
/** Answers each push by applying what it carries. */
const applyAll = (_url: string, init: RequestInit) => applied(JSON.parse(String(init.body)).mutations.map((m: { mutationId: number }) => m.mutationId))();
const apiError = (status: number, code: string, message: string, extra: object = {}) => () =>
  json(status, { error: message, message, code, ...extra });
const pendingIds = async (db: TriviaDb) => (await db.outbox.orderBy('mutationId').toArray()).map((e) => e.mutationId);

describe('flushOutbox', () => {
  it('registers the device, sends in order with its credentials, drops settled and held entries and keeps rejected ones for staff', async () => {
    const { db } = await kioskWithThreeEntries();
    const { fetchStub, calls } = scriptedFetch([
      device,
      () =>
        json(200, {
          results: [
            { mutationId: 1, status: 'applied', id: 900 },
            { mutationId: 2, status: 'duplicate', id: 31 },
            { mutationId: 3, status: 'held', reason: 'En revisión' },
          ],
          lastMutationId: 3,
        }),
    ]);
    vi.stubGlobal('fetch', fetchStub);

    expect(await flushOutbox(db)).toEqual({ status: 'flushed', settled: 3, rejected: 0 });
    expect(calls.map((c) => c.url)).toEqual(['/api/devices', '/api/sync']);
    const headers = calls[1]!.init.headers as Record<string, string>;
    expect(headers['X-Device-Id']).toBe('dev-1');
    expect(headers['X-Device-Secret']).toBe('s3cret');
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(sentIds(calls[1]!)).toEqual([1, 2, 3]);
    expect(sentKinds(calls[1]!)).toEqual(['player', 'attempt', 'attempt']);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.knownPlayers.get('h1'))!.playerId).toBe(900);
    expect(await readMeta(db, 'lastSyncAt')).toBeTypeOf('string');

    vi.stubGlobal('fetch', scriptedFetch([]).fetchStub);
    expect(await flushOutbox(db)).toEqual({ status: 'idle' });
  });

  it('marks a mutation refused in the middle rejected, masks its document number, and applies the rest in the same flush', async () => {
    const { db } = await kioskWithThreeEntries(1, registered);
    const { fetchStub, calls } = scriptedFetch([
      () =>
        json(200, {
          results: [
            { mutationId: 1, status: 'rejected', reason: 'La sede no existe' },
            { mutationId: 2, status: 'applied', id: 31 },
            { mutationId: 3, status: 'applied', id: 32 },
          ],
          lastMutationId: 3,
        }),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    expect(await flushOutbox(db)).toEqual({ status: 'flushed', settled: 2, rejected: 1 });
    expect(calls).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.rejected.toArray()).toMatchObject([{ mutationId: 1, kind: 'player', reason: 'La sede no existe', payload: { fullName: 'Ana', documentNumber: '*******890' } }]);
    // The raw document number is gone from the device once the server refused it.
    expect(JSON.stringify(await Promise.all(db.tables.map((t) => t.toArray())))).not.toContain('1234567890');
    vi.stubGlobal('fetch', scriptedFetch([]).fetchStub);
    expect(await flushOutbox(db)).toEqual({ status: 'idle' });
  });

  it('keeps everything on a network error, a 5xx or a 429, then settles it on a later try', async () => {
    const { db } = await kioskWithThreeEntries();
    vi.stubGlobal('fetch', scriptedFetch([device]).fetchStub); // the sync call finds no server
    expect(await flushOutbox(db)).toMatchObject({ status: 'failed' });
    expect(serverReachable()).toBe(false);
    expect(await db.outbox.count()).toBe(3);

    vi.stubGlobal('fetch', scriptedFetch([apiError(503, 'unavailable', 'Servicio no disponible')]).fetchStub);
    expect(await flushOutbox(db)).toMatchObject({ status: 'failed', error: 'Servicio no disponible' });
    expect(serverReachable()).toBe(false);
    vi.stubGlobal('fetch', scriptedFetch([apiError(429, 'rate_limited', 'Demasiadas solicitudes')]).fetchStub);
    expect(await flushOutbox(db)).toMatchObject({ status: 'failed' });
    // A 429 is the server answering: reachable, just busy.
    expect(serverReachable()).toBe(true);
    expect(await db.outbox.count()).toBe(3);
    expect(await readMeta(db, 'lastSyncError')).toBe('Demasiadas solicitudes');

    const { fetchStub, calls } = scriptedFetch([applied([1, 2, 3])]);
    vi.stubGlobal('fetch', fetchStub);
    expect(await flushOutbox(db)).toEqual({ status: 'flushed', settled: 3, rejected: 0 });
    expect(calls).toHaveLength(1); // the device registered on the first try is reused
    expect(await db.outbox.count()).toBe(0);
    expect(serverReachable()).toBe(true);
  });

  it('honours Retry-After on a 429: the next try waits at least that long', async () => {
    const { db } = await kioskWithThreeEntries(1, registered);
    const limited = () =>
      new Response(JSON.stringify({ error: 'Demasiadas solicitudes', message: 'x', code: 'rate_limited' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '40' },
      });
    vi.stubGlobal('fetch', scriptedFetch([limited]).fetchStub);
    const outcome = await flushOutbox(db);
    expect(outcome).toMatchObject({ status: 'failed', retryAfterMs: 40_000 });
    expect(delayAfterFailure(1, 40_000, () => 0.5)).toBe(40_000);
    expect(delayAfterFailure(1, undefined, () => 0.5)).toBe(2_000);
    expect(await pendingIds(db)).toEqual([1, 2, 3]);
  });

  it('gives up on a push the server never answers and keeps every entry for the next try', async () => {
    const { db } = await kioskWithThreeEntries(1, registered);
    const hanging = hangingFetch();
    vi.stubGlobal('fetch', hanging.fetchStub);
    const started = Date.now();
    expect(await flushOutbox(db, { timeoutMs: 200 })).toMatchObject({ status: 'failed' });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(hanging.calls).toEqual(['/api/sync']);
    expect(serverReachable()).toBe(false);
    expect(await pendingIds(db)).toEqual([1, 2, 3]);
    expect(await readMeta(db, 'lastSyncAt')).toBeUndefined();
  });

  it('sends in batches and stops the run at the first failed batch', async () => {
    const { db } = await kioskWithThreeEntries();
    const { fetchStub, calls } = scriptedFetch([device, applied([1, 2])]);
    vi.stubGlobal('fetch', fetchStub);
    expect(await flushOutbox(db, { batchSize: 2 })).toMatchObject({ status: 'failed', settled: 2 });
    expect(calls.slice(1).map(sentIds)).toEqual([[1, 2], [3]]);
    expect(await pendingIds(db)).toEqual([3]);
  });

  it('re-registers a device the server no longer recognises (403 device_unknown), renumbers from 1, and everything arrives', async () => {
    const { db } = await kioskWithThreeEntries(8, { deviceId: 'dev-old', secret: 'old' });
    const { fetchStub, calls } = scriptedFetch([
      apiError(403, 'device_unknown', 'Dispositivo no reconocido'),
      () => json(201, { deviceId: 'dev-new', secret: 'new' }),
      applyAll,
    ]);
    vi.stubGlobal('fetch', fetchStub);
    expect(await flushOutbox(db)).toEqual({ status: 'flushed', settled: 3, rejected: 0 });
    expect(calls.map((c) => c.url)).toEqual(['/api/sync', '/api/devices', '/api/sync']);
    expect(sentIds(calls[0]!)).toEqual([8, 9, 10]);
    expect(sentIds(calls[2]!)).toEqual([1, 2, 3]);
    expect(sentKinds(calls[2]!)).toEqual(['player', 'attempt', 'attempt']);
    expect((calls[2]!.init.headers as Record<string, string>)['X-Device-Id']).toBe('dev-new');
    expect(await db.device.get('device')).toMatchObject({ deviceId: 'dev-new', secret: 'new', nextMutationId: 4 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('resynchronises after a gap (409 sync_gap): renumbers the pending entries in order from lastMutationId + 1 and resends', async () => {
    const { db } = await kioskWithThreeEntries(8, registered);
    const { fetchStub, calls } = scriptedFetch([apiError(409, 'sync_gap', 'Falta la operación 1', { lastMutationId: 0 }), applyAll]);
    vi.stubGlobal('fetch', fetchStub);
    expect(await flushOutbox(db)).toEqual({ status: 'flushed', settled: 3, rejected: 0 });
    expect(calls.map(sentIds)).toEqual([
      [8, 9, 10],
      [1, 2, 3],
    ]);
    expect(sentKinds(calls[1]!)).toEqual(['player', 'attempt', 'attempt']);
    expect((await db.device.get('device'))!.nextMutationId).toBe(4);
  });

  it('moves past the server counter after a 422 sync_payload_mismatch and resends', async () => {
    const { db } = await kioskWithThreeEntries(1, registered);
    const { fetchStub, calls } = scriptedFetch([apiError(422, 'sync_payload_mismatch', 'La operación 1 ya se recibió con otro contenido', { lastMutationId: 10 }), applyAll]);
    vi.stubGlobal('fetch', fetchStub);
    expect(await flushOutbox(db)).toEqual({ status: 'flushed', settled: 3, rejected: 0 });
    expect(calls.map(sentIds)).toEqual([
      [1, 2, 3],
      [11, 12, 13],
    ]);
    // A write made after the resync is numbered after the renumbered ones.
    expect((await db.device.get('device'))!.nextMutationId).toBe(14);
  });

  it('splits a whole push the server refuses (400): only the one it refuses alone is rejected, with its message', async () => {
    const { db } = await kioskWithThreeEntries(1, registered);
    const { fetchStub, calls } = scriptedFetch([
      apiError(400, 'validation_failed', 'Solicitud no válida'),
      applied([1]),
      apiError(400, 'validation_failed', 'La operación 2 no es válida'),
      applyAll,
    ]);
    vi.stubGlobal('fetch', fetchStub);
    expect(await flushOutbox(db)).toEqual({ status: 'flushed', settled: 2, rejected: 1 });
    // The refused one leaves no hole: the entry behind it takes its id.
    expect(calls.map(sentIds)).toEqual([[1, 2, 3], [1], [2], [2]]);
    expect(sentKinds(calls[3]!)).toEqual(['attempt']);
    expect(await db.rejected.toArray()).toMatchObject([{ mutationId: 2, kind: 'attempt', reason: 'La operación 2 no es válida' }]);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.device.get('device'))!.nextMutationId).toBe(3);
  });

  it('never retries the same refused batch forever: a server that keeps moving its counter ends the run, to be tried later', async () => {
    const { db } = await kioskWithThreeEntries(1, registered);
    const gap = apiError(409, 'sync_gap', 'Falta', { lastMutationId: 5 });
    const { fetchStub, calls } = scriptedFetch([gap, gap, gap, gap, gap, gap]);
    vi.stubGlobal('fetch', fetchStub);
    expect(await flushOutbox(db)).toMatchObject({ status: 'failed' });
    expect(calls.length).toBeLessThanOrEqual(4);
    expect(await db.outbox.count()).toBe(3);
  });
});

describe('flushUnderLease (browsers without Web Locks)', () => {
  it('lets one of two flushers at once on one database send, and each mutation reaches the server once', async () => {
    const { db } = await kioskWithThreeEntries(1, registered);
    const sent: number[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      const ids = (JSON.parse(String(init.body)) as { mutations: { mutationId: number }[] }).mutations.map((m) => m.mutationId);
      sent.push(...ids);
      return applied(ids)();
    });
    const outcomes = await Promise.all([flushUnderLease(db, 'tab-a', { batchSize: 1 }), flushUnderLease(db, 'tab-b', { batchSize: 1 })]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['busy', 'flushed']);
    expect(sent).toEqual([1, 2, 3]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('takes over a lease its holder left to expire (a tab closed mid-flush)', async () => {
    const { db } = await kioskWithThreeEntries(1, registered);
    await db.meta.put({ key: 'flushLease', value: { owner: 'closed-tab', expiresAt: Date.now() + LEASE_MS } });
    vi.stubGlobal('fetch', scriptedFetch([applyAll]).fetchStub);
    expect(await flushUnderLease(db, 'tab-b')).toEqual({ status: 'busy' });
    await db.meta.put({ key: 'flushLease', value: { owner: 'closed-tab', expiresAt: Date.now() - 1 } });
    expect(await flushUnderLease(db, 'tab-b')).toEqual({ status: 'flushed', settled: 3, rejected: 0 });
    expect(await db.meta.get('flushLease')).toBeUndefined();
  });
});

describe('device identity', () => {
  it('is compare-and-set: two tabs registering at once end up with the one identity stored first', async () => {
    const db = freshDb();
    const { fetchStub } = scriptedFetch([() => json(201, { deviceId: 'dev-a', secret: 'a' }), () => json(201, { deviceId: 'dev-b', secret: 'b' })]);
    vi.stubGlobal('fetch', fetchStub);
    const [first, second] = await Promise.all([ensureIdentity(db, 1_000), ensureIdentity(db, 1_000)]);
    expect(first).toMatchObject({ kind: 'registered' });
    expect(second).toEqual(first);
    const stored = await db.device.get('device');
    expect([first, second].map((r) => (r.kind === 'registered' ? r.device.deviceId : null))).toEqual([stored!.deviceId, stored!.deviceId]);
  });

  it('keeps an identity another tab stored while this one replaced a stale one', async () => {
    const { db } = await kioskWithThreeEntries(5, { deviceId: 'dev-old', secret: 'old' });
    // This tab saw dev-old refused; meanwhile the other tab replaced it and renumbered.
    const stale = (await db.device.get('device')) as { key: 'device'; deviceId: string; secret: string; nextMutationId: number };
    await db.device.update('device', { deviceId: 'dev-other', secret: 'other' });
    const { fetchStub, calls } = scriptedFetch([]);
    vi.stubGlobal('fetch', fetchStub);
    expect(await ensureIdentity(db, 1_000, stale)).toMatchObject({ kind: 'registered', device: { deviceId: 'dev-other', secret: 'other' } });
    expect(calls).toHaveLength(0);
    expect(await pendingIds(db)).toEqual([5, 6, 7]);
  });
});

describe('retryDelay', () => {
  it('backs off exponentially with ±30 % jitter and a ceiling that keeps a try within ~15 s', () => {
    expect(retryDelay(1, () => 0.5)).toBe(2_000);
    expect(retryDelay(3, () => 0.5)).toBe(8_000);
    expect(retryDelay(30, () => 0.5)).toBe(12_000);
    expect(retryDelay(30, () => 1)).toBe(15_600);
    expect(retryDelay(1, () => 0)).toBe(1_400);
    expect(retryDelay(1, () => 1)).toBe(2_600);
  });
});
