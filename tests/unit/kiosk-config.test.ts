// Must come first: Dexie looks for IndexedDB when it is imported.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { idleSecondsWithin, readKioskConfig, setUpKiosk, switchKioskMode } from '../../web/offline/kiosk-config';
import { readPinHash } from '../../web/offline/kiosk-pin';
import { readKioskMode } from '../../web/offline/kiosk-setting';
import { freshDb, json, scriptedFetch } from './offline-fixtures';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'T'.repeat(32);
const registered = () => json(201, { deviceId: 'dev-1', secret: 's3cret' });

describe('setting a device up as a kiosk', () => {
  it('redeems the link with the device credentials, then keeps the settings, the PIN hash and kiosk mode on', async () => {
    const db = freshDb();
    const { fetchStub, calls } = scriptedFetch([registered, () => json(200, { deviceId: 'dev-1', name: 'Stand 4', questionGroupId: 7, setupAt: '2026-05-01T10:00:00.000Z', adminSignedOut: true })]);
    vi.stubGlobal('fetch', fetchStub);
    const result = await setUpKiosk(db, { token: TOKEN, groupId: 7, name: 'Stand 4', pin: '482915', idleSeconds: 90 });
    // The server ended the browser's admin session: the result says so, for the setup screen to tell.
    expect(result).toEqual({ kind: 'done', config: { name: 'Stand 4', groupId: 7, idleSeconds: 90, setupAt: '2026-05-01T10:00:00.000Z' }, adminSignedOut: true });
    expect(calls.map((c) => c.url)).toEqual(['/api/devices', '/api/kiosk-setup']);
    expect(calls[1]!.body).toEqual({ token: TOKEN, questionGroupId: 7, name: 'Stand 4' });
    expect((calls[1]!.init.headers as Record<string, string>)['X-Device-Id']).toBe('dev-1');
    // The PIN never goes to the server and is stored only hashed.
    expect(JSON.stringify(calls.map((c) => c.body))).not.toContain('482915');
    expect(JSON.stringify(await readPinHash(db))).not.toContain('482915');
    expect(await readKioskMode(db)).toBe(true);
    expect(await readKioskConfig(db)).toMatchObject({ name: 'Stand 4', idleSeconds: 90 });
  });

  it('changes nothing on the device when the server refuses the link or cannot be reached', async () => {
    const db = freshDb();
    const { fetchStub } = scriptedFetch([registered, () => json(409, { error: 'Conflict', message: 'x', code: 'kiosk_setup_used' })]);
    vi.stubGlobal('fetch', fetchStub);
    expect(await setUpKiosk(db, { token: TOKEN, groupId: 7, name: 'Stand', pin: '1234' })).toEqual({ kind: 'failed', message: 'Este enlace de configuración de kiosco ya se usó. Pide uno nuevo', offline: false });
    // No handlers left: the network fails.
    const offline = await setUpKiosk(db, { token: TOKEN, groupId: 7, name: 'Stand', pin: '1234' });
    expect(offline).toMatchObject({ kind: 'failed', offline: true });
    expect(await readKioskConfig(db)).toBeNull();
    expect(await readPinHash(db)).toBeUndefined();
    expect(await readKioskMode(db)).toBe(false);
  });

  it('refuses a PIN that is not 4 to 8 digits before asking the server', async () => {
    const { fetchStub, calls } = scriptedFetch([]);
    vi.stubGlobal('fetch', fetchStub);
    expect(await setUpKiosk(freshDb(), { token: TOKEN, groupId: 7, name: 'Stand', pin: '12' })).toMatchObject({ kind: 'failed', offline: false });
    expect(calls).toEqual([]);
  });

  it('keeps the idle time between 30 s and 10 min, 60 s unless chosen', () => {
    expect(idleSecondsWithin(undefined)).toBe(60);
    expect(idleSecondsWithin(5)).toBe(30);
    expect(idleSecondsWithin(45.4)).toBe(45);
    expect(idleSecondsWithin(10_000)).toBe(600);
    expect(idleSecondsWithin(Number.NaN)).toBe(60);
  });

  it('reads a kiosk set up at 20 s, before the minimum rose, at the minimum', async () => {
    const db = freshDb();
    await db.meta.put({ key: 'kioskConfig', value: { name: 'Stand 4', groupId: 7, idleSeconds: 20, setupAt: '2026-05-01T10:00:00.000Z' } });
    expect((await readKioskConfig(db))?.idleSeconds).toBe(30);
  });
});

describe('leaving kiosk mode on a set-up kiosk', () => {
  async function setUpKioskDb() {
    const db = freshDb();
    const { fetchStub } = scriptedFetch([registered, () => json(200, { deviceId: 'dev-1', name: 'Stand', questionGroupId: 7, setupAt: '2026-05-01T10:00:00.000Z' })]);
    vi.stubGlobal('fetch', fetchStub);
    await setUpKiosk(db, { token: TOKEN, groupId: 7, name: 'Stand', pin: '2468' });
    return db;
  }

  it('needs the PIN: without it or with a wrong one kiosk mode stays on', async () => {
    const db = await setUpKioskDb();
    // Without a PIN (as ?kiosk=0 asks) it is refused without counting a try.
    expect(await switchKioskMode(db, false)).toEqual({ kind: 'pin-required' });
    expect(await switchKioskMode(db, false, '1111')).toEqual({ kind: 'wrong', triesLeft: 4 });
    expect(await readKioskMode(db)).toBe(true);
    expect(await switchKioskMode(db, false, '2468')).toEqual({ kind: 'accepted' });
    expect(await readKioskMode(db)).toBe(false);
    // Turning it back on needs nothing.
    expect(await switchKioskMode(db, true)).toEqual({ kind: 'accepted' });
    expect(await readKioskMode(db)).toBe(true);
  });

  it('is free on a device never set up as a kiosk, as before', async () => {
    const db = freshDb();
    await switchKioskMode(db, true);
    expect(await switchKioskMode(db, false)).toEqual({ kind: 'accepted' });
    expect(await readKioskMode(db)).toBe(false);
  });
});
