// Must come first: Dexie looks for IndexedDB when it is imported.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { openPlayLock, type PlayLock, type PlayLockState } from '../../web/offline/play-lock';
import { freshDb } from './offline-fixtures';

/** A tab's lock with its latest state. */
function tab(lock: PlayLock) {
  let state: PlayLockState = 'checking';
  lock.subscribe((next) => (state = next));
  return { lock, state: () => state };
}

describe('one tab plays a trivia at a time, where the browser has no Web Locks', () => {
  it('the second tab waits, may take the trivia over, and finds it free once the first tab closes', async () => {
    const db = freshDb();
    const first = tab(openPlayLock(db, 7, { owner: 'tab-a' }));
    await vi.waitFor(() => expect(first.state()).toBe('held'));
    const second = tab(openPlayLock(db, 7, { owner: 'tab-b' }));
    await vi.waitFor(() => expect(second.state()).toBe('elsewhere'));
    // Another trivia is not blocked.
    const other = tab(openPlayLock(db, 8, { owner: 'tab-b' }));
    await vi.waitFor(() => expect(other.state()).toBe('held'));

    second.lock.takeOver();
    await vi.waitFor(() => expect(second.state()).toBe('held'));
    await vi.waitFor(() => expect(first.state()).toBe('elsewhere'), { timeout: 5_000 });

    second.lock.release();
    await vi.waitFor(() => expect(first.state()).toBe('free'), { timeout: 5_000 });
    first.lock.takeOver();
    expect(first.state()).toBe('held');
    first.lock.release();
    other.lock.release();
  });
});
