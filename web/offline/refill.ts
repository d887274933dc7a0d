import type { Mutation } from '../../contract';
import { readMeta, type OutboxEntry, type SentEntry, type TriviaDb } from './db';

/**
 * What a device sends again when the server lost what it had confirmed (docs/decisions.md, "What a
 * device keeps of what the server confirmed, and the refill after a restore"). The device keeps
 * each write the server settled (`sent`, pruned with the confirmed records) and the highest
 * mutation id the server answered for its device id. A server whose counter comes back below that
 * id was restored to an earlier moment: the kept writes past its counter go back to the outbox,
 * ahead of the pending ones, in their first order. A server that lost the device itself gets
 * every kept write of the old device id, under the new one.
 */

/** The highest mutation id the server answered for a device id: {deviceId, mutationId}. */
const ACKNOWLEDGED_KEY = 'acknowledged';
/** A refill under way: completions of it the server settled so far ({count}). */
const REFILLING_KEY = 'refilling';
/** The last refill the server settled in full: how many results it recovered, and when ({count, at}). */
const REFILLED_KEY = 'refilled';

interface Acknowledged {
  deviceId: string;
  mutationId: number;
}

/** What the server recovered from this device after its last restore, once all of it was settled. */
export interface Refilled {
  count: number;
  at: string;
}

export async function readRefilled(db: TriviaDb): Promise<Refilled | null> {
  return (await readMeta<Refilled>(db, REFILLED_KEY)) ?? null;
}

/** Notes the highest id of a push's answers for `deviceId`; runs in the push reply's transaction (meta). */
export async function noteAcknowledged(db: TriviaDb, deviceId: string, mutationId: number): Promise<void> {
  if ((await acknowledgedFor(db, deviceId)) >= mutationId) return;
  await db.meta.put({ key: ACKNOWLEDGED_KEY, value: { deviceId, mutationId } satisfies Acknowledged });
}

/**
 * Counts the refilled completions a push reply settled (rejected ones are not recovered); when no
 * refilled entry is left in the outbox, the refill is over and its count is kept for staff. Runs in
 * the push reply's transaction (outbox, meta), after the settled entries left the outbox.
 */
export async function noteRefillSettled(db: TriviaDb, completions: number): Promise<void> {
  const refilling = await readMeta<{ count: number }>(db, REFILLING_KEY);
  if (!refilling) return;
  const count = refilling.count + completions;
  if ((await db.outbox.filter((entry) => entry.refilled === true).count()) > 0) {
    await db.meta.put({ key: REFILLING_KEY, value: { count } });
    return;
  }
  await db.meta.delete(REFILLING_KEY);
  await db.meta.put({ key: REFILLED_KEY, value: { count, at: new Date().toISOString() } satisfies Refilled });
}

/** The highest mutation id the server answered for `deviceId` (0 when none, or for another device id). */
export async function acknowledgedFor(db: TriviaDb, deviceId: string): Promise<number> {
  const known = await readMeta<Acknowledged>(db, ACKNOWLEDGED_KEY);
  return known?.deviceId === deviceId ? known.mutationId : 0;
}

/** Whether the server once acknowledged an id above `serverCounter` for `deviceId`: it was restored, and has lost writes of this device. */
export async function serverLostWrites(db: TriviaDb, deviceId: string, serverCounter: number): Promise<boolean> {
  return (await acknowledgedFor(db, deviceId)) > serverCounter;
}

/**
 * The kept writes of `deviceId` past `serverCounter` when the server once answered an id above it
 * (it was restored), taken out of `sent`; none on an ordinary gap. Runs in the caller's
 * transaction (sent, meta, knownPlayers), which puts them back in the outbox (renumberPending).
 */
export async function takeLost(db: TriviaDb, deviceId: string, serverCounter: number): Promise<SentEntry[]> {
  if (!(await serverLostWrites(db, deviceId, serverCounter))) return [];
  await db.meta.put({ key: ACKNOWLEDGED_KEY, value: { deviceId, mutationId: serverCounter } satisfies Acknowledged });
  return take(db, deviceId, serverCounter);
}

/** Every kept write of a device id the server no longer knows (it registered anew), taken out of `sent`; as takeLost. */
export async function takeAllKept(db: TriviaDb, deviceId: string): Promise<SentEntry[]> {
  return take(db, deviceId, 0);
}

async function take(db: TriviaDb, deviceId: string, above: number): Promise<SentEntry[]> {
  const range = db.sent.where('[deviceId+mutationId]').between([deviceId, above + 1], [deviceId, Infinity], true, true);
  const lost = await range.toArray();
  if (lost.length === 0) return [];
  await range.delete();
  // Until the server has the registration again, the player's rounds name it by the registration.
  const registrations = lost.filter((entry) => entry.kind === 'player').map((entry) => registrationOf(entry).clientId);
  if (registrations.length > 0) await db.knownPlayers.where('clientId').anyOf(registrations).modify({ playerId: null });
  if (!(await readMeta(db, REFILLING_KEY))) await db.meta.put({ key: REFILLING_KEY, value: { count: 0 } });
  return lost;
}

type AttemptPayload = Extract<Mutation, { kind: 'attempt' }>['payload'];
const registrationOf = (entry: { payload: Mutation['payload'] }) => entry.payload as Extract<Mutation, { kind: 'player' }>['payload'];

/**
 * The outbox after a refill, in order: the lost writes as first sent, then the pending ones. An
 * attempt that names its player by the server id a lost registration was given names it by that
 * registration's clientId instead: the restored server may have given the id to someone else.
 */
export function refillOrder(lost: SentEntry[], pending: OutboxEntry[]): OutboxEntry[] {
  const registrationById = new Map<number, string>();
  const requeued = lost.map(({ mutationId, kind, payload, createdAt }): OutboxEntry => ({ mutationId, kind, payload, createdAt, status: 'pending', lastError: null, refilled: true }));
  const entries = [...requeued, ...pending];
  return entries.map((entry, i) => {
    const sent = lost[i];
    if (sent?.kind === 'player' && sent.resultId !== undefined) registrationById.set(sent.resultId, registrationOf(sent).clientId);
    if (entry.kind !== 'attempt') return entry;
    const { playerId, documentTypeId: _type, documentNumber: _number, ...rest } = entry.payload as AttemptPayload;
    const playerClientId = playerId === undefined ? undefined : registrationById.get(playerId);
    return playerClientId ? { ...entry, payload: { ...rest, playerClientId } } : entry;
  });
}
