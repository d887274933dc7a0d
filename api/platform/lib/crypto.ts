import { createHash, timingSafeEqual } from 'node:crypto';

/** The SHA-256 of a text, in hex: how every token and secret the server checks is stored. */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Whether a presented secret, hash or signature is the expected one, compared in constant time so
 * the time taken tells nothing of how much of it matched. An empty one never matches.
 */
export function sameSecret(presented: string, expected: string): boolean {
  const left = Buffer.from(presented);
  const right = Buffer.from(expected);
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
