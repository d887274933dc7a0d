import type { Mutation, ServerResult, SyncResult } from '../../contract';
import { markConfirmed } from './confirmed-records';
import { rejectedFrom, type OutboxEntry, type TriviaDb } from './db';
import { noteAcknowledged, noteRefillSettled } from './refill';

/** How a push's reply settled its entries: kept as settled, rejected, and answered at all. */
export type Settled = { settled: number; rejected: number; answered: number };

/** A registration the server applied: later rounds of that player on this device use the server's player id. */
async function storePlayerId(db: TriviaDb, entry: OutboxEntry, id: number): Promise<void> {
  if (entry.kind !== 'player') return;
  const clientId = (entry.payload as Extract<Mutation, { kind: 'player' }>['payload']).clientId;
  await db.knownPlayers.where('clientId').equals(clientId).modify({ playerId: id });
}

/** A completion the server scored: the result screen of a round played without verdicts shows it. */
async function storeServerResult(db: TriviaDb, entry: OutboxEntry, result: ServerResult): Promise<void> {
  if (entry.kind !== 'completion') return;
  const attemptClientId = (entry.payload as Extract<Mutation, { kind: 'completion' }>['payload']).attemptClientId;
  await db.attempts.update(attemptClientId, { serverResult: result });
}

/** Moves a refused entry out of the outbox into the staff's list, its document number masked. */
export async function reject(db: TriviaDb, entry: OutboxEntry, reason: string): Promise<void> {
  await db.rejected.add(rejectedFrom(entry, reason || 'Rechazado por el servidor'));
  await db.outbox.delete(entry.mutationId);
}

/**
 * Applies a push's reply: applied, duplicate and kept-unapplied entries (KEPT_UNAPPLIED) are
 * settled: they leave the outbox for `sent`, kept under `deviceId` for a server that loses them
 * (refill.ts); rejected ones move to the staff's list. The highest id answered is noted.
 */
export async function applyResults(db: TriviaDb, deviceId: string, entries: OutboxEntry[], results: SyncResult[]): Promise<Settled> {
  let settled = 0;
  let rejected = 0;
  let answered = 0;
  let highest = 0;
  let refilledCompletions = 0;
  let refilledAnswered = false;
  const confirmedAt = new Date().toISOString();
  const byId = new Map(entries.map((entry) => [entry.mutationId, entry]));
  await db.transaction('rw', [db.outbox, db.rejected, db.sent, db.meta, db.players, db.attempts, db.knownPlayers, db.inProgress], async () => {
    for (const result of results) {
      const entry = byId.get(result.mutationId);
      if (!entry) continue;
      answered++;
      highest = Math.max(highest, entry.mutationId);
      refilledAnswered ||= entry.refilled === true;
      await markConfirmed(db, entry, confirmedAt);
      if (result.status === 'rejected') {
        rejected++;
        await reject(db, entry, result.reason ?? '');
        continue;
      }
      if (result.id !== undefined) await storePlayerId(db, entry, result.id);
      if (result.result) await storeServerResult(db, entry, result.result);
      const { mutationId, kind, payload, createdAt } = entry;
      await db.sent.put({ deviceId, mutationId, kind, payload, createdAt, confirmedAt, ...(result.id !== undefined ? { resultId: result.id } : {}) });
      await db.outbox.delete(mutationId);
      if (entry.refilled && kind === 'completion') refilledCompletions++;
      settled++;
    }
    if (answered > 0) await noteAcknowledged(db, deviceId, highest);
    if (refilledAnswered) await noteRefillSettled(db, refilledCompletions);
  });
  return { settled, rejected, answered };
}
