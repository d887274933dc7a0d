import { createHmac } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { sameSecret } from '../../platform/lib/crypto';
import { isUuid } from '../../platform/lib/uuid';

/** What makes a device a kiosk: the facts its setup link gave it. */
export interface KioskFacts {
  deviceId: string;
  name: string;
  questionGroupId: number;
  setupAt: string;
}

const sign = (serverSecret: string, body: string) => createHmac('sha256', serverSecret).update(`kiosk:${body}`).digest('base64url');

/**
 * The kiosk's certificate: its setup facts, signed by the server when the setup link was redeemed
 * (HMAC with the session secret, as the device secret and the attempt tokens are). The kiosk keeps
 * it and sends it back (X-Kiosk-Certificate) with its pushes and heartbeats, so a server that lost
 * the device's row (a restore, a deletion) recognises it as the same kiosk. Bound to the device id:
 * another device cannot wear it, and nobody without the session secret can make one.
 */
export function issueKioskCertificate(serverSecret: string, facts: KioskFacts): string {
  const body = Buffer.from(JSON.stringify([facts.deviceId, facts.name, facts.questionGroupId, facts.setupAt])).toString('base64url');
  return `${body}.${sign(serverSecret, body)}`;
}

/** The facts of a genuine certificate of this device; null for anything else (forged, altered, another device's, malformed). */
export function readKioskCertificate(serverSecret: string, deviceId: string, certificate: string | undefined): KioskFacts | null {
  if (!certificate || certificate.length > 1_000) return null;
  const [body, signature, extra] = certificate.split('.');
  if (!body || !signature || extra !== undefined || !sameSecret(signature, sign(serverSecret, body))) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 4) return null;
    const [id, name, questionGroupId, setupAt] = value as unknown[];
    if (typeof id !== 'string' || !isUuid(id) || id.toLowerCase() !== deviceId.toLowerCase()) return null;
    if (typeof name !== 'string' || !Number.isInteger(questionGroupId) || typeof setupAt !== 'string' || Number.isNaN(Date.parse(setupAt))) return null;
    return { deviceId: id.toLowerCase(), name, questionGroupId: questionGroupId as number, setupAt };
  } catch {
    return null;
  }
}

/**
 * A kiosk stays a kiosk: when the device's row has no kiosk setup (the server lost it, and
 * authenticateDevice recreated the row from the derived secret), a genuine certificate restores its
 * name, trivia (none when that trivia is gone) and original setup time. A row that is a kiosk is
 * never changed by it: the newest setup, recorded on the server, wins. Run before the push is
 * applied, so its rounds are judged as a kiosk's. Its anchor is the recreated row's creation,
 * dated from the last round the server dealt it (authenticateDevice): what it played offline after
 * that ranks; what it played before, unseen by the server, is held `unanchored_time`. Answers
 * whether it restored the kiosk.
 */
export async function restoreKiosk(em: EntityManager, serverSecret: string, deviceId: string, certificate: string | undefined): Promise<boolean> {
  const facts = readKioskCertificate(serverSecret, deviceId, certificate);
  if (!facts) return false;
  const [, restored]: [unknown, number] = await em.query(
    `UPDATE devices SET kiosk_name = $2, kiosk_question_group_id = (SELECT id FROM question_groups WHERE id = $3), kiosk_setup_at = $4
      WHERE id = $1 AND kiosk_setup_at IS NULL`,
    [deviceId, facts.name, facts.questionGroupId, facts.setupAt],
  );
  return restored > 0;
}
