import { createHmac, randomBytes } from 'node:crypto';
import { sameSecret, sha256 } from '../../platform/lib/crypto';

/** What a request without the attempt's token is told (403 attempt_token_invalid). */
export const INVALID_TOKEN = 'Token de intento no válido';

/**
 * The secret that completes an attempt. Only its SHA-256 is stored. An attempt made with a
 * clientId gets a token derived from that clientId with the server secret (HMAC), so a kiosk that
 * lost the reply and sends the creation again receives a token that still works, with nothing
 * secret kept in the database; without the server secret a clientId tells nothing about its token.
 * Without a clientId there is no replay to serve, so the token is simply random.
 */
export function attemptToken(serverSecret: string, clientId: string | null | undefined): string {
  if (!clientId) return randomBytes(32).toString('base64url');
  return createHmac('sha256', serverSecret).update(`attempt-token:${clientId}`).digest('base64url');
}

/** Compares a presented token with the stored hash in constant time. */
export function tokenMatches(token: string, storedHash: string): boolean {
  return sameSecret(sha256(token), storedHash);
}
