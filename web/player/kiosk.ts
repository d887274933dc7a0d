import { useEffect, useSyncExternalStore } from 'react';
import { serverReachable, startSync, subscribeReachable } from '../offline';

export { requestFlush } from '../offline';

/** Keeps the outbox flushing while a player screen is open and `active` (its start counts as a trigger). */
export function useKioskSync(active = true): void {
  useEffect(() => (active ? startSync() : undefined), [active]);
}

/** Whether the server answered lately, as every tab of this kiosk sees it. */
export function useServerReachable(): boolean {
  return useSyncExternalStore(subscribeReachable, serverReachable);
}
