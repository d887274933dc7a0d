// Must come first: Dexie looks for IndexedDB when it is imported.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEEP_CONFIRMED_HOURS_KEY, MAX_CONFIRMED_ROUNDS, pruneConfirmed } from '../../web/offline/confirmed-records';
import { openTriviaDb, STORES_V3, STORES_V4, writeMeta, type LocalAttempt, type SentEntry, type TriviaDb } from '../../web/offline/db';
import { flushOutbox } from '../../web/offline/flusher';
import { abandonAttempt, queueCompletion, queueRegistration, queueRoundStart } from '../../web/offline/outbox';
import { planRound } from '../../web/offline/round';
import { readDeviceRecords } from '../../web/offline/staff-tools';
import { buildBundle, freshDb, json, percentTally } from './offline-fixtures';

afterEach(() => vi.unstubAllGlobals());

const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const round = (clientId: string, fields: Partial<LocalAttempt> = {}): LocalAttempt => ({
  clientId,
  playerId: 1,
  playerClientId: null,
  questionGroupId: 7,
  totalQuestions: 4,
  startedAt: ago(80 * HOUR),
  completedAt: ago(80 * HOUR),
  correctAnswers: 2,
  score: 50,
  completionTime: 30,
  ...fields,
});
const keys = async (db: TriviaDb) => (await db.attempts.toCollection().primaryKeys()).sort();
/** Applies every push. */
const applyAll = async (_url: RequestInfo | URL, init: RequestInit = {}) => {
  const ids = (JSON.parse(String(init.body)).mutations as { mutationId: number }[]).map((m) => m.mutationId);
  return json(200, { results: ids.map((mutationId) => ({ mutationId, status: 'applied', id: 100 + mutationId })), lastMutationId: ids.at(-1) });
};

