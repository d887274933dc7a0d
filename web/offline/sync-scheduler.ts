import type { TriviaDb } from './db';
import { flushExclusively, type FlushOutcome } from './flusher';
import { sendHeartbeat } from './heartbeat';

const BASE_DELAY_MS = 2_000;
/**
 * The longest wait between two tries while entries wait: with the jitter at most ~15.6 s, so
 * whatever is queued reaches the server well within 30 s of it coming back (a try that hangs
 * gives up after the 8 s request time-out).
 */
const MAX_DELAY_MS = 12_000;
/** Nothing waiting: a slow heartbeat only (a set-up kiosk also tells the server it is there). */
const IDLE_DELAY_MS = 5 * 60_000;
/** Another tab is flushing, or something was written during the run: look again soon. */
const SOON_MS = 1_000;

/** Exponential backoff capped at MAX_DELAY_MS with ±30 % jitter, so a room of kiosks does not retry in step. */
export function retryDelay(failures: number, random = Math.random): number {
  const base = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.7 + 0.6 * random()));
}

/** The wait after a failed try: the backoff, or longer when the server asked for it (429 Retry-After). */
export function delayAfterFailure(failures: number, retryAfterMs: number | undefined, random = Math.random): number {
  return Math.max(retryDelay(failures, random), retryAfterMs ?? 0);
}

type Trigger = 'timer' | 'write' | 'event';

/**
 * Flushes the outbox on page start, when the browser says it is back online, when the page
 * becomes visible, right after each write (`requestFlush`), and on a timer that backs off (up to
 * ~15 s) while the server cannot be reached. Only timer and event runs grow the backoff: a burst
 * of writes while offline must not push the next probe further away.
 */
export function startSyncScheduler(db: TriviaDb, onOutcome?: (outcome: FlushOutcome) => void) {
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dueAt = Infinity;
  let stopped = false;

  /** Runs at `delay` from now, unless a run is already due sooner (`force` replaces it). */
  const schedule = (delay: number, force = false) => {
    if (stopped) return;
    const at = Date.now() + delay;
    if (!force && at >= dueAt) return;
    clearTimeout(timer);
    dueAt = at;
    timer = setTimeout(() => {
      dueAt = Infinity;
      void run('timer');
    }, delay);
  };

  const run = async (trigger: Trigger) => {
    const outcome = await flushExclusively(db);
    onOutcome?.(outcome);
    // With nothing to send, a heartbeat; if its reply shows the server was restored, the refill goes now.
    if (outcome.status === 'idle' && trigger !== 'write') {
      void sendHeartbeat(db, trigger === 'event')
        .then((sent) => sent === 'refill' && schedule(SOON_MS, true))
        .catch(() => undefined);
    }
    if (outcome.status === 'failed') {
      if (trigger !== 'write' || failures === 0) failures++;
      schedule(delayAfterFailure(failures, outcome.retryAfterMs), trigger !== 'write' || outcome.retryAfterMs !== undefined);
    } else if (outcome.status === 'busy') {
      schedule(SOON_MS);
    } else {
      failures = 0;
      const left = await db.outbox.where('status').equals('pending').count();
      schedule(left > 0 ? SOON_MS : IDLE_DELAY_MS, true);
    }
  };

  const onOnline = () => void run('event');
  const onVisible = () => {
    if (document.visibilityState === 'visible') void run('event');
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  void run('event');

  return {
    requestFlush: () => void run('write'),
    stop() {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
    },
  };
}
