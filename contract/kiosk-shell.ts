/**
 * The kiosk's own script chunks: where the player build writes them (vite.config.ts) and what a
 * kiosk's page asks the service worker to keep (sw/kiosk-shell.ts). A phone's service worker
 * precaches the player shell without them; a kiosk's keeps them too, so it runs offline whole.
 */
export const KIOSK_ASSETS_DIR = 'assets/play/kiosk';

/** The message a kiosk's page sends its service worker: keep every kiosk chunk of this version. */
export const KEEP_KIOSK_SHELL = 'KEEP_KIOSK_SHELL';
