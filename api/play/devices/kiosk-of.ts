import type { EntityManager } from 'typeorm';
import { prepared } from '../../../db/prepared-statements';
import { authenticateDevice } from './service';

/**
 * Whether the request's device (X-Device-Id / X-Device-Secret) is a kiosk set up by staff for this
 * trivia: the only reader the answer key goes to. No headers, a wrong secret or another device: no.
 */
export async function isKioskOf(em: EntityManager, serverSecret: string, questionGroupId: number, deviceId: string, secret: string): Promise<boolean> {
  if (!deviceId || !secret) return false;
  const id = await authenticateDevice(em, serverSecret, deviceId, secret).catch(() => undefined);
  if (!id) return false;
  const [row] = await em.query(prepared(`SELECT 1 FROM devices WHERE id = $1 AND kiosk_question_group_id = $2 AND kiosk_name IS NOT NULL`), [id, questionGroupId]);
  return row !== undefined;
}
