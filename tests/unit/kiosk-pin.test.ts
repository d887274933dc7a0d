// Must come first: Dexie looks for IndexedDB when it is imported.
import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { writeMeta } from '../../web/offline/db';
import { FIRST_LOCKOUT_MS, MAX_LOCKOUT_MS, MAX_TRIES, checkPin, hashPin, isValidPin, pinMatches, readPinHash, setPin } from '../../web/offline/kiosk-pin';
import { freshDb } from './offline-fixtures';

const at = (ms: number) => new Date(Date.parse('2026-05-01T10:00:00Z') + ms);

describe('the kiosk PIN as stored on the device', () => {
  it('accepts only 4 to 8 digits', () => {
    for (const pin of ['1234', '12345678', '0000']) expect(isValidPin(pin)).toBe(true);
    for (const pin of ['123', '123456789', '12a4', ' 1234', '', '１２３４']) expect(isValidPin(pin)).toBe(false);
  });

  it('is kept as a salted hash, never in clear, and two devices with one PIN store different hashes', async () => {
    const db = freshDb();
    await setPin(db, '482915');
    const stored = await readPinHash(db);
    expect(stored?.algorithm).toBe('pbkdf2-sha256');
    expect(JSON.stringify(stored)).not.toContain('482915');
    const other = await hashPin('482915');
    expect(other.salt).not.toBe(stored?.salt);
    expect(other.hash).not.toBe(stored?.hash);
  });

  it('is one PBKDF2 whether Web Crypto is there or not: a PIN set over plain http checks over https and back', async () => {
    for (const useSubtle of [true, false]) {
      const stored = await hashPin('2468', { useSubtle });
      expect(stored).toMatchObject({ algorithm: 'pbkdf2-sha256', iterations: useSubtle ? 100_000 : 20_000 });
      for (const checkedWithSubtle of [true, false]) {
        expect(await pinMatches('2468', stored, { useSubtle: checkedWithSubtle })).toBe(true);
        expect(await pinMatches('2469', stored, { useSubtle: checkedWithSubtle })).toBe(false);
      }
      expect(await pinMatches('24680', stored)).toBe(false);
    }
  });

  it("checks a PIN an earlier version stored as iterated SHA-256, and stores it again as PBKDF2 once it is typed right", async () => {
    const salt = 'ab'.repeat(16);
    let hash = `${salt}:1357`;
    for (let i = 0; i < 2000; i++) hash = createHash('sha256').update(`${salt}:${hash}`).digest('hex');
    const db = freshDb();
    await writeMeta(db, 'kioskPin', { algorithm: 'sha256-iterated', salt, iterations: 2000, hash });
    expect(await checkPin(db, '7531', at(0))).toEqual({ kind: 'wrong', triesLeft: MAX_TRIES - 1 });
    expect((await readPinHash(db))?.algorithm).toBe('sha256-iterated');
    expect(await checkPin(db, '1357', at(0))).toEqual({ kind: 'accepted' });
    expect((await readPinHash(db))?.algorithm).toBe('pbkdf2-sha256');
    expect(await checkPin(db, '1357', at(0))).toEqual({ kind: 'accepted' });
  });

  it('refuses to set a PIN that is not 4 to 8 digits', async () => {
    await expect(setPin(freshDb(), '12')).rejects.toThrow('4 a 8 dígitos');
  });
});

describe('checking the PIN typed on the kiosk', () => {
  it('says when the device has no PIN', async () => {
    expect(await checkPin(freshDb(), '1234', at(0))).toEqual({ kind: 'no-pin' });
  });

  it('accepts the right PIN and refuses a wrong one, counting the tries left', async () => {
    const db = freshDb();
    await setPin(db, '1234', { useSubtle: false });
    expect(await checkPin(db, '1234', at(0))).toEqual({ kind: 'accepted' });
    expect(await checkPin(db, '4321', at(0))).toEqual({ kind: 'wrong', triesLeft: MAX_TRIES - 1 });
    expect(await checkPin(db, '4321', at(0))).toEqual({ kind: 'wrong', triesLeft: MAX_TRIES - 2 });
  });

  it('locks after 5 wrong tries for 60 s, refuses even the right PIN meanwhile, then doubles the wait', async () => {
    const db = freshDb();
    await setPin(db, '1234', { useSubtle: false });
    for (let i = 1; i < MAX_TRIES; i++) expect((await checkPin(db, '0000', at(0))).kind).toBe('wrong');
    expect(await checkPin(db, '0000', at(0))).toEqual({ kind: 'locked', retryInMs: FIRST_LOCKOUT_MS });
    expect(await checkPin(db, '1234', at(30_000))).toEqual({ kind: 'locked', retryInMs: FIRST_LOCKOUT_MS - 30_000 });

    // After the wait, five more wrong tries lock for twice as long.
    for (let i = 1; i < MAX_TRIES; i++) expect((await checkPin(db, '0000', at(FIRST_LOCKOUT_MS))).kind).toBe('wrong');
    expect(await checkPin(db, '0000', at(FIRST_LOCKOUT_MS))).toEqual({ kind: 'locked', retryInMs: 2 * FIRST_LOCKOUT_MS });

    // The right PIN after the wait is accepted and clears the count: the next lockout is 60 s again.
    expect(await checkPin(db, '1234', at(3 * FIRST_LOCKOUT_MS))).toEqual({ kind: 'accepted' });
    for (let i = 1; i < MAX_TRIES; i++) await checkPin(db, '0000', at(3 * FIRST_LOCKOUT_MS));
    expect(await checkPin(db, '0000', at(3 * FIRST_LOCKOUT_MS))).toEqual({ kind: 'locked', retryInMs: FIRST_LOCKOUT_MS });
  });

  it('never locks for more than an hour', async () => {
    const db = freshDb();
    await setPin(db, '1234', { useSubtle: false });
    let now = 0;
    let last = 0;
    for (let round = 0; round < 8; round++) {
      for (let i = 0; i < MAX_TRIES; i++) {
        const answer = await checkPin(db, '0000', at(now));
        if (answer.kind === 'locked') last = answer.retryInMs;
      }
      now += last;
    }
    expect(last).toBe(MAX_LOCKOUT_MS);
  });

  it('keeps the count in the device database, so reopening it does not reset the lockout', async () => {
    const db = freshDb();
    await setPin(db, '1234', { useSubtle: false });
    for (let i = 0; i < MAX_TRIES; i++) await checkPin(db, '0000', at(0));
    db.close();
    await db.open();
    expect((await checkPin(db, '1234', at(1_000))).kind).toBe('locked');
  });
});
