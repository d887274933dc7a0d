import { Workbox } from 'workbox-window';

let workbox: Workbox | undefined;
let waiting = false;
let betweenAttempts = false;

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
    if (betweenAttempts) applyWaitingUpdate();
  });
  workbox.addEventListener('controlling', (event) => {
    // Reload only when a waiting version we asked for took over, not on the first install.
    if (event.isUpdate) window.location.reload();
  });
  void workbox.register();
}

/**
 * The player screen says when it is between attempts (the document step): a waiting update is
 * applied then, or as soon as it arrives while the kiosk stays there.
 */
export function setBetweenAttempts(value: boolean): void {
  betweenAttempts = value;
  if (value) applyWaitingUpdate();
}

/** Applies a waiting update now (SKIP_WAITING, then the page reloads once the worker controls it). */
function applyWaitingUpdate(): void {
  if (waiting && workbox) {
    waiting = false;
    workbox.messageSkipWaiting();
  }
}

