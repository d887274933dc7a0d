import { v4 as uuid } from 'uuid';
import type { TriviaDb } from './db';

/**
 * One attempt per kiosk at a time: of the tabs of one browser profile showing the same trivia,
 * only one plays it. The others say that it is open in another tab and offer to take it over;
 * when the playing tab closes they say it is free. With Web Locks the browser does the bookkeeping
 * (a lock per trivia; taking over steals it and the old tab hears so at once). Without them (plain
 * http on a LAN address is not a secure context) a lease in the kiosk's database, renewed while
 * the tab lives and announced over a BroadcastChannel, does the same: a closed tab's lease expires,
 * and a crashed browser's is taken at once on the restart, since no tab answers for it.
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

/**
 * What the tabs say over the channel: `changed` (a lease was taken or given back: look again),
 * `ping` (is the lease's owner alive?) and `alive` (it is).
 */
type LeaseMessage = { groupId: number; kind: 'changed' | 'ping' | 'alive' };

/**
 * How long a tab that finds another's unexpired lease waits for its owner to answer before taking
 * it. A browser killed mid-round leaves its lease behind: on the restart nobody answers, so the
 * kiosk resumes its round by itself instead of saying "abierta en otra pestaña" and then waiting
 * for a tap on "Jugar aquí".
 */
export const PLAY_LEASE_PING_MS = 1_000;

function leasePlayLock(db: TriviaDb, groupId: number, owner: string, now = Date.now): PlayLock {
  const cell = stateCell();
  const key = `playLease:${groupId}`;
  const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(CHANNEL_NAME) : undefined;
  let stopped = false;
  /** Set while this tab waits for a lease's owner to answer a ping. */
  let heardAlive: (() => void) | undefined;

  const say = (kind: LeaseMessage['kind']) => channel?.postMessage({ groupId, kind } satisfies LeaseMessage);
  const announce = () => say('changed');
  const write = () => db.meta.put({ key, value: { owner, expiresAt: now() + PLAY_LEASE_MS } satisfies PlayLease });

  /** Whether the tab that holds the lease answers; always "yes" where there is no channel to ask on. */
  const ownerAnswers = () =>
    !channel
      ? Promise.resolve(true)
      : new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => {
            heardAlive = undefined;
            resolve(false);
          }, PLAY_LEASE_PING_MS);
          heardAlive = () => {
            clearTimeout(timer);
            heardAlive = undefined;
            resolve(true);
          };
          say('ping');
        });

  /** Renews this tab's lease, or notices it lost it, or takes an expired one (or one whose tab is gone). */
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
    if (stopped) return;
    // On opening, another's lease may be a crashed tab's: ask before saying it is open elsewhere.
    if (next === 'elsewhere' && cell.get() === 'checking') {
      if (heardAlive) return; // already asking
      if (!(await ownerAnswers()) && !stopped) await takeStale();
      else if (!stopped && cell.get() === 'checking') cell.set('elsewhere');
      return;
    }
    cell.set(next);
  };

  /** Nobody answered for the lease: its tab is gone, so this tab plays at once (still checking, never "free"). */
  const takeStale = async () => {
    await write();
    if (stopped) return;
    cell.set('held');
    announce();
  };

  const run = () => void check().catch((error: unknown) => console.error(error));
  const timer = setInterval(run, PLAY_LEASE_RENEW_MS);
  const onMessage = (event: MessageEvent<LeaseMessage>) => {
    if (event.data?.groupId !== groupId) return;
    if (event.data.kind === 'ping') {
      if (cell.get() === 'held' || cell.get() === 'free') say('alive');
    } else if (event.data.kind === 'alive') heardAlive?.();
    else run();
  };
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
      heardAlive?.();
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
