import { createHmac, randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { forbidden } from '../../platform/http/errors';
import { sameSecret, sha256 } from '../../platform/lib/crypto';
import { isUuid } from '../../platform/lib/uuid';
import { prepared } from '../../../db/prepared-statements';

export const UNKNOWN_DEVICE = 'Dispositivo no reconocido';

/**
 * A device's secret is derived from its id with the server secret, so the server can check it
 * without the device's row: a kiosk whose row was lost (a database restored from a backup) keeps
 * its id and is recognised again. Only the SHA-256 of the secret is stored.
 */
export const deviceSecret = (serverSecret: string, deviceId: string) => createHmac('sha256', serverSecret).update(`device:${deviceId}`).digest('base64url');

/**
 * A new device: its secret is returned once and only its SHA-256 is kept. `firstAskedAt`: when it
 * first asked and was refused for a busy address (a contact ticket), which dates it.
 */
export async function registerDevice(em: EntityManager, serverSecret: string, firstAskedAt?: Date): Promise<{ deviceId: string; secret: string }> {
  const deviceId = randomUUID();
  const secret = deviceSecret(serverSecret, deviceId);
  await em.query(prepared(`INSERT INTO devices (id, secret_hash, created_at) VALUES ($1, $2, COALESCE($3::timestamptz, now()))`), [
    deviceId,
    sha256(secret),
    firstAskedAt ?? null,
  ]);
  return { deviceId, secret };
}

/**
 * A device's sign of life, sent with nothing to send: its last seen time becomes now, and so does the
 * last time it had nothing pending, unless the device was acknowledged writes past the server's
 * counter (`acknowledged`: the server was restored and lacks them; they come next, anchored as before).
 */
export async function touchDevice(em: EntityManager, deviceId: string, acknowledged = 0): Promise<{ lastSeenAt: Date; lastMutationId: number }> {
  const [[row]]: [{ last_seen_at: Date; last_mutation_id: number }[]] = await em.query(
    `UPDATE devices SET last_seen_at = now(), drained_at = CASE WHEN last_mutation_id >= $2 THEN now() ELSE drained_at END, data_lost_at = NULL
      WHERE id = $1 RETURNING last_seen_at, last_mutation_id`,
    [deviceId, acknowledged],
  );
  return { lastSeenAt: new Date(row!.last_seen_at), lastMutationId: Number(row!.last_mutation_id) };
}

/**
 * Checks a device's id and secret (403 `device_unknown` otherwise) and returns the id as stored.
 * Both checks always run, in constant time: the derived secret, and the stored hash of devices
 * registered before secrets were derived. A valid derived secret whose row is missing recreates
 * the row with its counter at 0, so the device's next push is a `sync_gap` it resynchronises from.
 * The recreated row dates from the last round the server dealt to the device (rounds keep their
 * device id when its row is lost), the last moment the server saw it with nothing left to send: what
 * it played offline since is anchored there, not lost to a window that opens now.
 */
export async function authenticateDevice(em: EntityManager, serverSecret: string, deviceId: string | undefined, secret: string | undefined): Promise<string> {
  if (!deviceId || !secret || !isUuid(deviceId)) throw forbidden(UNKNOWN_DEVICE, { code: 'device_unknown' });
  const id = deviceId.toLowerCase();
  const presented = sha256(secret);
  const derived = sameSecret(presented, sha256(deviceSecret(serverSecret, id)));
  const [device] = await em.query(prepared(`SELECT id, secret_hash FROM devices WHERE id = $1`), [id]);
  const stored = sameSecret(presented, device?.secret_hash ?? '');
  if (device && (stored || derived)) return device.id;
  if (!device && derived) {
    await em.query(
      `INSERT INTO devices (id, secret_hash, last_mutation_id, created_at)
       VALUES ($1, $2, 0, COALESCE((SELECT max(started_at) FROM player_attempts WHERE device_id = $1 AND dealt_by_server), now()))
       ON CONFLICT (id) DO NOTHING`,
      [id, presented],
    );
    return id;
  }
  throw forbidden(UNKNOWN_DEVICE, { code: 'device_unknown' });
}
