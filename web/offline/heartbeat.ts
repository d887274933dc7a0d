import type { DeviceHeartbeat, DeviceHeartbeatReply } from '../../contract';
import { readMeta, writeMeta, type TriviaDb } from './db';
import { KEEP_CONFIRMED_HOURS_KEY } from './confirmed-records';
import { resyncOutbox } from './device-identity';
import { identityExclusively, withFlushLock } from './flusher';
import { acknowledgedFor, serverLostWrites } from './refill';
import { kioskCertificateHeaders, readKioskConfig } from './kiosk-config';
import { callServer } from './server-call';

const HEARTBEAT_TIMEOUT_MS = 8_000;
/** A phone tells the server it is there at most this often (page start, back online, visible again). */
const PHONE_CONTACT_EVERY_MS = 60_000;

/**
 * A device with nothing to send tells the server it is there (POST /api/devices/me/heartbeat), which
 * moves the server's anchor for its next rounds to now. A set-up kiosk beats every few minutes, so
 * the admin's devices screen does not show a quiet booth as offline. A phone does it when the player
 * screen opens, comes back online or becomes visible (`event`), at most once a minute, registering
 * its device first when it has none: a round it plays after its signal drops is anchored to that
 * contact, not held for want of one. Best effort: a failure is the next contact's business. The reply
 * carries the server's counter for the device: below what it once acknowledged (the server was
 * restored), what it lost goes back to the outbox (refill.ts) and the answer is `refill`, so the
 * caller flushes now rather than at the next write.
 */
export async function sendHeartbeat(db: TriviaDb, event = false): Promise<'sent' | 'refill' | 'not-sent'> {
  const kiosk = await readKioskConfig(db);
  if (!kiosk && !(event && (await phoneContactDue(db)))) return 'not-sent';
  const identity = await identityExclusively(db, HEARTBEAT_TIMEOUT_MS);
  if (identity?.kind !== 'registered') return 'not-sent';
  const { deviceId, secret } = identity.device;
  // What the server once acknowledged: a restored server that lacks some of it keeps this device's anchor.
  const body: DeviceHeartbeat = { acknowledged: await acknowledgedFor(db, deviceId) };
  const answer = await callServer<DeviceHeartbeatReply>('POST', '/api/devices/me/heartbeat', body, {
    headers: { 'X-Device-Id': deviceId, 'X-Device-Secret': secret, ...(kiosk ? await kioskCertificateHeaders(db) : {}) },
    timeoutMs: HEARTBEAT_TIMEOUT_MS,
  });
  if (answer.kind !== 'success') return 'not-sent';
  if (answer.body?.offlineWindowHours) await writeMeta(db, 'offlineWindowHours', answer.body.offlineWindowHours);
  if (answer.body?.keepConfirmedHours) await writeMeta(db, KEEP_CONFIRMED_HOURS_KEY, answer.body.keepConfirmedHours);
  const counter = answer.body?.lastMutationId;
  if (typeof counter !== 'number' || !(await serverLostWrites(db, deviceId, counter))) {
    // Nothing was pending: the server's anchor for this device's next rounds moved to now.
    await writeMeta(db, 'lastContactAt', new Date().toISOString());
    return 'sent';
  }
  // Under the flush lock, and only if no push meanwhile settled the question (a push's gap reply refills too).
  const refilled = await withFlushLock(db, Date.now() + HEARTBEAT_TIMEOUT_MS, async () => {
    if (!(await serverLostWrites(db, deviceId, counter))) return false;
    await resyncOutbox(db, deviceId, counter);
    return true;
  });
  return refilled ? 'refill' : 'sent';
}

async function phoneContactDue(db: TriviaDb): Promise<boolean> {
  const last = await readMeta<string>(db, 'lastContactAt');
  return !last || Date.now() - Date.parse(last) >= PHONE_CONTACT_EVERY_MS;
}
