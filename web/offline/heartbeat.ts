import type { DeviceHeartbeatReply } from '../../contract';
import { writeMeta, type TriviaDb } from './db';
import { kioskCertificateHeaders, readKioskConfig } from './kiosk-config';
import { callServer } from './server-call';

const HEARTBEAT_TIMEOUT_MS = 8_000;

/**
 * A set-up kiosk with nothing to send tells the server it is still there (POST
 * /api/devices/me/heartbeat), so the admin's devices screen does not show a quiet booth as
 * offline. Phones and devices never set up as a kiosk send nothing. Best effort: a failure is
 * the next heartbeat's business, and the outbox is never touched.
 */
export async function sendHeartbeat(db: TriviaDb): Promise<boolean> {
  if (!(await readKioskConfig(db))) return false;
  const device = await db.device.get('device');
  if (!device?.deviceId || !device.secret) return false;
  const answer = await callServer<DeviceHeartbeatReply>('POST', '/api/devices/me/heartbeat', {}, {
    headers: { 'X-Device-Id': device.deviceId, 'X-Device-Secret': device.secret, ...(await kioskCertificateHeaders(db)) },
    timeoutMs: HEARTBEAT_TIMEOUT_MS,
  });
  if (answer.kind !== 'success') return false;
  // Nothing was pending: the server's anchor for this kiosk's next rounds moved to now.
  await writeMeta(db, 'lastContactAt', new Date().toISOString());
  if (answer.body?.offlineWindowHours) await writeMeta(db, 'offlineWindowHours', answer.body.offlineWindowHours);
  return true;
}