describe('what the device keeps of what the server confirmed', () => {
  it('prunes rounds and registrations confirmed over 24 h ago, never one still waiting however old, and staff still count them as recorded', async () => {
    const db = freshDb();
    await db.attempts.bulkAdd([round('old', { confirmedAt: ago(25 * HOUR) }), round('recent', { confirmedAt: ago(23 * HOUR) }), round('waiting')]);
    await db.players.bulkAdd([
      { clientId: 'p-old', fullName: 'Ana', documentTypeId: 1, locationId: 5, createdAt: ago(90 * HOUR), confirmedAt: ago(30 * HOUR) },
      { clientId: 'p-waiting', fullName: 'Eva', documentTypeId: 1, locationId: 5, createdAt: ago(90 * HOUR) },
    ]);
    const before = (await readDeviceRecords(db)).recorded;

    expect(await pruneConfirmed(db)).toBe(2);
    expect(await keys(db)).toEqual(['recent', 'waiting']);
    expect(await db.players.toCollection().primaryKeys()).toEqual(['p-waiting']);
    expect((await readDeviceRecords(db)).recorded).toEqual(before);
    expect(await pruneConfirmed(db)).toBe(0);
  });

  it('keeps them as long as the server says (DEVICE_KEEP_CONFIRMED_HOURS, from its heartbeat)', async () => {
    const db = freshDb();
    await writeMeta(db, KEEP_CONFIRMED_HOURS_KEY, 48);
    await db.attempts.bulkAdd([round('day-and-a-half', { confirmedAt: ago(36 * HOUR) }), round('three-days', { confirmedAt: ago(72 * HOUR) })]);

    expect(await pruneConfirmed(db)).toBe(1);
    expect(await keys(db)).toEqual(['day-and-a-half']);
  });

  it(`keeps at most ${MAX_CONFIRMED_ROUNDS} confirmed rounds, the oldest pruned first`, async () => {
    const db = freshDb();
    const rounds = Array.from({ length: MAX_CONFIRMED_ROUNDS + 3 }, (_, i) => round(`r${String(i).padStart(5, '0')}`, { confirmedAt: ago(HOUR + i * 1000) }));
    await db.attempts.bulkAdd([...rounds, round('waiting')]);

    expect(await pruneConfirmed(db)).toBe(3);
    const kept = await keys(db);
    expect(kept).toHaveLength(MAX_CONFIRMED_ROUNDS + 1);
    expect(kept).not.toContain(`r${String(MAX_CONFIRMED_ROUNDS + 2).padStart(5, '0')}`);
    expect(kept).toContain('waiting');
  });

  it('counts a record as confirmed once the server settled its last write, and a full flush prunes what expired', async () => {
    const db = freshDb();
    await db.device.put({ key: 'device', deviceId: 'dev-1', secret: 's3cret', nextMutationId: 1 });
    await db.attempts.add(round('expired', { confirmedAt: ago(25 * HOUR) }));
    const player = await queueRegistration(db, { fullName: 'Ana', documentTypeId: 1, documentNumber: '123', locationId: 5, hash: 'h1' });
    const finished = await queueRoundStart(db, player, planRound(buildBundle()));
    await queueCompletion(db, finished, percentTally(3, finished.questionIds.length), 'percent');
    const left = await queueRoundStart(db, player, planRound(buildBundle(6, { id: 8 })));
    await abandonAttempt(db, 8);
    // Nothing is confirmed while its writes wait, a round left unfinished included.
    expect((await db.attempts.bulkGet([finished.attemptClientId, left.attemptClientId])).map((a) => a?.confirmedAt)).toEqual([undefined, undefined]);

    vi.stubGlobal('fetch', applyAll);
    expect(await flushOutbox(db)).toMatchObject({ status: 'flushed', settled: 4 });
    const [done, unfinished] = await db.attempts.bulkGet([finished.attemptClientId, left.attemptClientId]);
    expect(done?.confirmedAt).toEqual(expect.any(String));
    expect(unfinished?.confirmedAt).toEqual(expect.any(String));
    expect((await db.players.get(player.playerClientId!))?.confirmedAt).toEqual(expect.any(String));
    expect(await db.attempts.get('expired')).toBeUndefined();
    // The known player is found by its registration (an index, not a scan) and takes the server's id.
    expect((await db.knownPlayers.get('h1'))?.playerId).toBe(101);
  });

  it('upgrades a database of the previous version with its data: what left the outbox counts as confirmed, what waits does not', async () => {
    const name = `upgrade-v4-${Date.now()}`;
    const old = new Dexie(name);
    old.version(3).stores(STORES_V3);
    await old.table('attempts').bulkAdd([round('sent'), round('waiting')]);
    await old.table('players').bulkAdd([{ clientId: 'p-sent', fullName: 'Ana', documentTypeId: 1, locationId: 5, createdAt: '' }]);
    await old.table('knownPlayers').add({ hash: 'h1', playerId: null, clientId: 'p-sent', fullName: 'Ana', locationId: 5 });
    await old
      .table('outbox')
      .add({ mutationId: 9, kind: 'completion', payload: { attemptClientId: 'waiting', answers: [], completionTime: 30, completedAt: ago(HOUR) }, status: 'pending', lastError: null, createdAt: '' });
    old.close();

    const db = openTriviaDb(name);
    const [sent, waiting] = await db.attempts.bulkGet(['sent', 'waiting']);
    expect(sent?.confirmedAt).toEqual(expect.any(String));
    expect(waiting?.confirmedAt).toBeUndefined();
    expect((await db.players.get('p-sent'))?.confirmedAt).toEqual(expect.any(String));
    expect(await db.knownPlayers.where('clientId').equals('p-sent').count()).toBe(1);
    expect(await db.outbox.where('status').equals('pending').count()).toBe(1);
  });

  it('prunes the writes kept for a restored server with the confirmed records, never a pending one however old', async () => {
    const db = freshDb();
    const sent = (mutationId: number, confirmedAt: string): SentEntry => ({
      deviceId: 'dev-1',
      mutationId,
      kind: 'completion',
      payload: { attemptClientId: `a${mutationId}`, answers: [], completionTime: 30, completedAt: confirmedAt },
      createdAt: ago(90 * HOUR),
      confirmedAt,
    });
    await db.sent.bulkAdd([sent(1, ago(25 * HOUR)), sent(2, ago(23 * HOUR))]);
    await db.outbox.add({ mutationId: 3, kind: 'completion', payload: sent(3, ago(90 * HOUR)).payload, status: 'pending', lastError: null, createdAt: ago(90 * HOUR) });

    await pruneConfirmed(db);
    expect((await db.sent.toArray()).map((entry) => entry.mutationId)).toEqual([2]);
    expect(await db.outbox.count()).toBe(1);
  });

  it('upgrades a database of version 4 with all its data, and keeps settled writes from then on', async () => {
    const name = `upgrade-v5-${Date.now()}`;
    const old = new Dexie(name);
    old.version(4).stores(STORES_V4);
    await old.table('attempts').add(round('kept', { confirmedAt: ago(HOUR) }));
    await old.table('device').put({ key: 'device', deviceId: 'dev-1', secret: 's3cret', nextMutationId: 10 });
    await old
      .table('outbox')
      .add({ mutationId: 9, kind: 'completion', payload: { attemptClientId: 'kept', answers: [], completionTime: 30, completedAt: ago(HOUR) }, status: 'pending', lastError: null, createdAt: '' });
    old.close();

    const db = openTriviaDb(name);
    expect(await db.attempts.get('kept')).toMatchObject({ confirmedAt: expect.any(String) });
    expect(await db.outbox.where('status').equals('pending').count()).toBe(1);
    vi.stubGlobal('fetch', applyAll);
    expect(await flushOutbox(db)).toMatchObject({ status: 'flushed', settled: 1 });
    expect(await db.sent.toArray()).toMatchObject([{ deviceId: 'dev-1', mutationId: 9, kind: 'completion', payload: { attemptClientId: 'kept' } }]);
  });
});
