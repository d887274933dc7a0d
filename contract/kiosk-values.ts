/**
 * Kiosk values the player screen needs too (its setup, its idle time, the offline window), zod-free
 * (the player build imports this module, never the contract barrel). A one-time setup link is
 * `/play-trivia/{id}?kiosk={token}`.
 */
export const KIOSK_NAME_MAX = 60;
/** A setup token: 32 base64url characters (24 random bytes). */
export const KIOSK_SETUP_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
/** How long an unused setup link works. */
export const KIOSK_SETUP_TTL_HOURS = 24;
/**
 * The idle time a kiosk gets unless staff choose another, and the range they may choose from: the
 * seconds without a touch before "¿Sigues ahí?" shows (its own countdown comes after them). The
 * minimum leaves a slow reader time for a long question and its answers.
 */
export const KIOSK_IDLE_DEFAULT_SECONDS = 60;
export const KIOSK_IDLE_MIN_SECONDS = 30;
export const KIOSK_IDLE_MAX_SECONDS = 600;

/** OFFLINE_WINDOW_HOURS unless the server set it otherwise (docs/fair-play.md); the staff panel shows it. */
export const OFFLINE_WINDOW_HOURS_DEFAULT = 12;

/** DEVICE_KEEP_CONFIRMED_HOURS unless set: how long a device keeps what the server confirmed (the heartbeat's reply says the server's value). */
export const DEVICE_KEEP_CONFIRMED_HOURS_DEFAULT = 24;

/** What the setup screen says when the browser it ran in was signed in as an admin (the server ended that session). */
export const KIOSK_SETUP_ADMIN_SIGNED_OUT = 'Se cerró la sesión de administrador en este navegador: un kiosco nunca queda con la sesión de un administrador abierta. Para volver al panel, inicia sesión en otro dispositivo.';

/**
 * Why a browser set up as a kiosk may not sign in to the admin (403 `kiosk_browser`, and the login
 * screen of such a browser, before it asks): it drops its kiosk role first, with the staff PIN.
 */
export const KIOSK_BROWSER_SIGN_IN_REFUSAL =
  'Este dispositivo es un kiosco: no se puede iniciar sesión en la administración mientras lo sea. Para usarlo como equipo de administración, primero deja de usarlo como kiosco con el PIN del personal.';

/** POST /api/kiosk-release (device): the device is no longer a kiosk, on the server and in this browser. */
export interface KioskReleaseReply {
  released: true;
}

/** Why a setup link was refused, by the reply's code (the server says the same). */
export const KIOSK_SETUP_REFUSALS = {
  kiosk_setup_unknown: 'Este enlace de configuración de kiosco no existe o es de otra trivia',
  kiosk_setup_used: 'Este enlace de configuración de kiosco ya se usó. Pide uno nuevo',
  kiosk_setup_expired: 'Este enlace de configuración de kiosco venció. Pide uno nuevo',
} as const;

/** Where a setup link stands: it can set up a kiosk, or why not (the refusals above, by their code's end). */
export type KioskSetupLinkState = 'valid' | 'used' | 'expired' | 'unknown';
/** POST /api/kiosk-setup/check (public): where a setup link stands, said as it opens, without using it. */
export interface KioskSetupCheckReply {
  state: KioskSetupLinkState;
}

/** POST /api/question-groups/{id}/kiosk-setup (admin): a new one-time setup link for the trivia. */
export interface KioskSetupLink {
  /** `/play-trivia/{id}?kiosk={token}`; the token is shown once and only its SHA-256 is stored. */
  path: string;
  expiresAt: string;
}

/** POST /api/kiosk-setup (a registered device): the link redeemed; the device is now this kiosk. */
export interface KioskSetupReply {
  deviceId: string;
  name: string;
  questionGroupId: number;
  setupAt: string;
  /** The browser held an admin session, and redeeming the link ended it (a kiosk is never signed in as an admin). */
  adminSignedOut: boolean;
  /** The kiosk's setup facts signed by the server: sent back in KIOSK_CERTIFICATE_HEADER, it makes a kiosk whose row the server lost a kiosk again. */
  certificate: string;
}

/** The header a set-up kiosk sends its certificate in, with its pushes and heartbeats. */
export const KIOSK_CERTIFICATE_HEADER = 'X-Kiosk-Certificate';

/** What a kiosk whose browser lost its data says, on its screen and in "Dispositivos". */
export const KIOSK_DATA_LOST = 'Este kiosco perdió sus datos: vuelve a configurarlo';
