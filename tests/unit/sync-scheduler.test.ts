// Must come first: Dexie looks for IndexedDB when it is imported.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queueRegistration } from '../../web/offline/outbox';
import { startSyncScheduler } from '../../web/offline/sync-scheduler';
import { freshDb, json } from './offline-fixtures';

/** Lets the database (fake-indexeddb runs on setImmediate, which is not faked) finish what is under way. */
async function settle() {
  for (let i = 0; i < 200; i++) await new Promise((resolve) => setImmediate(resolve));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.spyOn(Math, 'random').mockReturnValue(1); // the longest jitter: the worst case
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible' }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('startSyncScheduler', () => {
  it('keeps probing a down server at most ~15.6 s apart, writes do not push the next probe away, and the queue arrives within 30 s of the server coming back', async () => {
    const db = freshDb();
    await db.device.put({ key: 'device', deviceId: 'dev-1', secret: 's', nextMutationId: 1 });
    await queueRegistration(db, { fullName: 'Ana', documentTypeId: 1, documentNumber: '1234567', locationId: 5, hash: 'h' });
    let serverUp = false;
    const pushes: number[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      pushes.push(Date.now());
      if (!serverUp) throw new TypeError('Failed to fetch');
      const ids = (JSON.parse(String(init.body)) as { mutations: { mutationId: number }[] }).mutations.map((m) => m.mutationId);
      return json(200, { results: ids.map((mutationId) => ({ mutationId, status: 'applied' })), lastMutationId: ids.at(-1) });
    });

    const scheduler = startSyncScheduler(db);
    await settle();
    expect(pushes).toHaveLength(1);
    // A burst of writes while the server is down: each tries at once, none delays the timer.
    for (let i = 0; i < 5; i++) {
      scheduler.requestFlush();
      await settle();
    }
    const afterWrites = pushes.length;
    await vi.advanceTimersByTimeAsync(2_600);
    await settle();
    expect(pushes.length).toBe(afterWrites + 1); // the first retry still comes after ~2 s

    // Minutes of outage: the gap between probes grows to its ceiling and stays there.
    for (let i = 0; i < 12; i++) {
      await vi.advanceTimersByTimeAsync(15_600);
      await settle();
    }
    const gaps = pushes.slice(afterWrites).map((at, i, all) => (i === 0 ? 0 : at - all[i - 1]!));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(15_600);
    expect(gaps.at(-1)).toBe(15_600);

    // The server comes back (no 'online' event: the Wi-Fi never dropped).
    serverUp = true;
    const backAt = Date.now();
    for (let elapsed = 0; elapsed < 30_000 && (await db.outbox.count()) > 0; elapsed += 1_000) {
      await vi.advanceTimersByTimeAsync(1_000);
      await settle();
    }
    expect(await db.outbox.count()).toBe(0);
    expect(Date.now() - backAt).toBeLessThanOrEqual(16_000);
    scheduler.stop();
  });

  it('a set-up kiosk with nothing to send beats a heartbeat at start and every idle interval; a phone tells the server once, when its screen opens, registering first', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      calls.push(String(url));
      return String(url) === '/api/devices' ? json(201, { deviceId: 'dev-new', secret: 's' }) : json(200, { lastSeenAt: new Date().toISOString() });
    });
    const phone = freshDb();
    await phone.device.put({ key: 'device', deviceId: 'dev-phone', secret: 's', nextMutationId: 1 });
    const phoneScheduler = startSyncScheduler(phone);
    await settle();
    await vi.advanceTimersByTimeAsync(5 * 60_000 + 100);
    await settle();
    phoneScheduler.stop();
    expect(calls).toEqual(['/api/devices/me/heartbeat']);

    // A phone that never registered does it as its screen opens: a round played after its signal drops is anchored there.
    calls.length = 0;
    const newPhone = freshDb();
    const newScheduler = startSyncScheduler(newPhone);
    await settle();
    newScheduler.stop();
    expect(calls).toEqual(['/api/devices', '/api/devices/me/heartbeat']);
    expect((await newPhone.device.get('device'))?.deviceId).toBe('dev-new');

    calls.length = 0;
    const kiosk = freshDb();
    await kiosk.device.put({ key: 'device', deviceId: 'dev-kiosk', secret: 's', nextMutationId: 1 });
    await kiosk.meta.put({ key: 'kioskConfig', value: { name: 'Stand 4', groupId: 7, idleSeconds: 60, setupAt: '2026-05-01T10:00:00.000Z' } });
    const kioskScheduler = startSyncScheduler(kiosk);
    await settle();
    expect(calls).toEqual(['/api/devices/me/heartbeat']);
    await vi.advanceTimersByTimeAsync(5 * 60_000 + 100);
    await settle();
    kioskScheduler.stop();
    expect(calls).toEqual(['/api/devices/me/heartbeat', '/api/devices/me/heartbeat']);
  });
});
