/**
 * One computation per ranking: every page of a ranking (and its export) is a slice of one
 * computed order, kept here a short while under a key naming the ranking and its filters, never
 * its page. Concurrent requests for any page of the same ranking share one computation in flight,
 * so a crowd of phones, a booth screen or twenty requests with different offsets cost the database
 * one ranking, not one each.
 *
 * How old an answer a request accepts is the caller's choice (`maxAgeMs`): 0 asks for a new
 * computation unless one is already in flight. Memory is bounded: entries are dropped after
 * `keepMs`, at most `maxEntries` are kept and their sizes (ranked rows) add up to at most
 * `maxSize`, the oldest going first.
 *
 * Not lru-cache (with `fetchMethod`): it shares a computation in flight as this does, but it
 * drops the least recently read entry rather than the oldest, has no age each request chooses (a
 * wrapper would peek and force a refresh), counts an entry's age from its answer rather than from
 * its request, and refuses a size of 0 (an empty ranking): not the same cache, for a dependency.
 */
export interface RankingCacheOptions {
  keepMs: number;
  maxEntries: number;
  maxSize: number;
}

interface Entry<T> {
  startedAt: number;
  settled: boolean;
  size: number;
  answer: Promise<T>;
}

export function rankingCache<T>(options: RankingCacheOptions, sizeOf: (value: T) => number) {
  const entries = new Map<string, Entry<T>>();
  let totalSize = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    totalSize -= entry.size;
    entries.delete(key);
  };

  /** Drops expired entries, then the oldest while over a bound (Map keeps insertion order). */
  const trim = (now: number) => {
    for (const [key, entry] of entries) if (entry.settled && now - entry.startedAt > options.keepMs) drop(key);
    for (const key of entries.keys()) {
      if (entries.size <= options.maxEntries && totalSize <= options.maxSize) break;
      drop(key);
    }
  };

  return (key: string, maxAgeMs: number, compute: () => Promise<T>): Promise<T> => {
    const now = Date.now();
    trim(now);
    const kept = entries.get(key);
    if (kept && (!kept.settled || now - kept.startedAt < maxAgeMs)) return kept.answer;
    drop(key);
    const entry: Entry<T> = { startedAt: now, settled: false, size: 0, answer: compute() };
    entries.set(key, entry);
    entry.answer.then(
      (value) => {
        if (entries.get(key) !== entry) return;
        entry.settled = true;
        entry.size = sizeOf(value);
        totalSize += entry.size;
        trim(Date.now());
      },
      // A failure is not kept: the next request computes again.
      () => entries.get(key) === entry && drop(key),
    );
    return entry.answer;
  };
}
