import { KEEP_KIOSK_SHELL } from '../../contract/kiosk-shell';

/**
 * Asks the service worker to keep the kiosk's chunks (sw/kiosk-shell.ts) once it is active: a
 * kiosk set up online then has its badge, PIN prompt and staff panel offline too. Nothing happens
 * where no service worker runs (development, a browser without one).
 */
export function keepKioskShellOffline(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: KEEP_KIOSK_SHELL }));
}
