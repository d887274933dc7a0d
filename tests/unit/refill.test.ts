// Must come first: Dexie looks for IndexedDB when it is imported.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry, PlayerRef, TriviaDb } from '../../web/offline/db';
import { writeMeta } from '../../web/offline/db';
import { flushOutbox } from '../../web/offline/flusher';
import { sendHeartbeat } from '../../web/offline/heartbeat';
import { queueCompletion, queueRegistration, queueRoundStart } from '../../web/offline/outbox';
import { readRefilled } from '../../web/offline/refill';
import { planRound } from '../../web/offline/round';
import { readDeviceRecords } from '../../web/offline/staff-tools';
import { buildBundle, freshDb, json, percentTally } from './offline-fixtures';

afterEach(() => vi.unstubAllGlobals());

type Pushed = Pick<OutboxEntry, 'mutationId' | 'kind' | 'payload'>;

/**
 * A sync server as the device sees it: per device a counter and the mutations it holds, a gap
 * refused with 409 sync_gap, a resend below the counter answered `duplicate`. `restore(n)` rolls a
 * device back to its counter at n (what a restore from a backup does); `forget()` loses every
 * device row (403 device_unknown). `pushes` lists each push's ids; `log` every write it applied.
 */
function restorableServer() {
  const devices = new Map<string, Pushed[]>();
  const pushes: number[][] = [];
  /** The counter each heartbeat was answered with. */
  const heartbeats: number[] = [];
  const log: Pushed[] = [];
  let registered = 0;
  let nextId = 100;
  const handler = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (String(input) === '/api/devices') {
      const deviceId = `dev-${++registered}`;
      devices.set(deviceId, []);
      return json(201, { deviceId, secret: 's3cret' });
    }
    const held = devices.get((init.headers as Record<string, string>)['X-Device-Id']!);
    if (!held) return json(403, { error: 'x', message: 'Dispositivo no reconocido', code: 'device_unknown' });
    if (String(input) === '/api/devices/me/heartbeat') {
      heartbeats.push(held.length);
      return json(200, { lastSeenAt: new Date().toISOString(), lastMutationId: held.length, offlineWindowHours: 6 });
    }
    const { mutations } = JSON.parse(String(init.body)) as { mutations: Pushed[] };
    pushes.push(mutations.map((m) => m.mutationId));
    if (mutations[0]!.mutationId > held.length + 1) {
      return json(409, { error: 'x', message: 'Falta', code: 'sync_gap', lastMutationId: held.length });
    }
    const results = mutations.map((m) => {
      if (m.mutationId <= held.length) return { mutationId: m.mutationId, status: 'duplicate' };
      held.push(m);
      log.push(m);
      return { mutationId: m.mutationId, status: 'applied', id: nextId++ };
    });
    return json(200, { results, lastMutationId: held.length });
  };
  return {
    handler,
    pushes,
    heartbeats,
    log,
    held: (deviceId: string) => devices.get(deviceId) ?? [],
    restore(deviceId: string, counter: number) {
      for (const lost of devices.get(deviceId)!.splice(counter)) log.splice(log.indexOf(lost), 1);
    },
    forget: () => devices.clear(),
  };
}

/** The write a mutation is of: the record's clientId, and the kind. */
const writeOf = (m: Pushed) => `${m.kind}:${(m.payload as { clientId?: string; attemptClientId?: string }).clientId ?? (m.payload as { attemptClientId: string }).attemptClientId}`;

async function playRound(db: TriviaDb, player: PlayerRef, complete = true) {
  const state = await queueRoundStart(db, player, planRound(buildBundle()));
  if (complete) await queueCompletion(db, state, percentTally(2, state.questionIds.length), 'percent');
  else await db.inProgress.clear();
}

/** A kiosk whose registration and two completed rounds (mutations 1–5) the server acknowledged, and one round (6, 7) waiting. */
async function kioskWithHistory(server: ReturnType<typeof restorableServer>) {
  const db = freshDb();
  const player = await queueRegistration(db, { fullName: 'Ana', documentTypeId: 1, documentNumber: '1234567890', locationId: 5, hash: 'h1' });
  await playRound(db, player);
  await playRound(db, player);
  vi.stubGlobal('fetch', server.handler);
  expect(await flushOutbox(db)).toMatchObject({ status: 'flushed', settled: 5 });
  const acknowledged = server.log.map(writeOf);
  await playRound(db, player);
  return { db, player, acknowledged, waiting: (await db.outbox.orderBy('mutationId').toArray()).map(writeOf) };
}

