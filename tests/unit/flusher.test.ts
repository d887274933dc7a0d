// Must come first: Dexie looks for IndexedDB when it is imported.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverReachable } from '../../web/offline/connectivity';
import { readMeta } from '../../web/offline/db';
import { flushOutbox } from '../../web/offline/flusher';
import { registerPlayer, startAttempt } from '../../web/offline/outbox';
import { retryDelay } from '../../web/offline/sync-scheduler';
import { planRound } from '../../web/player/round';
import { buildBundle, freshDb, hangingFetch, json, scriptedFetch } from './offline-fixtures';

afterEach(() => vi.unstubAllGlobals());

async function kioskWithThreeEntries() {
  const db = freshDb();
  const player = await registerPlayer(db, { fullName: 'Ana', documentTypeId: 1, documentNumber: '1234567', locationId: 5, hash: 'h1' });
  const first = await startAttempt(db, player, planRound(buildBundle()));
  await db.inProgress.clear();
  const second = await startAttempt(db, player, planRound(buildBundle()));
  return { db, player, attemptIds: [first.attemptClientId, second.attemptClientId] };
}

const device = () => json(201, { deviceId: 'dev-1', secret: 's3cret' });

describe('flushOutbox', () => {
  it('registers the device, sends in order with its credentials, drops settled entries and keeps rejected ones', async () => {
    const { db, player, attemptIds } = await kioskWithThreeEntries();
    const { fetchStub, calls } = scriptedFetch([
      device,
      () =>
        json(200, {
          results: [
            { mutationId: 1, status: 'applied', id: 900 },
            { mutationId: 2, status: 'duplicate', id: 31 },
            { mutationId: 3, status: 'rejected', reason: 'Límite de intentos alcanzado' },
          ],
          lastMutationId: 3,
        }),
    ]);
    vi.stubGlobal('fetch', fetchStub);

    expect(await flushOutbox(db)).toEqual({ status: 'flushed', settled: 2, rejected: 1 });
    expect(calls.map((c) => c.url)).toEqual(['/api/devices', '/api/sync']);
    const headers = calls[1]!.init.headers as Record<string, string>;
    expect(headers['X-Device-Id']).toBe('dev-1');
    expect(headers['X-Device-Secret']).toBe('s3cret');
    expect((calls[1]!.body as { mutations: { mutationId: number; kind: string }[] }).mutations.map((m) => [m.mutationId, m.kind])).toEqual([
      [1, 'player'],
      [2, 'attempt'],
      [3, 'attempt'],
    ]);
    const left = await db.outbox.toArray();
    expect(left).toMatchObject([{ mutationId: 3, status: 'rejected', lastError: 'Límite de intentos alcanzado' }]);
    expect((await db.players.get(player.playerClientId!))!.serverId).toBe(900);
    expect((await db.knownPlayers.get('h1'))!.playerId).toBe(900);
    expect((await db.attempts.get(attemptIds[0]!))!.serverId).toBe(31);
    expect(await readMeta(db, 'lastSyncAt')).toBeTypeOf('string');

    // A rejected entry is not sent again: nothing pending, no request.
    vi.stubGlobal('fetch', scriptedFetch([]).fetchStub);
    expect(await flushOutbox(db)).toEqual({ status: 'idle' });
  });

  it('keeps everything on a network error, a 5xx or a 429, then settles it on a later try', async () => {
    const { db } = await kioskWithThreeEntries();
    vi.stubGlobal('fetch', scriptedFetch([device]).fetchStub); // the sync call finds no server
    expect(await flushOutbox(db)).toMatchObject({ status: 'failed', retryable: true });
    expect(serverReachable()).toBe(false);
    expect(await db.outbox.count()).toBe(3);

    vi.stubGlobal('fetch', scriptedFetch([() => json(503, { error: 'Servicio no disponible', message: 'x' })]).fetchStub);
    expect(await flushOutbox(db)).toMatchObject({ status: 'failed', retryable: true, error: 'Servicio no disponible' });
    vi.stubGlobal('fetch', scriptedFetch([() => json(429, { error: 'Demasiadas solicitudes', message: 'x' })]).fetchStub);
    expect(await flushOutbox(db)).toMatchObject({ status: 'failed', retryable: true });
    expect(await db.outbox.count()).toBe(3);
    expect(await readMeta(db, 'lastSyncError')).toBe('Demasiadas solicitudes');

    const { fetchStub, calls } = scriptedFetch([
      () => json(200, { results: [1, 2, 3].map((mutationId) => ({ mutationId, status: 'applied', id: mutationId })), lastMutationId: 3 }),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    expect(await flushOutbox(db)).toEqual({ status: 'flushed', settled: 3, rejected: 0 });
    expect(calls).toHaveLength(1); // the device registered on the first try is reused
    expect(await db.outbox.count()).toBe(0);
    expect(serverReachable()).toBe(true);
  });

  it('gives up on a push the server never answers and keeps every entry for the next try', async () => {
    const { db } = await kioskWithThreeEntries();
    await db.device.update('device', { deviceId: 'dev-1', secret: 's3cret' });
    const hanging = hangingFetch();
    vi.stubGlobal('fetch', hanging.fetchStub);
    const started = Date.now();
    expect(await flushOutbox(db, 50, 200)).toMatchObject({ status: 'failed', retryable: true });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(hanging.calls).toEqual(['/api/sync']);
    expect(serverReachable()).toBe(false);
    expect((await db.outbox.toArray()).map((e) => [e.mutationId, e.status])).toEqual([
      [1, 'pending'],
      [2, 'pending'],
      [3, 'pending'],
    ]);
    expect(await readMeta(db, 'lastSyncAt')).toBeUndefined();
  });

  it('keeps a rejected entry out of later pushes and sends what follows it (a server that rejects one record, not the push)', async () => {
    const { db } = await kioskWithThreeEntries();
    const { fetchStub } = scriptedFetch([
      device,
      () =>
        json(200, {
          results: [
            { mutationId: 1, status: 'applied', id: 900 },
            { mutationId: 2, status: 'rejected', reason: 'El tiempo no puede superar 24 horas' },
            { mutationId: 3, status: 'applied', id: 32 },
          ],
          lastMutationId: 3,
        }),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    expect(await flushOutbox(db)).toEqual({ status: 'flushed', settled: 2, rejected: 1 });
    expect(await db.outbox.toArray()).toMatchObject([{ mutationId: 2, status: 'rejected', lastError: 'El tiempo no puede superar 24 horas' }]);
    vi.stubGlobal('fetch', scriptedFetch([]).fetchStub);
    expect(await flushOutbox(db)).toEqual({ status: 'idle' });
  });

  it('sends in batches and stops the run at the first failed batch', async () => {
    const { db } = await kioskWithThreeEntries();
    const applied = (ids: number[]) => () => json(200, { results: ids.map((mutationId) => ({ mutationId, status: 'applied' })), lastMutationId: ids.at(-1) });
    const { fetchStub, calls } = scriptedFetch([device, applied([1, 2])]);
    vi.stubGlobal('fetch', fetchStub);
    expect(await flushOutbox(db, 2)).toMatchObject({ status: 'failed' });
    expect(calls.map((c) => (c.body as { mutations?: { mutationId: number }[] } | undefined)?.mutations?.map((m) => m.mutationId))).toEqual([
      undefined,
      [1, 2],
      [3], // tried, found no server, kept
    ]);
    expect((await db.outbox.toArray()).map((e) => e.mutationId)).toEqual([3]);
  });
});

describe('retryDelay', () => {
  it('backs off exponentially with jitter and a ceiling', () => {
    expect(retryDelay(1, () => 0.5)).toBe(5_000);
    expect(retryDelay(3, () => 0.5)).toBe(20_000);
    expect(retryDelay(30, () => 0.5)).toBe(300_000);
    expect(retryDelay(1, () => 0)).toBe(3_500);
    expect(retryDelay(1, () => 1)).toBe(6_500);
  });
});
