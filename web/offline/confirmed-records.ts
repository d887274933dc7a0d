import type { Table } from 'dexie';
import type { SyncMutationKind } from '../../contract';
import { DEVICE_KEEP_CONFIRMED_HOURS_DEFAULT } from '../../contract/kiosk-values';
import { readMeta, type LocalAttempt, type OutboxEntry, type TriviaDb } from './db';

/**
 * What the server confirmed stays on the device for DEVICE_KEEP_CONFIRMED_HOURS (a day unless set), then goes (docs/decisions.md, "What a
 * kiosk keeps of what the server confirmed"): a player's registration and a round's record once
 * the server settled their writes. Nothing that still waits in the outbox is ever pruned: a record
 * counts as confirmed only when its last write left the outbox with the server's answer. The
 * writes themselves, kept as sent for a server restored to an earlier moment (refill.ts), go by
 * the same rule.
 */

/** The meta key of how long a confirmed record is kept after the server settled it, in hours: the server's DEVICE_KEEP_CONFIRMED_HOURS as its heartbeat said (its default until then). */
export const KEEP_CONFIRMED_HOURS_KEY = 'keepConfirmedHours';
/** At most this many confirmed rounds (and as many registrations) are kept, the oldest pruned first: a round every 17 s for a whole day. */
export const MAX_CONFIRMED_ROUNDS = 5_000;

/** At most this many settled writes are kept for a restored server (refill.ts): a round's three writes for each round kept. */
export const MAX_SENT_ENTRIES = 3 * MAX_CONFIRMED_ROUNDS;

const PRUNED_KEY = 'prunedRecords';

/** Records pruned so far, by kind: the staff's receipt counts them as recorded (staff-tools.ts). */
export type PrunedCounts = Record<SyncMutationKind, number>;

export async function readPrunedCounts(db: TriviaDb): Promise<PrunedCounts> {
  return ((await db.meta.get(PRUNED_KEY))?.value as PrunedCounts | undefined) ?? { player: 0, attempt: 0, completion: 0 };
}

/**
 * Marks what a settled entry confirms; runs in the push reply's transaction (players, attempts,
 * inProgress). A round's start confirms it only when it will have no completion: it is not being
 * played (a round left unfinished, leaveRound, is marked then).
 */
export async function markConfirmed(db: TriviaDb, entry: OutboxEntry, at: string): Promise<void> {
  const ids = entry.payload as { clientId?: string; attemptClientId?: string; questionGroupId?: number };
  if (entry.kind === 'player') await db.players.update(ids.clientId!, { confirmedAt: at });
  else if (entry.kind === 'completion') await db.attempts.update(ids.attemptClientId!, { confirmedAt: at });
  else await markUnfinishedRound(db, ids.clientId!, at);
}

/** A round nobody is playing and that was never completed is confirmed once its start left the outbox. */
async function markUnfinishedRound(db: TriviaDb, attemptClientId: string, at: string): Promise<void> {
  const attempt: LocalAttempt | undefined = await db.attempts.get(attemptClientId);
  if (!attempt || attempt.completedAt || attempt.confirmedAt) return;
  if ((await db.inProgress.get(attempt.questionGroupId))?.attemptClientId === attemptClientId) return;
  await db.attempts.update(attemptClientId, { confirmedAt: at });
}

/** A round left unfinished (leaveRound): confirmed now when its start is not waiting in the outbox (or never went there: the server dealt it). */
export async function confirmLeftRound(db: TriviaDb, attemptClientId: string, at = new Date().toISOString()): Promise<void> {
  await db.transaction('rw', [db.outbox, db.attempts, db.inProgress], async () => {
    if ((await db.outbox.where('payload.clientId').equals(attemptClientId).count()) > 0) return;
    await markUnfinishedRound(db, attemptClientId, at);
  });
}

/**
 * Drops confirmed records settled more than DEVICE_KEEP_CONFIRMED_HOURS ago, and the oldest beyond
 * MAX_CONFIRMED_ROUNDS; the settled writes kept for a restored server (`sent`) by the same rule,
 * beyond MAX_SENT_ENTRIES. Reads only what it drops (the `confirmedAt` indexes), so it costs
 * nothing on a device with nothing to prune. Returns how many records went (kept writes aside).
 */
export async function pruneConfirmed(db: TriviaDb, now = Date.now()): Promise<number> {
  const hours = (await readMeta<number>(db, KEEP_CONFIRMED_HOURS_KEY)) ?? DEVICE_KEEP_CONFIRMED_HOURS_DEFAULT;
  const cutoff = new Date(now - hours * 60 * 60 * 1000).toISOString();
  return db.transaction('rw', [db.players, db.attempts, db.sent, db.meta], async () => {
    await db.sent.bulkDelete(await prunable(db.sent, cutoff, MAX_SENT_ENTRIES));
    const players = await prunable(db.players, cutoff);
    const attempts = await db.attempts.bulkGet(await prunable(db.attempts, cutoff));
    if (players.length === 0 && attempts.length === 0) return 0;
    const pruned = await readPrunedCounts(db);
    await db.players.bulkDelete(players);
    await db.attempts.bulkDelete(attempts.map((attempt) => attempt!.clientId));
    await db.meta.put({
      key: PRUNED_KEY,
      value: {
        player: pruned.player + players.length,
        attempt: pruned.attempt + attempts.length,
        completion: pruned.completion + attempts.filter((attempt) => attempt!.completedAt !== null).length,
      } satisfies PrunedCounts,
    });
    return players.length + attempts.length;
  });
}

/** The keys of a table's confirmed records past the window or beyond the cap, oldest first. */
async function prunable<K>(table: Table<{ confirmedAt?: string }, K>, cutoff: string, cap = MAX_CONFIRMED_ROUNDS): Promise<K[]> {
  const expired = await table.where('confirmedAt').below(cutoff).primaryKeys();
  const kept = (await table.orderBy('confirmedAt').count()) - expired.length;
  if (kept <= cap) return expired;
  const beyondCap = await table.orderBy('confirmedAt').offset(expired.length).limit(kept - cap).primaryKeys();
  return [...expired, ...beyondCap];
}
