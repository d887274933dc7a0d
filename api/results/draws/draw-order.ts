import { createHash, randomBytes } from 'node:crypto';
import type { DrawEntry } from '../../../contract';

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
 *
 * Here as the places in the list (from 0) the winners hold: the shuffle needs only the list's
 * length, and touches at most 2 × prizes places, so the server never loads a list of 200,000.
 */
export function winnerPositions(seedHex: string, eligibleCount: number, prizes: number): number[] {
  const seed = Buffer.from(seedHex, 'hex');
  const count = Math.min(prizes, eligibleCount);
  const moved = new Map<number, number>(); // place → the list's place whose entry is there now
  const at = (place: number) => moved.get(place) ?? place;
  const winners: number[] = [];
  for (let k = 0; k < count; k++) {
    const j = k + Number(step(seed, k) % BigInt(eligibleCount - k));
    const [atK, atJ] = [at(k), at(j)];
    moved.set(k, atJ);
    moved.set(j, atK);
    winners.push(atJ);
  }
  return winners;
}

/** The winning entries of a whole list (the rule as a re-run from an export applies it). */
export function drawWinners(seedHex: string, eligible: readonly DrawEntry[], prizes: number): DrawEntry[] {
  return winnerPositions(seedHex, eligible.length, prizes).map((place) => eligible[place]!);
}
