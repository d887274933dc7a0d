import { pbkdf2Async } from '@noble/hashes/pbkdf2.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, randomBytes } from '@noble/hashes/utils.js';
import { readMeta, writeMeta, type TriviaDb } from './db';
import { sha256Hex } from './sha256';

/**
 * The kiosk's PIN, kept on the device only as a salted hash, and the device's count of wrong
 * tries. Staff need it to leave kiosk mode, open the staff panel or change the kiosk's settings.
 *
 * The hash is PBKDF2-SHA-256: Web Crypto's where the browser has `subtle` (secure contexts only),
 * @noble/hashes' where it has not (a kiosk served over plain http on a local network), the same
 * function either way, so a PIN set on one is checked on the other. Plain JavaScript is slower, so
 * a PIN set there gets fewer iterations; the record keeps its count. Records of the iterated
 * salted SHA-256 that kiosks stored before are still checked, and stored again as PBKDF2 once the
 * right PIN is typed.
 * A 4–8 digit PIN cannot resist someone who copies the device's database; what protects it on
 * the device is the lockout below, which survives reloads (it is stored with the hash).
 */

/** What a PIN may be: 4 to 8 digits. */
export const PIN_PATTERN = /^\d{4,8}$/;

export const isValidPin = (pin: string): boolean => PIN_PATTERN.test(pin);

export interface PinHash {
  /** 'sha256-iterated': only in records stored by earlier versions. */
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
/** In plain JavaScript: about a quarter second on a laptop, about a second on an entry tablet. */
const PBKDF2_ITERATIONS_WITHOUT_SUBTLE = 20_000;
const SALT_BYTES = 16;

const PIN_KEY = 'kioskPin';
const LOCKOUT_KEY = 'kioskPinLockout';

const NO_LOCKOUT: PinLockout = { failures: 0, lockouts: 0, lockedUntil: null };

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

async function digest(pin: string, { salt, algorithm, iterations }: Omit<PinHash, 'hash'>, useSubtle = true): Promise<string> {
  if (algorithm === 'pbkdf2-sha256') {
    const subtle = useSubtle ? subtleCrypto() : undefined;
    if (!subtle) return bytesToHex(await pbkdf2Async(sha256, pin, hexToBytes(salt), { c: iterations, dkLen: 32 }));
    const key = await subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveBits']);
    const bits = await subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: new Uint8Array(hexToBytes(salt)), iterations }, key, 256);
    return bytesToHex(new Uint8Array(bits));
  }
  let value = `${salt}:${pin}`;
  for (let i = 0; i < iterations; i++) value = sha256Hex(`${salt}:${value}`);
  return value;
}

/** A fresh salted PBKDF2 hash of `pin` (`useSubtle: false`: in plain JavaScript, as over plain http). */
export async function hashPin(pin: string, options: { useSubtle?: boolean } = {}): Promise<PinHash> {
  if (!isValidPin(pin)) throw new Error('El PIN debe tener de 4 a 8 dígitos');
  const useSubtle = (options.useSubtle ?? true) && subtleCrypto() !== undefined;
  const params = {
    algorithm: 'pbkdf2-sha256',
    salt: bytesToHex(randomBytes(SALT_BYTES)),
    iterations: useSubtle ? PBKDF2_ITERATIONS : PBKDF2_ITERATIONS_WITHOUT_SUBTLE,
  } as const;
  return { ...params, hash: await digest(pin, params, useSubtle) };
}

/** Whether `pin` is the one `stored` was made from (`useSubtle: false`: checked in plain JavaScript). */
export async function pinMatches(pin: string, stored: PinHash, options: { useSubtle?: boolean } = {}): Promise<boolean> {
  if (!isValidPin(pin)) return false;
  return sameDigest(await digest(pin, stored, options.useSubtle), stored.hash);
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
  // An earlier version's record is stored again as PBKDF2 (hashed here: a Dexie transaction cannot await other work).
  const upgraded = matches && stored.algorithm !== 'pbkdf2-sha256' ? await hashPin(pin) : null;
  // Read again inside the write: another tab may have counted a try meanwhile.
  return db.transaction('rw', [db.meta], async () => {
    const current = (await readMeta<PinLockout>(db, LOCKOUT_KEY)) ?? NO_LOCKOUT;
    if (matches) {
      await writeMeta(db, LOCKOUT_KEY, NO_LOCKOUT);
      if (upgraded) await writeMeta(db, PIN_KEY, upgraded);
      return { kind: 'accepted' } as const;
    }
    const next = afterWrongPin(current, now);
    await writeMeta(db, LOCKOUT_KEY, next);
    const locked = lockedForMs(next, now);
    return locked > 0 ? ({ kind: 'locked', retryInMs: locked } as const) : ({ kind: 'wrong', triesLeft: MAX_TRIES - next.failures } as const);
  });
}
