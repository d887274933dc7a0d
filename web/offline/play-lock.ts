import { v4 as uuid } from 'uuid';
import type { TriviaDb } from './db';

/**
 * One attempt per kiosk at a time: of the tabs of one browser profile showing the same trivia,
 * only one plays it. The others say that it is open in another tab and offer to take it over;
 * when the playing tab closes they say it is free. With Web Locks the browser does the bookkeeping
 * (a lock per trivia; taking over steals it and the old tab hears so at once). Without them (plain
 * http on a LAN address is not a secure context) a lease in the kiosk's database, renewed while
 * the tab lives and announced over a BroadcastChannel, does the same: a closed tab's lease expires.
 */

/**
 * `checking`: not known yet; `held`: this tab plays; `elsewhere`: another tab of this device plays
 * this trivia; `free`: that tab closed, this one may play (it already holds the lock).
 */
export type PlayLockState = 'checking' | 'held' | 'elsewhere' | 'free';

export interface PlayLock {
  /** Answers the current state, then every change, until the returned function is called. */
  subscribe(onState: (state: PlayLockState) => void): () => void;
  /** Plays in this tab: at once when free, else by taking the trivia from the other tab. */
  takeOver(): void;
  /** This tab stops playing the trivia (the screen closed). */
  release(): void;
}

const LOCK_PREFIX = 'triviando-play-';
const CHANNEL_NAME = 'triviando-play-lock';
export const PLAY_LEASE_MS = 6_000;
export const PLAY_LEASE_RENEW_MS = 2_000;

const TAB_ID = uuid();

/** A state holder with subscribers; the lock implementations only call `set`. */
function stateCell() {
  let state: PlayLockState = 'checking';
  const listeners = new Set<(state: PlayLockState) => void>();
  return {
    get: () => state,
    set(next: PlayLockState) {
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener(next);
    },
    subscribe(onState: (state: PlayLockState) => void) {
      listeners.add(onState);
      onState(state);
      return () => listeners.delete(onState);
    },
  };
}

export interface PlayLockOptions {
  /** The browser's Web Locks; undefined where it has none. */
  locks?: LockManager;
  /** Who holds a lease: this tab (another value stands for another tab in tests). */
  owner?: string;
}

/** The play lock of one trivia in this tab: Web Locks where the browser has them, else a lease in `db`. */
export function openPlayLock(db: TriviaDb, groupId: number, options: PlayLockOptions = { locks: typeof navigator !== 'undefined' ? navigator.locks : undefined }): PlayLock {
  return options.locks ? webLocksPlayLock(options.locks, `${LOCK_PREFIX}${groupId}`) : leasePlayLock(db, groupId, options.owner ?? TAB_ID);
}

function webLocksPlayLock(locks: LockManager, name: string): PlayLock {
  const cell = stateCell();
  let releaseHeld: (() => void) | undefined;
  let waiting: AbortController | undefined;
  let current = 0;
  let stopped = false;

  /** Keeps the lock until released or stolen; the state says how it was obtained. */
  const hold = (state: PlayLockState) =>
    new Promise<void>((resolve) => {
      releaseHeld = resolve;
      cell.set(state);
    });

  /** A request ended without this tab keeping the lock: another tab stole it, or this tab gave up waiting. */
  const ended = (request: number) => {
    if (stopped || request !== current) return;
    releaseHeld = undefined;
    cell.set('elsewhere');
    waitUntilFree();
  };

  const waitUntilFree = () => {
    const request = ++current;
    waiting = new AbortController();
    locks.request(name, { signal: waiting.signal }, () => hold('free')).then(
      () => ended(request),
      () => ended(request),
    );
  };

  const request = ++current;
  locks
    .request(name, { ifAvailable: true }, (lock) => {
      if (lock) return hold('held');
      if (!stopped) {
        cell.set('elsewhere');
        waitUntilFree();
      }
      return undefined;
    })
    .then(
      () => ended(request),
      () => ended(request),
    );

  return {
    subscribe: cell.subscribe,
    takeOver() {
      if (stopped) return;
      if (cell.get() === 'free') return cell.set('held');
      if (cell.get() !== 'elsewhere') return;
      const steal = ++current;
      waiting?.abort();
      locks.request(name, { steal: true }, () => hold('held')).then(
        () => ended(steal),
        () => ended(steal),
      );
    },
    release() {
      stopped = true;
      waiting?.abort();
      releaseHeld?.();
    },
  };
}

interface PlayLease {
  owner: string;
  expiresAt: number;
}

function leasePlayLock(db: TriviaDb, groupId: number, owner: string, now = Date.now): PlayLock {
  const cell = stateCell();
  const key = `playLease:${groupId}`;
  const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(CHANNEL_NAME) : undefined;
  let stopped = false;

  const announce = () => channel?.postMessage({ groupId });
  const write = () => db.meta.put({ key, value: { owner, expiresAt: now() + PLAY_LEASE_MS } satisfies PlayLease });

  /** Renews this tab's lease, or notices it lost it, or takes an expired one. */
  const check = async () => {
    if (stopped) return;
    const next = await db.transaction('rw', db.meta, async (): Promise<PlayLockState> => {
      const lease = (await db.meta.get(key))?.value as PlayLease | undefined;
      const mine = lease?.owner === owner;
      if (lease && !mine && lease.expiresAt > now()) return 'elsewhere';
      await write();
      if (mine) return cell.get() === 'free' ? 'free' : 'held';
      return cell.get() === 'checking' ? 'held' : 'free';
    });
    if (!stopped) cell.set(next);
  };

  const run = () => void check().catch((error: unknown) => console.error(error));
  const timer = setInterval(run, PLAY_LEASE_RENEW_MS);
  const onMessage = (event: MessageEvent<{ groupId: number }>) => event.data?.groupId === groupId && run();
  channel?.addEventListener('message', onMessage);
  run();

  return {
    subscribe: cell.subscribe,
    takeOver() {
      if (stopped) return;
      // Free means this tab already holds the lease.
      if (cell.get() === 'free') return cell.set('held');
      void write().then(() => {
        cell.set('held');
        announce();
      });
    },
    release() {
      stopped = true;
      clearInterval(timer);
      void db
        .transaction('rw', db.meta, async () => {
          const lease = (await db.meta.get(key))?.value as PlayLease | undefined;
          if (lease?.owner === owner) await db.meta.delete(key);
        })
        .then(announce)
        .finally(() => channel?.close());
    },
  };
}
