import { describe, expect, it } from 'vitest';
import { drawWinners } from '../../api/draws/draw-order';

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
