// Must come first: Dexie looks for IndexedDB when it is imported.
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import fc from 'fast-check';
import { v4 as uuid } from 'uuid';
import { describe, expect, it } from 'vitest';
import { openTriviaDb, STORES_V5, type OutboxEntry } from '../../web/offline/db';
import { pendingCounts, readHeldRounds } from '../../web/offline/sync-status';
import { freshDb } from './offline-fixtures';

/**
 * What the staff's badge counts of the waiting writes, read from the outbox's indexes: every round
 * with a start or a result waiting is one round, and a registration counts alone only while no
 * start of its player's waits.
 */

/** A kiosk's history: players, each with rounds; each write still waiting or already settled. */
const history = fc.array(
  fc.record({
    registrationWaits: fc.boolean(),
    rounds: fc.array(fc.record({ startWaits: fc.boolean(), resultWaits: fc.boolean() }), { maxLength: 3 }),
  }),
  { maxLength: 12 },
);
type History = typeof history extends fc.Arbitrary<infer T> ? T : never;

/** The outbox that history leaves: the waiting writes, in the order a kiosk queues them. */
function outboxOf(players: History): OutboxEntry[] {
  const entries: OutboxEntry[] = [];
  const add = (kind: OutboxEntry['kind'], payload: Record<string, unknown>) =>
    entries.push({ mutationId: entries.length + 1, kind, payload: payload as OutboxEntry['payload'], status: 'pending', lastError: null, createdAt: new Date().toISOString() });
  for (const player of players) {
    const playerClientId = uuid();
    if (player.registrationWaits) add('player', { clientId: playerClientId, fullName: 'Ana', documentTypeId: 1, documentNumber: '123', locationId: 1 });
    for (const round of player.rounds) {
      const attemptClientId = uuid();
      if (round.startWaits) add('attempt', { clientId: attemptClientId, playerClientId, questionGroupId: 1, totalQuestions: 2, startedAt: new Date().toISOString() });
      if (round.resultWaits) add('completion', { attemptClientId, answers: [], completionTime: 10, completedAt: new Date().toISOString() });
    }
  }
  return entries;
}

const expected = (players: History) => ({
  rounds: players.flatMap((p) => p.rounds).filter((r) => r.startWaits || r.resultWaits).length,
  registrations: players.filter((p) => p.registrationWaits && !p.rounds.some((r) => r.startWaits)).length,
});

describe('the waiting writes the staff badge counts', () => {
  it('any history: the rounds and the lone registrations, and the writes of each kind', async () => {
    await fc.assert(
      fc.asyncProperty(history, async (players) => {
        const db = freshDb();
        const entries = outboxOf(players);
        await db.outbox.bulkAdd(entries);
        expect(await readHeldRounds(db)).toEqual(expected(players));
        expect(await pendingCounts(db)).toEqual({
          player: entries.filter((e) => e.kind === 'player').length,
          attempt: entries.filter((e) => e.kind === 'attempt').length,
          completion: entries.filter((e) => e.kind === 'completion').length,
        });
        db.close();
      }),
      { seed: 20261207, numRuns: 60 },
    );
  });

  it('a kiosk that waited with writes under the version before the indexes counts them the same after its upgrade', async () => {
    const name = `upgrade-${uuid()}`;
    const players: History = [
      { registrationWaits: true, rounds: [{ startWaits: true, resultWaits: true }] },
      { registrationWaits: true, rounds: [] },
      { registrationWaits: false, rounds: [{ startWaits: false, resultWaits: true }] },
    ];
    const old = new Dexie(name);
    old.version(5).stores(STORES_V5);
    await old.table('outbox').bulkAdd(outboxOf(players));
    old.close();
    const db = openTriviaDb(name);
    expect(await db.outbox.count()).toBe(5);
    expect(await readHeldRounds(db)).toEqual({ rounds: 2, registrations: 1 });
    db.close();
  });
});
