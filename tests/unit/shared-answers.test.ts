import { afterEach, describe, expect, it, vi } from 'vitest';
import { sharedAnswers } from '../../api/ranking/shared-answers';

afterEach(() => {
  vi.useRealTimers();
});

describe('sharedAnswers', () => {
  it('computes once for concurrent requests of the same page, again once the answer is stale', async () => {
    vi.useFakeTimers();
    const shared = sharedAnswers<number>({ ttlMs: 5_000, maxEntries: 10 });
    let computed = 0;
    const compute = async () => ++computed;
    expect(await Promise.all([shared('a', compute), shared('a', compute), shared('a', compute)])).toEqual([1, 1, 1]);
    expect(await shared('b', compute)).toBe(2);
    vi.advanceTimersByTime(4_999);
    expect(await shared('a', compute)).toBe(1);
    vi.advanceTimersByTime(2);
    expect(await shared('a', compute)).toBe(3);
  });

  it('does not keep a failure: the next request computes again', async () => {
    const shared = sharedAnswers<string>({ ttlMs: 5_000, maxEntries: 10 });
    await expect(shared('a', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await shared('a', async () => 'ok')).toBe('ok');
  });

  it('holds at most maxEntries answers, dropping the oldest', async () => {
    const shared = sharedAnswers<string>({ ttlMs: 60_000, maxEntries: 2 });
    await shared('a', async () => 'a1');
    await shared('b', async () => 'b1');
    await shared('c', async () => 'c1');
    expect(await shared('b', async () => 'b2')).toBe('b1');
    expect(await shared('a', async () => 'a2')).toBe('a2');
  });
});
