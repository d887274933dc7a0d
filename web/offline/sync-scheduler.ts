import type { TriviaDb } from './db';
import { flushExclusively, type FlushOutcome } from './flusher';

const BASE_DELAY_MS = 5_000;
const MAX_DELAY_MS = 5 * 60_000;

/** Exponential backoff with ±30 % jitter, so a room of kiosks does not retry in step. */
export function retryDelay(failures: number, random = Math.random): number {
  const base = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.7 + 0.6 * random()));
}

/**
 * Flushes the outbox on page start, when the browser says it is back online, when the page
 * becomes visible, right after each write (`requestFlush`), and on a timer that backs off while
 * the server cannot be reached.
 */
export function startSyncScheduler(db: TriviaDb, onOutcome?: (outcome: FlushOutcome) => void) {
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const schedule = (delay: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void run(), delay);
  };

  const run = async () => {
    const outcome = await flushExclusively(db);
    onOutcome?.(outcome);
    if (outcome.status === 'failed') {
      failures++;
      schedule(retryDelay(failures));
    } else {
      failures = 0;
      const left = await db.outbox.where('status').equals('pending').count();
      // Something written while this run was sending: go again soon rather than wait for the timer.
      schedule(left > 0 ? 1_000 : MAX_DELAY_MS);
    }
  };

  const onOnline = () => void run();
  const onVisible = () => {
    if (document.visibilityState === 'visible') void run();
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  void run();

  return {
    requestFlush: () => void run(),
    stop() {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
    },
  };
}
