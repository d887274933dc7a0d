import { createHash, randomBytes } from 'node:crypto';
import type { DrawEntry } from '../../contract';

/** A new seed: 32 bytes from the operating system's cryptographic random source, in lowercase hex. */
export const newSeed = (): string => randomBytes(32).toString('hex');

/**
 * The number step `k` of a draw takes from its seed: the first 8 bytes (big-endian) of
 * SHA-256(seed bytes ‖ k as a 4-byte big-endian integer).
 */
function step(seed: Buffer, k: number): bigint {
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(k);
  return createHash('sha256').update(seed).update(counter).digest().readBigUInt64BE(0);
}

/**
 * The winners of a draw: a deterministic function of the seed and the eligible list, so anyone
 * holding both re-runs it and gets the same winners. A partial Fisher–Yates shuffle of the list:
 * for k = 0, 1, …, prizes − 1, swap position k with position k + (step(k) mod (n − k)); the
 * winners are the first `prizes` positions, first prize first. (With n far below 2^64 the modulo's
 * bias is negligible: under n / 2^64.)
 */
export function drawWinners(seedHex: string, eligible: readonly DrawEntry[], prizes: number): DrawEntry[] {
  const seed = Buffer.from(seedHex, 'hex');
  const list = eligible.slice();
  const count = Math.min(prizes, list.length);
  for (let k = 0; k < count; k++) {
    const j = k + Number(step(seed, k) % BigInt(list.length - k));
    [list[k], list[j]] = [list[j]!, list[k]!];
  }
  return list.slice(0, count);
}
