import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawWinners, winnerPositions } from '../../api/results/draws/draw-order';

const list = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ playerId: n, attemptId: n * 10 }));

describe('drawWinners (the documented draw rule)', () => {
  it('gives the winners an independent implementation of the rule gives (docs/draws.md re-runs it in Python)', () => {
    // Values from the Python snippet in docs/draws.md: a stored draw stays verifiable only while the rule never changes.
    expect(drawWinners('00'.repeat(32), list, 3).map((w) => w.playerId)).toEqual([7, 5, 6]);
    expect(drawWinners('ff'.repeat(32), list, 8).map((w) => w.playerId)).toEqual([7, 3, 4, 6, 2, 1, 8, 5]);
  });

  it('depends on the seed and the list alone: same inputs, same winners; the list is not changed', () => {
    const copy = structuredClone(list);
    expect(drawWinners('ab'.repeat(32), list, 4)).toEqual(drawWinners('ab'.repeat(32), copy, 4));
    expect(list).toEqual(copy);
    expect(new Set(drawWinners('cd'.repeat(32), list, 8).map((w) => w.playerId)).size).toBe(8);
  });
});

/** The rule as docs/draws.md states it, on a whole array: swap position k with k + (step(k) mod (n − k)). */
function shuffledWhole(seedHex: string, n: number, prizes: number): number[] {
  const places = Array.from({ length: n }, (_, i) => i);
  for (let k = 0; k < Math.min(prizes, n); k++) {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(k);
    const step = createHash('sha256').update(Buffer.from(seedHex, 'hex')).update(counter).digest().readBigUInt64BE(0);
    const j = k + Number(step % BigInt(n - k));
    [places[k], places[j]] = [places[j]!, places[k]!];
  }
  return places.slice(0, Math.min(prizes, n));
}

describe('winnerPositions (the server runs the rule on places, never loading the list)', () => {
  it('gives the places the whole-array shuffle gives, for any seed, list length and prizes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 100 }), (seed, n, prizes) => {
        const seedHex = Buffer.from(seed).toString('hex');
        expect(winnerPositions(seedHex, n, prizes)).toEqual(shuffledWhole(seedHex, n, prizes));
      }),
      { seed: 20261126, numRuns: 300 },
    );
  });
});
