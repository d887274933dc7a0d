// Must come first: Dexie looks for IndexedDB when it is imported.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TriviaDb } from '../../web/offline/db';
import { BATCH_SIZE, flushExclusively } from '../../web/offline/flusher';
import { queueCompletion, queueRegistration, queueRoundStart } from '../../web/offline/outbox';
import { planRound } from '../../web/offline/round';
import { dealOnServer } from '../../web/offline/server-deal';
import { buildBundle, freshDb, json, percentTally } from './offline-fixtures';

afterEach(() => vi.unstubAllGlobals());

const bundle = buildBundle();

/** A registered kiosk holding `rounds` rounds played offline: a registration, an attempt and a completion each. */
async function kioskWithBacklog(rounds: number): Promise<TriviaDb> {
  const db = freshDb();
  await db.device.put({ key: 'device', deviceId: 'dev-1', secret: 's3cret', nextMutationId: 1 });
  for (let i = 0; i < rounds; i++) {
    const player = await queueRegistration(db, { fullName: `Jugador ${i}`, documentTypeId: 1, documentNumber: `10000${i}`, locationId: 5, hash: `h${i}` });
    const state = await queueRoundStart(db, player, planRound(bundle));
    await queueCompletion(db, state, percentTally(2, state.questionIds.length), 'percent');
  }
  return db;
}

type Push = { more: boolean; mutations: { mutationId: number; kind: string; payload: { clientId?: string } }[] };

/** A server that applies every push (the first once `firstPush` resolves) and deals every round; records what it was sent, in order. */
function server(firstPush: Promise<void> = Promise.resolve()) {
  const sent: ({ url: '/api/sync'; push: Push } | { url: '/api/player-attempts'; body: { playerClientId?: string } })[] = [];
  const fetchStub = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const body = JSON.parse(String(init.body));
    if (url === '/api/sync') {
      sent.push({ url, push: body as Push });
      await firstPush;
      const ids = (body as Push).mutations.map((m) => m.mutationId);
      return json(200, { results: ids.map((mutationId) => ({ mutationId, status: 'applied', id: 100 + mutationId })), lastMutationId: ids.at(-1) });
    }
    sent.push({ url: '/api/player-attempts', body });
    return json(201, { round: { questionIds: [1, 2, 3, 4], answerOrder: {} }, token: 'tok' });
  };
  return { fetchStub, sent };
}

describe('dealOnServer with a backlog in the outbox', () => {
  it('pushes only the new player’s registration, ahead of the backlog and saying more follows, then deals; the backlog keeps its order behind it', async () => {
    const db = await kioskWithBacklog(40);
    const backlog = (await db.outbox.orderBy('mutationId').toArray()).map((entry) => entry.payload);
    const player = await queueRegistration(db, { fullName: 'Ana Nueva', documentTypeId: 1, documentNumber: '999', locationId: 5, hash: 'nueva' });
    const { fetchStub, sent } = server();
    vi.stubGlobal('fetch', fetchStub);

    const deal = await dealOnServer(db, player, 7);

    expect(deal).toMatchObject({ kind: 'dealt', round: { questionIds: [1, 2, 3, 4] }, token: 'tok' });
    expect(sent.map((call) => call.url)).toEqual(['/api/sync', '/api/player-attempts']);
    const first = sent[0] as { push: Push };
    expect(first.push.more).toBe(true);
    expect(first.push.mutations).toMatchObject([{ mutationId: 1, kind: 'player', payload: { clientId: player.playerClientId } }]);
    expect(sent[1]).toMatchObject({ body: { playerClientId: player.playerClientId } });
    // The 120 writes played before wait behind it, renumbered from 2 in the order they were played.
    const left = await db.outbox.orderBy('mutationId').toArray();
    expect(left.map((entry) => entry.mutationId)).toEqual(Array.from({ length: 120 }, (_, i) => i + 2));
    expect(left.map((entry) => entry.payload)).toEqual(backlog);
    expect((await db.knownPlayers.get('nueva'))?.playerId).toBe(101);
  });

  it('stops the backlog’s flush before its next push, deals, and the backlog drains after', async () => {
    const db = await kioskWithBacklog(40);
    let answerFirstPush = () => {};
    const { fetchStub, sent } = server(new Promise((resolve) => (answerFirstPush = resolve)));
    vi.stubGlobal('fetch', fetchStub);
    const draining = flushExclusively(db);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const player = await queueRegistration(db, { fullName: 'Ana Nueva', documentTypeId: 1, documentNumber: '999', locationId: 5, hash: 'nueva' });
    // The deal asks for the lock (it reads the flush's lease) while the backlog's first push is under way.
    let asked = false;
    db.meta.hook('reading', (row) => ((asked = true), row));
    const dealing = dealOnServer(db, player, 7);
    await vi.waitFor(() => expect(asked).toBe(true));
    answerFirstPush();

    expect(await dealing).toMatchObject({ kind: 'dealt' });
    expect(await draining).toEqual({ status: 'paused', settled: BATCH_SIZE, rejected: 0 });
    // One push of the backlog was under way; the registration went alone next, then the deal.
    expect(sent.map((call) => (call.url === '/api/sync' ? call.push.mutations.length : 'deal'))).toEqual([BATCH_SIZE, 1, 'deal']);
    expect(await flushExclusively(db)).toEqual({ status: 'flushed', settled: 120 - BATCH_SIZE, rejected: 0 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('deals for a player the server knows without sending anything first', async () => {
    const db = await kioskWithBacklog(5);
    const { fetchStub, sent } = server();
    vi.stubGlobal('fetch', fetchStub);
    const known = { playerId: 44, playerClientId: null, fullName: 'Eva', hash: 'eva', document: { documentTypeId: 1, documentNumber: '123' } };
    expect(await dealOnServer(db, known, 7)).toMatchObject({ kind: 'dealt' });
    expect(sent.map((call) => call.url)).toEqual(['/api/player-attempts']);
    expect(await db.outbox.count()).toBe(15);
  });
});
