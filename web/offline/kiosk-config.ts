import {
  KIOSK_CERTIFICATE_HEADER,
  KIOSK_IDLE_DEFAULT_SECONDS,
  KIOSK_SETUP_REFUSALS,
  KIOSK_IDLE_MAX_SECONDS,
  KIOSK_IDLE_MIN_SECONDS,
  type KioskReleaseReply,
  type KioskSetupCheckReply,
  type KioskSetupLinkState,
  type KioskSetupReply,
} from '../../contract/kiosk-values';
import { readMeta, writeMeta, type TriviaDb } from './db';
import { ensureIdentity, LOST_KIOSK_KEY } from './device-identity';
import { askPersistentStorage } from './storage';
import type { PinCheck } from './kiosk-pin';
import { writeKioskMode } from './kiosk-setting';
import { callServer } from './server-call';

/**
 * The PIN's hashing (PBKDF2, its library with it) is a kiosk's alone: a chunk of the kiosk's
 * (contract/kiosk-shell.ts), loaded only where a PIN is set or checked, never on a phone.
 */
const kioskPin = () => import('./kiosk-pin');

/**
 * A kiosk set up on this device with a one-time link: its name and trivia (recorded on the server
 * too), its idle timeout, and its PIN (on the device only, hashed; see kiosk-pin.ts). Once set up,
 * kiosk mode is on and only the PIN turns it off.
 */
export interface KioskConfig {
  name: string;
  groupId: number;
  idleSeconds: number;
  setupAt: string;
  /** The server's signed record of this setup (absent on kiosks set up before it existed): sent with pushes and heartbeats so the server can restore a lost kiosk row. */
  certificate?: string;
}

/** What staff enter to set a kiosk up: the link's token and trivia (sent to the server), its name, and the PIN and idle time this device keeps. */
export interface KioskSetupForm {
  token: string;
  groupId: number;
  name: string;
  pin: string;
  idleSeconds?: number;
}

/** `adminSignedOut`: the browser was signed in as an admin, and the server ended that session. */
export type KioskSetupResult = { kind: 'done'; config: KioskConfig; adminSignedOut: boolean } | { kind: 'failed'; message: string; offline: boolean };

const CONFIG_KEY = 'kioskConfig';
const SETUP_TIMEOUT_MS = 15_000;

/** The stored kiosk, its idle time read within today's range (a kiosk set up at 20 s before the minimum rose plays at 30). */
export async function readKioskConfig(db: TriviaDb): Promise<KioskConfig | null> {
  const config = await readMeta<KioskConfig>(db, CONFIG_KEY);
  return config ? { ...config, idleSeconds: idleSecondsWithin(config.idleSeconds) } : null;
}

/** The kiosk's certificate as a request header, for its pushes and heartbeats; none on a device never set up with a link. */
export async function kioskCertificateHeaders(db: TriviaDb): Promise<Record<string, string>> {
  const certificate = (await readKioskConfig(db))?.certificate;
  return certificate ? { [KIOSK_CERTIFICATE_HEADER]: certificate } : {};
}

/** An idle timeout inside the allowed range, whole seconds; the default when none is given. */
export function idleSecondsWithin(seconds: number | undefined): number {
  if (seconds === undefined || !Number.isFinite(seconds)) return KIOSK_IDLE_DEFAULT_SECONDS;
  return Math.min(KIOSK_IDLE_MAX_SECONDS, Math.max(KIOSK_IDLE_MIN_SECONDS, Math.round(seconds)));
}

/** Where a setup link stands, asked as it opens (nothing is used); null when the server cannot be asked. */
export async function checkSetupLink(token: string, groupId: number): Promise<KioskSetupLinkState | null> {
  const answer = await callServer<KioskSetupCheckReply>('POST', '/api/kiosk-setup/check', { token, questionGroupId: groupId }, { timeoutMs: SETUP_TIMEOUT_MS });
  // A refused request (a malformed token) is a link that sets nothing up.
  return answer.kind === 'success' ? (answer.body?.state ?? null) : answer.kind === 'refused' ? 'unknown' : null;
}

/**
 * Sets this device up as a kiosk: the server must accept the one-time link (it needs a connection),
 * then the PIN's hash, the kiosk's settings and kiosk mode are stored together.
 */
