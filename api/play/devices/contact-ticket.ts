import { createHmac } from 'node:crypto';
import { sameSecret } from '../../platform/lib/crypto';

/**
 * A contact ticket: the server's signed note of when a client asked to register a device and was
 * refused for a busy address (DEVICE_RATE_LIMIT). The phone keeps it and sends it with its next
 * registration, which then dates the device from that first request: the rounds it played while
 * the server was busy are anchored to a moment the server did see (docs/fair-play.md). It proves
 * only that the server saw a request then, which any client could have made, so it opens no window
 * a registered device would not have.
 */
const sign = (serverSecret: string, at: string) => createHmac('sha256', serverSecret).update(`contact:${at}`).digest('base64url');

export const issueContactTicket = (serverSecret: string, at: Date) => `${at.toISOString()}.${sign(serverSecret, at.toISOString())}`;

/** When the ticket's request was seen; undefined for a forged, malformed or future ticket, or one older than `maxAgeMs`. */
export function readContactTicket(serverSecret: string, ticket: string | undefined, now: Date, maxAgeMs: number): Date | undefined {
  if (!ticket) return undefined;
  const dot = ticket.lastIndexOf('.');
  const at = ticket.slice(0, dot);
  if (dot < 0 || !sameSecret(ticket.slice(dot + 1), sign(serverSecret, at))) return undefined;
  const seen = new Date(at);
  const age = now.getTime() - seen.getTime();
  return Number.isFinite(age) && age >= 0 && age <= maxAgeMs ? seen : undefined;
}
