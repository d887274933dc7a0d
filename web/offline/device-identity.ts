import type { DeviceRegistration } from '../../contract';
import { writeMeta, type DeviceState, type OutboxEntry, type SentEntry, type TriviaDb } from './db';
import { refillOrder, takeAllKept, takeLost } from './refill';
import { callServer, type ServerAnswer } from './server-call';

/** The meta key of the kiosk this browser was before it lost its data ({name}), until it is set up again. */
export const LOST_KIOSK_KEY = 'lostKiosk';

export type Identity = DeviceState & { deviceId: string; secret: string };

export const emptyDevice = (): DeviceState => ({ key: 'device', deviceId: null, secret: null, nextMutationId: 1 });

/**
 * Gives the pending entries the ids `from`, `from + 1`… in their order, and moves the next id to
 * hand out after them; `lost` (writes a restored server no longer has, refill.ts) go first, in
 * their order. Runs in its own transaction (or the caller's, which must include outbox and
 * device), so an entry written meanwhile is numbered after them.
 */
export async function renumberPending(db: TriviaDb, from: number, lost: SentEntry[] = []): Promise<void> {
  await db.transaction('rw', [db.outbox, db.device], async () => {
    const pending: OutboxEntry[] = await db.outbox.where('status').equals('pending').sortBy('mutationId');
    const device = (await db.device.get('device')) ?? emptyDevice();
    const entries = lost.length > 0 ? refillOrder(lost, pending) : pending;
    await db.outbox.bulkDelete(pending.map((entry) => entry.mutationId));
    await db.outbox.bulkAdd(entries.map((entry, i) => ({ ...entry, mutationId: from + i })));
    await db.device.put({ ...device, nextMutationId: from + entries.length });
  });
}

/**
 * The server's counter for this device is `lastMutationId` (a gap, or an id it holds with another
 * payload): the pending entries go after it, behind what a restore made the server lose (refill.ts).
 */
export async function resyncOutbox(db: TriviaDb, deviceId: string, lastMutationId: number): Promise<void> {
  await db.transaction('rw', [db.outbox, db.device, db.sent, db.meta, db.knownPlayers], async () => {
    await renumberPending(db, lastMutationId + 1, await takeLost(db, deviceId, lastMutationId));
  });
}

/**
 * Moves a waiting registration ahead of every other pending entry: it takes the first pending id
 * and the entries before it move one id later, order kept, so the ids the outbox holds stay the
 * same. A registration depends on no other write, and every write of its player comes after it
 * already. False when the player's registration is not waiting (the server has it, or refused it).
 */
export async function moveRegistrationFirst(db: TriviaDb, playerClientId: string): Promise<boolean> {
  return db.transaction('rw', [db.outbox], async () => {
    const registration = await db.outbox.where('payload.clientId').equals(playerClientId).filter((entry) => entry.kind === 'player' && entry.status === 'pending').first();
    if (!registration) return false;
    const ahead: OutboxEntry[] = await db.outbox
      .where('mutationId')
      .below(registration.mutationId)
      .filter((entry) => entry.status === 'pending')
      .toArray();
    if (ahead.length === 0) return true;
    // The same ids, each written over with the entry that now goes there.
    const ids = [...ahead.map((entry) => entry.mutationId), registration.mutationId];
    await db.outbox.bulkPut([registration, ...ahead].map((entry, i) => ({ ...entry, mutationId: ids[i]! })));
    return true;
  });
}

/**
 * Keeps the first contact ticket a busy server gave (a registration refused for its address): the
 * device's registration, when it is accepted, dates from that first request, so the rounds played
 * meanwhile are anchored to it (docs/fair-play.md). A later ticket would date it later: not kept.
 */
async function keepContactTicket(db: TriviaDb, ticket: string): Promise<void> {
  await db.transaction('rw', [db.device], async () => {
    const current = (await db.device.get('device')) ?? emptyDevice();
    if (!current.contactTicket && !current.deviceId) await db.device.put({ ...current, contactTicket: ticket });
  });
}

type Registered = { kind: 'registered'; device: Identity } | Exclude<ServerAnswer<DeviceRegistration>, { kind: 'success' }>;

/**
 * The device's server identity: the stored one, or a new registration. `stale` is an identity
 * the server no longer recognises (403 device_unknown). The write is a compare-and-set: when
 * another tab stored a different identity meanwhile, that one is kept and used. A replaced
 * identity starts at counter 0 on the server, so the pending entries are renumbered from 1, behind
 * every write the server settled for the stale identity and this device still keeps (refill.ts).
 */
export async function ensureIdentity(db: TriviaDb, timeoutMs: number, stale?: Identity): Promise<Registered> {
  const seen = (await db.device.get('device')) ?? emptyDevice();
  if (seen.deviceId && seen.secret && seen.deviceId !== stale?.deviceId) return { kind: 'registered', device: seen as Identity };
  const answer = await callServer<DeviceRegistration>('POST', '/api/devices', seen.contactTicket ? { contactTicket: seen.contactTicket } : {}, { timeoutMs });
  if (answer.kind === 'transient' && answer.contactTicket && !seen.contactTicket) await keepContactTicket(db, answer.contactTicket);
  if (answer.kind !== 'success') return answer;
  if (!answer.body?.deviceId || !answer.body.secret) return { kind: 'transient', reachable: true, message: 'Respuesta del servidor no válida' };
  const registration = answer.body;
  // This browser was a kiosk and came back without its data: its screen says so until staff set it up again.
  if (registration.lostKiosk) await writeMeta(db, LOST_KIOSK_KEY, registration.lostKiosk);
  return db.transaction('rw', [db.device, db.outbox, db.meta, db.sent, db.knownPlayers], async () => {
    const current = (await db.device.get('device')) ?? emptyDevice();
    if (current.deviceId && current.secret && current.deviceId !== seen.deviceId) return { kind: 'registered' as const, device: current as Identity };
    const { contactTicket: _used, ...rest } = current;
    await db.device.put({ ...rest, deviceId: registration.deviceId, secret: registration.secret });
    // A registration is a contact: the server's window for this device's offline rounds opens here (docs/fair-play.md).
    await writeMeta(db, 'lastContactAt', new Date().toISOString());
    if (seen.deviceId) await renumberPending(db, 1, await takeAllKept(db, seen.deviceId));
    return { kind: 'registered' as const, device: (await db.device.get('device')) as Identity };
  });
}