export async function setUpKiosk(db: TriviaDb, input: KioskSetupForm): Promise<KioskSetupResult> {
  const { isValidPin, setPin } = await kioskPin();
  if (!isValidPin(input.pin)) return { kind: 'failed', message: 'El PIN debe tener de 4 a 8 dígitos', offline: false };
  const identity = await ensureIdentity(db, SETUP_TIMEOUT_MS);
  if (identity.kind !== 'registered') return failure(identity);
  const answer = await callServer<KioskSetupReply>(
    'POST',
    '/api/kiosk-setup',
    { token: input.token, questionGroupId: input.groupId, name: input.name },
    { headers: { 'X-Device-Id': identity.device.deviceId, 'X-Device-Secret': identity.device.secret }, timeoutMs: SETUP_TIMEOUT_MS },
  );
  if (answer.kind !== 'success') return failure(answer);
  const reply = answer.body;
  if (!reply) return { kind: 'failed', message: 'Respuesta del servidor no válida', offline: false };
  const config: KioskConfig = {
    name: reply.name,
    groupId: reply.questionGroupId,
    idleSeconds: idleSecondsWithin(input.idleSeconds),
    setupAt: reply.setupAt,
    ...(reply.certificate ? { certificate: reply.certificate } : {}),
  };
  await setPin(db, input.pin);
  await db.transaction('rw', [db.meta], async () => {
    await writeMeta(db, CONFIG_KEY, config);
    await writeKioskMode(db, true);
    await db.meta.delete(LOST_KIOSK_KEY);
    // The setup is a contact too: the server anchors the kiosk's next offline rounds here.
    await writeMeta(db, 'lastContactAt', new Date().toISOString());
  });
  // What a kiosk has not sent lives in this browser's storage: ask that it never be evicted.
  await askPersistentStorage(db).catch(() => false);
  return { kind: 'done', config, adminSignedOut: reply.adminSignedOut === true };
}

function failure(answer: { kind: string; message: string; reachable: boolean; code?: string }): KioskSetupResult {
  const offline = answer.kind === 'transient' && !answer.reachable;
  if (offline) return { kind: 'failed', message: 'Se necesita conexión con el servidor para configurar el kiosco', offline };
  const refusal = answer.code && answer.code in KIOSK_SETUP_REFUSALS ? KIOSK_SETUP_REFUSALS[answer.code as keyof typeof KIOSK_SETUP_REFUSALS] : undefined;
  return { kind: 'failed', message: refusal ?? answer.message, offline };
}

/** What switching kiosk mode answered: done, or why not (no PIN given, a wrong one, locked). */
export type KioskModeSwitch = PinCheck | { kind: 'pin-required' };

/**
 * Switches kiosk mode as asked: on always; off on a set-up kiosk only with its PIN (asked without
 * one, as `?kiosk=0` does, it is refused without counting a try); on a device never set up, freely.
 */
export async function switchKioskMode(db: TriviaDb, on: boolean, pin?: string): Promise<KioskModeSwitch> {
  if (on) {
    await writeKioskMode(db, true);
    return { kind: 'accepted' };
  }
  const config = await readKioskConfig(db);
  if (config) {
    if (pin === undefined) return { kind: 'pin-required' };
    const check = await (await kioskPin()).checkPin(db, pin);
    if (check.kind !== 'accepted' && check.kind !== 'no-pin') return check;
  }
  await writeKioskMode(db, false);
  return { kind: 'accepted' };
}

/** Changes the kiosk's idle timeout (kept within the allowed range); null on a device never set up. */
export async function changeIdleSeconds(db: TriviaDb, seconds: number): Promise<KioskConfig | null> {
  return db.transaction('rw', [db.meta], async () => {
    const config = await readKioskConfig(db);
    if (!config) return null;
    const next: KioskConfig = { ...config, idleSeconds: idleSecondsWithin(seconds) };
    await writeMeta(db, CONFIG_KEY, next);
    return next;
  });
}

/** What dropping the kiosk role answered: done, not a kiosk, a refused PIN, writes still to send, or the server's refusal. */
export type KioskRelease =
  | { kind: 'released' }
  | { kind: 'not-kiosk' }
  | Extract<PinCheck, { kind: 'wrong' | 'locked' }>
  | { kind: 'pending'; count: number }
  | { kind: 'failed'; message: string; offline: boolean };

/**
 * Drops this device's kiosk role, so its browser may sign in to the admin (a kiosk never holds an
 * admin session): the kiosk's PIN first; then nothing may wait in the outbox (a kiosk's writes
 * reach the server as a kiosk's); then the server forgets the kiosk and the browser's kiosk mark
 * (POST /api/kiosk-release, with the device's credentials; it needs a connection); only then the
 * kiosk's settings are removed from the device and kiosk mode turned off.
 */
export async function leaveKioskRole(db: TriviaDb, pin: string): Promise<KioskRelease> {
  if (!(await readKioskConfig(db))) return { kind: 'not-kiosk' };
  const check = await (await kioskPin()).checkPin(db, pin);
  if (check.kind === 'wrong' || check.kind === 'locked') return check;
  const pending = await db.outbox.where('status').equals('pending').count();
  if (pending > 0) return { kind: 'pending', count: pending };
  const device = await db.device.get('device');
  if (device?.deviceId && device.secret) {
    const answer = await callServer<KioskReleaseReply>(
      'POST',
      '/api/kiosk-release',
      {},
      { headers: { 'X-Device-Id': device.deviceId, 'X-Device-Secret': device.secret }, timeoutMs: SETUP_TIMEOUT_MS },
    );
    if (answer.kind !== 'success') {
      const offline = answer.kind === 'transient' && !answer.reachable;
      return { kind: 'failed', message: offline ? 'Se necesita conexión con el servidor para dejar de ser kiosco' : answer.message, offline };
    }
  }
  await db.transaction('rw', [db.meta], async () => {
    await db.meta.delete(CONFIG_KEY);
    await writeKioskMode(db, false);
  });
  return { kind: 'released' };
}
