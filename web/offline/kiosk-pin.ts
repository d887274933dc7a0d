import { readMeta, writeMeta, type TriviaDb } from './db';
import { sha256Hex } from './sha256';

/**
 * The kiosk's PIN, kept on the device only as a salted hash, and the device's count of wrong
 * tries. Staff need it to leave kiosk mode, open the staff panel or change the kiosk's settings.
 *
 * The hash is PBKDF2-SHA-256 where the browser has Web Crypto's `subtle` (secure contexts only);
 * a kiosk served over plain http on a local network falls back to iterated salted SHA-256 in plain
 * JavaScript. The record names its algorithm, so a PIN set one way is checked the same way.
 * A 4–8 digit PIN cannot resist someone who copies the device's database; what protects it on
 * the device is the lockout below, which survives reloads (it is stored with the hash).
 */

/** What a PIN may be: 4 to 8 digits. */
export const PIN_PATTERN = /^\d{4,8}$/;

export const isValidPin = (pin: string): boolean => PIN_PATTERN.test(pin);

export interface PinHash {
  algorithm: 'pbkdf2-sha256' | 'sha256-iterated';
  /** Hex. */
  salt: string;
  iterations: number;
  /** Hex. */
  hash: string;
}

/** Wrong tries in a row; after MAX_TRIES the PIN is refused until `lockedUntil`, longer each time. */
export interface PinLockout {
  failures: number;
  /** How many lockouts in a row (reset by a right PIN); each doubles the wait. */
  lockouts: number;
  lockedUntil: string | null;
}

export const MAX_TRIES = 5;
export const FIRST_LOCKOUT_MS = 60_000;
export const MAX_LOCKOUT_MS = 60 * 60_000;

const PBKDF2_ITERATIONS = 100_000;
const SHA256_ITERATIONS = 2_000;
const SALT_BYTES = 16;

const PIN_KEY = 'kioskPin';
const LOCKOUT_KEY = 'kioskPinLockout';

const NO_LOCKOUT: PinLockout = { failures: 0, lockouts: 0, lockedUntil: null };

const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** Compares two hex digests without stopping at the first difference. */
function sameDigest(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** `crypto.subtle` where the page has it (a secure context), else undefined. */
function subtleCrypto(): SubtleCrypto | undefined {
  return globalThis.isSecureContext === false ? undefined : globalThis.crypto?.subtle;
}

async function digest(pin: string, salt: string, algorithm: PinHash['algorithm'], iterations: number): Promise<string> {
  if (algorithm === 'pbkdf2-sha256') {
    const subtle = subtleCrypto();
    if (!subtle) throw new Error('Este navegador no puede comprobar el PIN en una conexión no segura');
    const key = await subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveBits']);
    const bits = await subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: fromHex(salt), iterations }, key, 256);
    return toHex(new Uint8Array(bits));
  }
  let value = `${salt}:${pin}`;
  for (let i = 0; i < iterations; i++) value = sha256Hex(`${salt}:${value}`);
  return value;
}

/** A fresh salted hash of `pin`; PBKDF2 where available. */
export async function hashPin(pin: string, options: { useSubtle?: boolean } = {}): Promise<PinHash> {
  if (!isValidPin(pin)) throw new Error('El PIN debe tener de 4 a 8 dígitos');
  const salt = toHex(globalThis.crypto.getRandomValues(new Uint8Array(SALT_BYTES)));
  const useSubtle = (options.useSubtle ?? true) && subtleCrypto() !== undefined;
  const algorithm = useSubtle ? 'pbkdf2-sha256' : 'sha256-iterated';
  const iterations = useSubtle ? PBKDF2_ITERATIONS : SHA256_ITERATIONS;
  return { algorithm, salt, iterations, hash: await digest(pin, salt, algorithm, iterations) };
}

/** Whether `pin` is the one `stored` was made from. */
export async function pinMatches(pin: string, stored: PinHash): Promise<boolean> {
  if (!isValidPin(pin)) return false;
  return sameDigest(await digest(pin, stored.salt, stored.algorithm, stored.iterations), stored.hash);
}

/** How long the PIN stays refused at `now`; 0 when it may be tried. */
export function lockedForMs(lockout: PinLockout, now: Date): number {
  if (!lockout.lockedUntil) return 0;
  return Math.max(0, Date.parse(lockout.lockedUntil) - now.getTime());
}

/** The lockout after one more wrong PIN: every MAX_TRIES-th wrong try locks, 60 s the first time, doubling, at most an hour. */
export function afterWrongPin(lockout: PinLockout, now: Date): PinLockout {
  const failures = lockout.failures + 1;
  if (failures < MAX_TRIES) return { ...lockout, failures };
  const waitMs = Math.min(FIRST_LOCKOUT_MS * 2 ** lockout.lockouts, MAX_LOCKOUT_MS);
  return { failures: 0, lockouts: lockout.lockouts + 1, lockedUntil: new Date(now.getTime() + waitMs).toISOString() };
}

export type PinCheck =
  | { kind: 'accepted' }
  /** No PIN set on this device (not a set-up kiosk). */
  | { kind: 'no-pin' }
  | { kind: 'wrong'; triesLeft: number }
  | { kind: 'locked'; retryInMs: number };

export async function readPinHash(db: TriviaDb): Promise<PinHash | undefined> {
  return readMeta<PinHash>(db, PIN_KEY);
}

/** Sets (or replaces) the device's PIN and clears its wrong tries. */
export async function setPin(db: TriviaDb, pin: string, options: { useSubtle?: boolean } = {}): Promise<void> {
  const hash = await hashPin(pin, options);
  await db.transaction('rw', [db.meta], async () => {
    await writeMeta(db, PIN_KEY, hash);
    await writeMeta(db, LOCKOUT_KEY, NO_LOCKOUT);
  });
}

/**
 * Checks a PIN typed on the device. While locked it is refused without being checked; a wrong
 * one counts towards the lockout; a right one clears it. The count is kept in the device's
 * database, so a reload or another tab does not reset it.
 */
export async function checkPin(db: TriviaDb, pin: string, now = new Date()): Promise<PinCheck> {
  const stored = await readPinHash(db);
  if (!stored) return { kind: 'no-pin' };
  const before = (await readMeta<PinLockout>(db, LOCKOUT_KEY)) ?? NO_LOCKOUT;
  const waiting = lockedForMs(before, now);
  if (waiting > 0) return { kind: 'locked', retryInMs: waiting };
  const matches = await pinMatches(pin, stored);
  // Read again inside the write: another tab may have counted a try meanwhile.
  return db.transaction('rw', [db.meta], async () => {
    const current = (await readMeta<PinLockout>(db, LOCKOUT_KEY)) ?? NO_LOCKOUT;
    if (matches) {
      await writeMeta(db, LOCKOUT_KEY, NO_LOCKOUT);
      return { kind: 'accepted' } as const;
    }
    const next = afterWrongPin(current, now);
    await writeMeta(db, LOCKOUT_KEY, next);
    const locked = lockedForMs(next, now);
    return locked > 0 ? ({ kind: 'locked', retryInMs: locked } as const) : ({ kind: 'wrong', triesLeft: MAX_TRIES - next.failures } as const);
  });
}
