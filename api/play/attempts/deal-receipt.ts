import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { REVIEW_REASONS } from '../../../contract';
import { sameSecret } from '../../platform/lib/crypto';
import type { AttemptRow } from './attempt-row';

/**
 * A round the server dealt, signed for the device it dealt it to (docs/decisions.md, "What a device
 * keeps of what the server confirmed, and the refill after a restore"). The deal reply carries it;
 * the device sends it with the round's completion. When a restore lost the round, a completion
 * sent again with a receipt this server signed, for this device and this attempt, brings the round
 * back as it was dealt: its start on the server's clock, its questions, its site, its review state;
 * its player found again by the document (a restore may give the old player id to someone else, and
 * a player erased since has none). Without a receipt, or with one that does not verify, the
 * completion of a lost round is refused as before (404 not found): nothing a device claims makes a
 * round.
 */

const receiptSchema = z.strictObject({
  clientId: z.uuid(),
  deviceId: z.uuid(),
  questionGroupId: z.number().int().positive(),
  documentTypeId: z.number().int().positive(),
  documentNumber: z.string().min(1).max(40),
  locationId: z.number().int().positive().nullable(),
  totalQuestions: z.number().int().positive(),
  questionIds: z.array(z.number().int().positive()).nullable(),
  startedAt: z.iso.datetime(),
  reason: z.enum(REVIEW_REASONS).nullable(),
  /** "Necesito más tiempo"; absent from receipts signed before clocks. */
  extraTime: z.boolean().optional(),
});
export type DealReceipt = z.infer<typeof receiptSchema>;

const mac = (serverSecret: string, body: string) => createHmac('sha256', serverSecret).update(`deal-receipt:${body}`).digest('base64url');

/** The receipt of a round the server dealt (or dealt again) to a device with a clientId; null without one, or for a player without a document. */
export function signDealReceipt(serverSecret: string, attempt: AttemptRow, player: { document_type_id: number; document_number: string | null }): string | null {
  if (!attempt.client_id || !attempt.device_id || !attempt.dealt_by_server || player.document_number === null) return null;
  const receipt: DealReceipt = {
    clientId: attempt.client_id,
    deviceId: attempt.device_id,
    questionGroupId: attempt.question_group_id,
    documentTypeId: player.document_type_id,
    documentNumber: player.document_number,
    locationId: attempt.location_id,
    totalQuestions: attempt.total_questions,
    questionIds: attempt.question_ids,
    startedAt: new Date(attempt.started_at).toISOString(),
    reason: attempt.review_status === 'held' ? attempt.review_reason : null,
    extraTime: attempt.extra_time,
  };
  const body = Buffer.from(JSON.stringify(receipt)).toString('base64url');
  return `${body}.${mac(serverSecret, body)}`;
}

/**
 * The receipt, when this server signed it and its deal is at most `maxAgeMs` old (the device keeps
 * what was confirmed for DEVICE_KEEP_CONFIRMED_HOURS, after up to OFFLINE_WINDOW_HOURS offline);
 * null otherwise (forged, altered, another server's, stale).
 */
export function readDealReceipt(serverSecret: string, text: string, maxAgeMs: number, now = new Date()): DealReceipt | null {
  const [body, signature, ...rest] = text.split('.');
  if (!body || !signature || rest.length > 0 || !sameSecret(signature, mac(serverSecret, body))) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const receipt = receiptSchema.safeParse(parsed);
  if (!receipt.success) return null;
  const age = now.getTime() - Date.parse(receipt.data.startedAt);
  return age >= 0 && age <= maxAgeMs ? receipt.data : null;
}
