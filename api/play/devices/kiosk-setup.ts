import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { KIOSK_SETUP_REFUSALS, KIOSK_SETUP_TTL_HOURS, type KioskSetupLink, type KioskSetupLinkState, type KioskSetupReply } from '../../../contract';
import { conflict, notFound } from '../../platform/http/errors';
import { sha256 } from '../../platform/lib/crypto';
import { isUuid } from '../../platform/lib/uuid';
import { findQuestionGroup } from '../../content/question-groups/service';
import { quoted, recordActivity, type Actor } from '../../platform/activity/record';


const TTL_MS = KIOSK_SETUP_TTL_HOURS * 3_600_000;

/**
 * A new one-time setup link for a trivia (404 when the trivia does not exist), with its entry in
 * "Actividad" in the same transaction. The token is returned once, in the link's path; only its
 * SHA-256 is stored (the entry holds neither).
 */
export async function createSetupLink(em: EntityManager, questionGroupId: number, actor: Actor, now = new Date()): Promise<KioskSetupLink> {
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + TTL_MS);
  await em.transaction(async (tx) => {
    const group = await findQuestionGroup(tx, questionGroupId);
    await tx.query(`INSERT INTO kiosk_setup_links (question_group_id, token_hash, created_by, expires_at) VALUES ($1, $2, $3, $4)`, [
      questionGroupId,
      sha256(token),
      actor.userId,
      expiresAt,
    ]);
    await recordActivity(tx, actor, {
      companyId: group.companyId,
      kind: 'trivia',
      objectId: questionGroupId,
      action: 'link',
      summary: `Creó un enlace de configuración de quiosco para la trivia ${quoted(group.name)}`,
      changes: { expiresAt: [null, expiresAt.toISOString()] },
    });
  });
  return { path: `/play-trivia/${questionGroupId}?kiosk=${token}`, expiresAt: expiresAt.toISOString() };
}

/**
 * Redeems a setup link for an authenticated device: in one statement the link is marked used (only
 * if unused, unexpired and for this trivia) and the device gets the kiosk's name and trivia, so two
 * devices racing for one link cannot both win. Otherwise says why: unknown (404), used or expired (409).
 */
export async function redeemSetupLink(
  em: EntityManager,
  input: { deviceId: string; token: string; questionGroupId: number; name: string },
): Promise<Omit<KioskSetupReply, 'adminSignedOut' | 'certificate'>> {
  const tokenHash = sha256(input.token);
  const [[device]]: [{ kiosk_name: string; kiosk_question_group_id: number; kiosk_setup_at: Date }[], number] = await em.query(
    `WITH used AS (
       UPDATE kiosk_setup_links SET used_at = now(), device_id = $1
       WHERE token_hash = $2 AND question_group_id = $3 AND used_at IS NULL AND expires_at > now()
       RETURNING question_group_id
     )
     UPDATE devices SET kiosk_name = $4, kiosk_question_group_id = used.question_group_id, kiosk_setup_at = now()
     FROM used WHERE devices.id = $1
     RETURNING kiosk_name, kiosk_question_group_id, kiosk_setup_at`,
    [input.deviceId, tokenHash, input.questionGroupId, input.name],
  );
  if (device) {
    return { deviceId: input.deviceId, name: device.kiosk_name, questionGroupId: device.kiosk_question_group_id, setupAt: device.kiosk_setup_at.toISOString() };
  }
  const state = await setupLinkState(em, input);
  if (state === 'unknown') throw notFound(KIOSK_SETUP_REFUSALS.kiosk_setup_unknown, { code: 'kiosk_setup_unknown' });
  if (state === 'used') throw conflict(KIOSK_SETUP_REFUSALS.kiosk_setup_used, { code: 'kiosk_setup_used' });
  throw conflict(KIOSK_SETUP_REFUSALS.kiosk_setup_expired, { code: 'kiosk_setup_expired' });
}

/**
 * Where a setup link for this trivia stands, read without using it: 'valid' (unused, unexpired),
 * 'used', 'expired', or 'unknown' (no such link, or another trivia's). Nothing else of the link
 * (who made it, which device used it) is said.
 */
export async function setupLinkState(em: EntityManager, input: { token: string; questionGroupId: number }): Promise<KioskSetupLinkState> {
  const [link]: { used: boolean; live: boolean }[] = await em.query(
    `SELECT used_at IS NOT NULL AS used, expires_at > now() AS live FROM kiosk_setup_links WHERE token_hash = $1 AND question_group_id = $2`,
    [sha256(input.token), input.questionGroupId],
  );
  if (!link) return 'unknown';
  if (link.used) return 'used';
  return link.live ? 'valid' : 'expired';
}

/**
 * Whether the device is set up as a kiosk now (an id that is not a UUID names no device). A kiosk
 * whose browser lost its data is one no longer: that browser has nothing of it left, and may sign in.
 */
export async function isKioskDevice(em: EntityManager, deviceId: string): Promise<boolean> {
  if (!isUuid(deviceId)) return false;
  const [row] = await em.query(`SELECT 1 FROM devices WHERE id = $1 AND kiosk_setup_at IS NOT NULL AND data_lost_at IS NULL`, [deviceId]);
  return row !== undefined;
}

/**
 * The kiosk `deviceId` lost its data: its browser, still marked as that kiosk, registered as a new
 * device (its site storage was cleared or evicted, and with it whatever it had not sent). The kiosk
 * is flagged for "Dispositivos" until it is heard from again. Its name, or null when the mark names
 * no kiosk.
 */
export async function markKioskDataLost(em: EntityManager, deviceId: string): Promise<{ name: string } | null> {
  if (!isUuid(deviceId)) return null;
  const [rows]: [{ kiosk_name: string }[], number] = await em.query(
    `UPDATE devices SET data_lost_at = now() WHERE id = $1 AND kiosk_setup_at IS NOT NULL RETURNING kiosk_name`,
    [deviceId],
  );
  return rows[0] ? { name: rows[0].kiosk_name } : null;
}

/**
 * The browser of a kiosk that lost its data was set up again (as another device): the lost kiosk
 * leaves the admin's kiosks, as a released one does; what it sent stays. A kiosk not flagged as
 * lost is left alone.
 */
export async function retireLostKiosk(em: EntityManager, deviceId: string): Promise<void> {
  if (!isUuid(deviceId)) return;
  await em.query(
    `UPDATE devices SET kiosk_name = NULL, kiosk_question_group_id = NULL, kiosk_setup_at = NULL, data_lost_at = NULL WHERE id = $1 AND data_lost_at IS NOT NULL`,
    [deviceId],
  );
}

/**
 * The device stops being a kiosk ("Dejar de ser kiosco", behind the staff PIN on the device): its
 * name, trivia and setup time are cleared, so it leaves the admin's kiosks; what it sent stays.
 */
export async function releaseKiosk(em: EntityManager, deviceId: string): Promise<void> {
  await em.query(`UPDATE devices SET kiosk_name = NULL, kiosk_question_group_id = NULL, kiosk_setup_at = NULL WHERE id = $1`, [deviceId]);
}
