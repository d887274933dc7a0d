/**
 * Keeps each answer of a public ranking for a few seconds and lets concurrent requests for the same
 * page wait on one computation. A campaign ranking over hundreds of thousands of players takes
 * seconds of database time; a screen at the booth and a crowd of phones refreshing it would
 * otherwise each start their own. Admin screens always read fresh rankings.
 */
export function sharedAnswers<T>(options: { ttlMs: number; maxEntries: number }) {
  const entries = new Map<string, { expires: number; answer: Promise<T> }>();
  return (key: string, compute: () => Promise<T>): Promise<T> => {
    const now = Date.now();
    const kept = entries.get(key);
    if (kept && kept.expires > now) return kept.answer;
    entries.delete(key);
    if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!); // the oldest
    const answer = compute();
    entries.set(key, { expires: now + options.ttlMs, answer });
    // A failure is not kept: the next request tries again.
    answer.catch(() => entries.get(key)?.answer === answer && entries.delete(key));
    return answer;
  };
}