describe('a device refills what a restored server lost', () => {
  it('sends again exactly the writes past the restored counter, before its pending ones, each once, and tells staff how many results came back', async () => {
    const server = restorableServer();
    const { db, acknowledged, waiting } = await kioskWithHistory(server);
    server.restore('dev-1', 2);
    server.pushes.length = 0;

    expect(await flushOutbox(db)).toEqual({ status: 'flushed', settled: 5, rejected: 0 });
    // The first push (6, 7) finds the gap; the lost 3–5 go again ahead of the round that waited.
    expect(server.pushes).toEqual([
      [6, 7],
      [3, 4, 5, 6, 7],
    ]);
    expect(server.held('dev-1').map(writeOf)).toEqual([...acknowledged, ...waiting]);
    expect(new Set(server.held('dev-1').map(writeOf)).size).toBe(7);
    // The lost writes were a completion, then a round's start and completion: two results, as staff read them.
    expect((await readDeviceRecords(db)).refilled).toEqual({ count: 2, at: expect.any(String) });
    expect(await db.outbox.count()).toBe(0);
    expect((await db.sent.toArray()).map((entry) => entry.mutationId)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('learns of the restore from a heartbeat when it has nothing to send, and sends the lost writes; a heartbeat at the acknowledged counter changes nothing', async () => {
    const server = restorableServer();
    const { db, acknowledged, waiting } = await kioskWithHistory(server);
    expect(await flushOutbox(db)).toMatchObject({ status: 'flushed', settled: 2 });
    // (A phone beats at most once a minute after its last contact: each beat here is due.)
    await writeMeta(db, 'lastContactAt', null);
    expect(await sendHeartbeat(db, true)).toBe('sent');
    expect(await db.outbox.count()).toBe(0);

    server.restore('dev-1', 3);
    await writeMeta(db, 'lastContactAt', null);
    expect(await sendHeartbeat(db, true)).toBe('refill');
    expect(server.heartbeats).toEqual([7, 3]);
    expect((await db.outbox.orderBy('mutationId').toArray()).map((entry) => [entry.mutationId, entry.refilled])).toEqual([
      [4, true],
      [5, true],
      [6, true],
      [7, true],
    ]);
    server.pushes.length = 0;
    expect(await flushOutbox(db)).toEqual({ status: 'flushed', settled: 4, rejected: 0 });
    expect(server.pushes).toEqual([[4, 5, 6, 7]]);
    expect(server.held('dev-1').map(writeOf)).toEqual([...acknowledged, ...waiting]);
    expect(await readRefilled(db)).toEqual({ count: 2, at: expect.any(String) });
  });

  it('refills nothing on an ordinary gap: a counter at what the server acknowledged', async () => {
    const server = restorableServer();
    const { db, waiting } = await kioskWithHistory(server);
    // The pending round numbered past the server's counter (a device whose ids ran ahead).
    const pending = await db.outbox.orderBy('mutationId').toArray();
    await db.outbox.clear();
    await db.outbox.bulkAdd(pending.map((entry, i) => ({ ...entry, mutationId: 9 + i })));
    server.pushes.length = 0;

    expect(await flushOutbox(db)).toEqual({ status: 'flushed', settled: 2, rejected: 0 });
    expect(server.pushes).toEqual([
      [9, 10],
      [6, 7],
    ]);
    expect(server.log.slice(5).map(writeOf)).toEqual(waiting);
    expect(await readRefilled(db)).toBeNull();
  });

  it('sends every kept write under the new identity when the server lost the device itself', async () => {
    const server = restorableServer();
    const { db, acknowledged, waiting } = await kioskWithHistory(server);
    server.forget();
    server.log.length = 0;

    expect(await flushOutbox(db)).toEqual({ status: 'flushed', settled: 7, rejected: 0 });
    expect((await db.device.get('device'))?.deviceId).toBe('dev-2');
    expect(server.held('dev-2').map(writeOf)).toEqual([...acknowledged, ...waiting]);
    expect(server.held('dev-2').map((m) => m.mutationId)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // The two completions the server had confirmed came back; the third was still waiting.
    expect(await readRefilled(db)).toEqual({ count: 2, at: expect.any(String) });
  });

  it('names the player by the registration sent again, never by the server id a restore may have given to someone else', async () => {
    const server = restorableServer();
    const db = freshDb();
    vi.stubGlobal('fetch', server.handler);
    const registered = await queueRegistration(db, { fullName: 'Ana', documentTypeId: 1, documentNumber: '1234567890', locationId: 5, hash: 'h1' });
    expect(await flushOutbox(db)).toMatchObject({ status: 'flushed' });
    const playerId = (await db.knownPlayers.get('h1'))!.playerId!;
    // Rounds of the player known by the server's id, with the document as the proof.
    const known: PlayerRef = { ...registered, playerId, playerClientId: null, document: { documentTypeId: 1, documentNumber: '1234567890' } };
    await playRound(db, known, false);
    expect(await flushOutbox(db)).toMatchObject({ status: 'flushed' });
    await playRound(db, known, false);
    expect((await db.outbox.toArray())[0]?.payload).toMatchObject({ playerId });
    server.restore('dev-1', 0);

    expect(await flushOutbox(db)).toMatchObject({ status: 'flushed', settled: 3 });
    const [registration, ...attempts] = server.held('dev-1');
    expect(registration).toMatchObject({ mutationId: 1, kind: 'player', payload: { clientId: registered.playerClientId } });
    expect(attempts.map((m) => m.kind)).toEqual(['attempt', 'attempt']);
    for (const attempt of attempts) {
      expect(attempt.payload).toMatchObject({ playerClientId: registered.playerClientId });
      expect(attempt.payload).not.toHaveProperty('playerId');
      expect(attempt.payload).not.toHaveProperty('documentNumber');
    }
    // The device takes the id the restored server gave the registration.
    expect((await db.knownPlayers.get('h1'))?.playerId).toEqual(expect.any(Number));
    expect((await db.knownPlayers.get('h1'))?.playerId).not.toBe(playerId);
    expect(await readRefilled(db)).toEqual({ count: 0, at: expect.any(String) });
  });
});
