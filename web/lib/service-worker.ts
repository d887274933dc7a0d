import { Workbox } from 'workbox-window';

let workbox: Workbox | undefined;
let waiting = false;

/**
 * Registers the service worker (prompt strategy: never reloads on its own). A new version that
 * is waiting is applied by `applyWaitingUpdate`, which the player screen calls only between
 * attempts, so nobody loses a round to an update.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    waiting = true;
  });
  workbox.addEventListener('controlling', (event) => {
    // Reload only when a waiting version we asked for took over, not on the first install.
    if (event.isUpdate) window.location.reload();
  });
  void workbox.register();
}

/** Applies a waiting update now (SKIP_WAITING, then the page reloads once the worker controls it). */
export function applyWaitingUpdate(): void {
  if (waiting && workbox) {
    waiting = false;
    workbox.messageSkipWaiting();
  }
}

