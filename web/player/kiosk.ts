import { useEffect, useSyncExternalStore } from 'react';
import { serverReachable, subscribeReachable } from '../offline/connectivity';
import { triviaDb } from '../offline/db';
import { ensurePersistentStorage } from '../offline/storage';
import { startSyncScheduler } from '../offline/sync-scheduler';

let scheduler: ReturnType<typeof startSyncScheduler> | undefined;
let users = 0;

/** Starts the outbox flusher while a player screen is open (page start counts as a trigger). */
export function useKioskSync(): void {
  useEffect(() => {
    users++;
    scheduler ??= startSyncScheduler(triviaDb());
    void ensurePersistentStorage(triviaDb());
    return () => {
      users--;
      if (users === 0) {
        scheduler?.stop();
        scheduler = undefined;
      }
    };
  }, []);
}

/** Sends what was just written without waiting for the timer. */
export function requestFlush(): void {
  scheduler?.requestFlush();
}

export function useServerReachable(): boolean {
  return useSyncExternalStore(subscribeReachable, serverReachable);
}
