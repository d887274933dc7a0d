/**
 * What only a kiosk runs, as one chunk of its own (assets/play/kiosk/, build/precache.ts): the
 * corner badge with its PIN prompt and the staff panel's host, the setup form of a one-time link,
 * the "¿Sigues ahí?" countdown, the missing-pictures line and the result's QR code of the ranking. The player screen loads it through
 * use-kiosk-parts.ts only on a device in kiosk mode or opened with a setup link, so a phone never
 * downloads it; the staff panel and the offline layer's staff tools are chunks of their own there
 * too, loaded when staff open the panel. A kiosk's service worker keeps all of them offline.
 */
export { IdleCountdown } from './idle-countdown';
export { KioskSetupForm } from './kiosk-setup-form';
export { PictureNotice } from './picture-notice';
export { RankingQr } from './ranking-qr';
export { StatusBadge } from './status-badge';
