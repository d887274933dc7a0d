import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pollShares, type PollResult } from '../../contract/poll-shares';

const poll = (votes: number[]): PollResult => ({
  questionId: 1,
  text: 'Encuesta',
  votes: votes.reduce((sum, v) => sum + v, 0),
  answers: votes.map((v, i) => ({ answerId: i + 1, text: `Respuesta ${i + 1}`, votes: v })),
});

describe('a poll\'s shares (pollShares)', () => {
  it('add up to 100, each within a point of its exact share, in the poll\'s order; none voted, all 0', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 10_000 }), { minLength: 2, maxLength: 10 }), (votes) => {
        const shares = pollShares(poll(votes));
        const total = votes.reduce((sum, v) => sum + v, 0);
        expect(shares.map((s) => s.answerId)).toEqual(votes.map((_, i) => i + 1));
        if (total === 0) return expect(shares.every((s) => s.percent === 0)).toBe(true);
        expect(shares.reduce((sum, s) => sum + s.percent, 0)).toBe(100);
        shares.forEach((s, i) => expect(Math.abs(s.percent - (100 * votes[i]!) / total)).toBeLessThan(1));
      }),
      { seed: 48, numRuns: 500 },
    );
  });

  it('counts the player\'s own vote once, not yet in the server\'s count', () => {
    expect(pollShares(poll([0, 0, 0]), 2).map((s) => [s.votes, s.percent])).toEqual([
      [0, 0],
      [1, 100],
      [0, 0],
    ]);
    // Three ways a third: the remainders go to the first answers, so the figures add up to 100.
    expect(pollShares(poll([1, 1, 0]), 3).map((s) => s.percent)).toEqual([34, 33, 33]);
  });
});
