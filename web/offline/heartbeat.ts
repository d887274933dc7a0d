import type { DeviceHeartbeatReply } from '../../contract';
import { readMeta, writeMeta, type TriviaDb } from './db';
import { identityExclusively } from './flusher';
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
 * contact, not held for want of one. Best effort: a failure is the next contact's business, and the
 * outbox is never touched.
 */
export async function sendHeartbeat(db: TriviaDb, event = false): Promise<boolean> {
  const kiosk = await readKioskConfig(db);
  if (!kiosk && !(event && (await phoneContactDue(db)))) return false;
  const identity = await identityExclusively(db, HEARTBEAT_TIMEOUT_MS);
  if (identity?.kind !== 'registered') return false;
  const { deviceId, secret } = identity.device;
  const answer = await callServer<DeviceHeartbeatReply>('POST', '/api/devices/me/heartbeat', {}, {
    headers: { 'X-Device-Id': deviceId, 'X-Device-Secret': secret, ...(kiosk ? await kioskCertificateHeaders(db) : {}) },
    timeoutMs: HEARTBEAT_TIMEOUT_MS,
  });
  if (answer.kind !== 'success') return false;
  // Nothing was pending: the server's anchor for this device's next rounds moved to now.
  await writeMeta(db, 'lastContactAt', new Date().toISOString());
  if (answer.body?.offlineWindowHours) await writeMeta(db, 'offlineWindowHours', answer.body.offlineWindowHours);
  return true;
}

async function phoneContactDue(db: TriviaDb): Promise<boolean> {
  const last = await readMeta<string>(db, 'lastContactAt');
  return !last || Date.now() - Date.parse(last) >= PHONE_CONTACT_EVERY_MS;
}
