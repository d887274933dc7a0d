// Must come first: Dexie looks for IndexedDB when it is imported.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { openPlayLock, PLAY_LEASE_MS, PLAY_LEASE_PING_MS, type PlayLock, type PlayLockState } from '../../web/offline/play-lock';
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

describe('a kiosk without Web Locks restarted after a crash', () => {
  it('takes the lease its killed tab left behind at once (nobody answers for it), never showing the trivia as open elsewhere', async () => {
    const db = freshDb();
    // The killed browser's tab: its lease is still unexpired, but no tab is there to answer for it.
    await db.meta.put({ key: 'playLease:7', value: { owner: 'tab-killed', expiresAt: Date.now() + PLAY_LEASE_MS } });
    const seen: PlayLockState[] = [];
    const restarted = openPlayLock(db, 7, { owner: 'tab-restarted' });
    restarted.subscribe((state) => seen.push(state));
    await vi.waitFor(() => expect(seen.at(-1)).toBe('held'), { timeout: PLAY_LEASE_PING_MS + 1_000 });
    // Well before the old lease would have expired, and without a tap on "Jugar aquí".
    expect(seen).toEqual(['checking', 'held']);
    restarted.release();
  });

  it('a live tab answers for its lease, so a second tab still waits', async () => {
    const db = freshDb();
    const first = tab(openPlayLock(db, 9, { owner: 'tab-a' }));
    await vi.waitFor(() => expect(first.state()).toBe('held'));
    const second = tab(openPlayLock(db, 9, { owner: 'tab-b' }));
    await vi.waitFor(() => expect(second.state()).toBe('elsewhere'), { timeout: PLAY_LEASE_PING_MS + 1_000 });
    await new Promise((resolve) => setTimeout(resolve, PLAY_LEASE_PING_MS + 200));
    expect(second.state()).toBe('elsewhere');
    expect(first.state()).toBe('held');
    first.lock.release();
    second.lock.release();
  });
});
