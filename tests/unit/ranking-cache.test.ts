import { afterEach, describe, expect, it, vi } from 'vitest';
import { rankingCache } from '../../api/results/ranking/ranking-cache';

afterEach(() => {
  vi.useRealTimers();
});

const bounds = { keepMs: 60_000, maxEntries: 10, maxSize: 1_000 };

describe('rankingCache', () => {
  it('computes once for concurrent requests of a ranking, again once the answer is older than a request accepts', async () => {
    vi.useFakeTimers();
    const cache = rankingCache<number>(bounds, () => 1);
    let computed = 0;
    const compute = async () => ++computed;
    expect(await Promise.all([cache('a', 5_000, compute), cache('a', 5_000, compute), cache('a', 0, compute)])).toEqual([1, 1, 1]);
    expect(await cache('b', 5_000, compute)).toBe(2);
    vi.advanceTimersByTime(4_999);
    expect(await cache('a', 5_000, compute)).toBe(1);
    vi.advanceTimersByTime(2);
    expect(await cache('a', 5_000, compute)).toBe(3);
    // A request that accepts no age computes again once nothing is in flight.
    expect(await cache('a', 0, compute)).toBe(4);
    expect(await cache('a', 60_000, compute)).toBe(4);
  });

  it('does not keep a failure: the next request computes again', async () => {
    const cache = rankingCache<string>(bounds, () => 1);
    await expect(cache('a', 5_000, () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache('a', 5_000, async () => 'ok')).toBe('ok');
  });

  it('holds at most maxEntries answers, dropping the oldest', async () => {
    const cache = rankingCache<string>({ ...bounds, maxEntries: 2 }, () => 1);
    await cache('a', 60_000, async () => 'a1');
    await cache('b', 60_000, async () => 'b1');
    await cache('c', 60_000, async () => 'c1');
    expect(await cache('b', 60_000, async () => 'b2')).toBe('b1');
    expect(await cache('a', 60_000, async () => 'a2')).toBe('a2');
  });

  it('holds at most maxSize rows in all, dropping the oldest, and drops answers after keepMs', async () => {
    vi.useFakeTimers();
    const cache = rankingCache<number[]>({ ...bounds, maxSize: 5 }, (rows) => rows.length);
    await cache('a', 60_000, async () => [1, 2, 3]);
    await cache('b', 60_000, async () => [1, 2]);
    expect(await cache('a', 60_000, async () => [9])).toEqual([1, 2, 3]);
    await cache('c', 60_000, async () => [1, 2]); // 3 + 2 + 2 > 5: the oldest ('a') goes
    expect(await cache('a', 60_000, async () => [7])).toEqual([7]);
    vi.advanceTimersByTime(60_001);
    expect(await cache('c', 120_000, async () => [8])).toEqual([8]);
  });
});
