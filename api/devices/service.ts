import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { forbidden } from '../errors';
import { sha256 } from '../attempts/token';

export const UNKNOWN_DEVICE = 'Dispositivo no reconocido';

/** A new device: its secret is returned once and only its SHA-256 is kept. */
export async function registerDevice(em: EntityManager): Promise<{ deviceId: string; secret: string }> {
  const deviceId = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  await em.query(`INSERT INTO devices (id, secret_hash) VALUES ($1, $2)`, [deviceId, sha256(secret)]);
  return { deviceId, secret };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Checks a device's id and secret (403 otherwise) and returns the id as stored. */
export async function authenticateDevice(em: EntityManager, deviceId: string | undefined, secret: string | undefined): Promise<string> {
  if (!deviceId || !secret || !UUID.test(deviceId)) throw forbidden(UNKNOWN_DEVICE, { code: 'device_unknown' });
  const [device] = await em.query(`SELECT id, secret_hash FROM devices WHERE id = $1`, [deviceId.toLowerCase()]);
  const presented = Buffer.from(sha256(secret), 'hex');
  const stored = Buffer.from(device?.secret_hash ?? '', 'hex');
  if (!device || stored.length !== presented.length || !timingSafeEqual(stored, presented)) throw forbidden(UNKNOWN_DEVICE, { code: 'device_unknown' });
  return device.id;
}
