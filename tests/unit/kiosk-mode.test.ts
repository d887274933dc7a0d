// Must come first: Dexie looks for IndexedDB when it is imported.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readKioskMode, writeKioskMode } from '../../web/offline/kiosk-setting';
import { KIOSK_IDLE_MIN_SECONDS } from '../../contract/kiosk-values';
import { fullscreenOnGesture, IDLE_WARNING_MS, keepScreenAwake, kioskModeFromQuery, startIdleCountdown, startIdleTimer } from '../../web/player/kiosk-mode';
import { freshDb } from './offline-fixtures';

/** A document with just what kiosk mode touches: events, visibility, fullscreen. */
class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
  fullscreenElement: object | null = null;
  documentElement = { requestFullscreen: vi.fn(async () => undefined) };
  exitFullscreen = vi.fn(async () => {
    this.fullscreenElement = null;
  });
  show(state: DocumentVisibilityState) {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

function fakeWakeLock() {
  const sentinels: { released: boolean; release: () => Promise<void> }[] = [];
  const request = vi.fn(async () => {
    const sentinel = {
      released: false,
      release: vi.fn(async () => {
        sentinel.released = true;
      }),
    };
    sentinels.push(sentinel);
    return sentinel;
  });
  return { nav: { wakeLock: { request } } as unknown as Navigator, request, sentinels };
}

const asDocument = (doc: FakeDocument) => doc as unknown as Document;
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the kiosk mode setting', () => {
  it('is off on a device that never set it, and keeps what staff chose', async () => {
    const db = freshDb();
    expect(await readKioskMode(db)).toBe(false);
    await writeKioskMode(db, true);
    expect(await readKioskMode(db)).toBe(true);
    await writeKioskMode(db, false);
    expect(await readKioskMode(db)).toBe(false);
  });

  it('is switched on by ?kiosk=1 and off by ?kiosk=0, and left alone by anything else', () => {
    expect(kioskModeFromQuery('?kiosk=1')).toBe(true);
    expect(kioskModeFromQuery('kiosk=0&x=2')).toBe(false);
    expect(kioskModeFromQuery('')).toBeUndefined();
    expect(kioskModeFromQuery('?kiosk=yes')).toBeUndefined();
  });
});

describe('the idle return on the result screen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires once after the wait with no interaction', () => {
    const onIdle = vi.fn();
    startIdleTimer(new EventTarget(), 60_000, onIdle);
    vi.advanceTimersByTime(59_999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(120_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('starts the wait again on every touch, pointer or key', () => {
    const target = new EventTarget();
    const onIdle = vi.fn();
    startIdleTimer(target, 60_000, onIdle);
    for (const type of ['pointerdown', 'keydown', 'touchstart']) {
      vi.advanceTimersByTime(50_000);
      target.dispatchEvent(new Event(type));
    }
    vi.advanceTimersByTime(59_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('never fires once stopped, and stops listening', () => {
    const target = new EventTarget();
    const remove = vi.spyOn(target, 'removeEventListener');
    const onIdle = vi.fn();
    const stop = startIdleTimer(target, 60_000, onIdle);
    stop();
    vi.advanceTimersByTime(120_000);
    expect(onIdle).not.toHaveBeenCalled();
    expect(remove).toHaveBeenCalledWith('pointerdown', expect.any(Function));
  });
});

describe('fullscreen on a gesture', () => {
  it('asks on the next click or key while not fullscreen, ignores a refusal, and leaves fullscreen when switched off', async () => {
    const doc = new FakeDocument();
    doc.documentElement.requestFullscreen.mockRejectedValueOnce(new TypeError('Permissions check failed'));
    const stop = fullscreenOnGesture(asDocument(doc));
    expect(doc.documentElement.requestFullscreen).not.toHaveBeenCalled();
    doc.dispatchEvent(new Event('click'));
    await settle();
    doc.dispatchEvent(new Event('keydown'));
    expect(doc.documentElement.requestFullscreen).toHaveBeenCalledTimes(2);
    doc.fullscreenElement = {};
    doc.dispatchEvent(new Event('click'));
    expect(doc.documentElement.requestFullscreen).toHaveBeenCalledTimes(2);
    stop();
    expect(doc.exitFullscreen).toHaveBeenCalledTimes(1);
    doc.dispatchEvent(new Event('click'));
    expect(doc.documentElement.requestFullscreen).toHaveBeenCalledTimes(2);
  });
});

describe('the screen wake lock', () => {
  it('holds a lock, asks again when the page is visible after the browser dropped it, and releases it when switched off', async () => {
    const doc = new FakeDocument();
    const { nav, request, sentinels } = fakeWakeLock();
    const stop = keepScreenAwake(nav, asDocument(doc));
    await settle();
    expect(request).toHaveBeenCalledWith('screen');
    expect(request).toHaveBeenCalledTimes(1);

    // Hidden, the browser releases the lock itself; visible again, a new one is asked for.
    sentinels[0]!.released = true;
    doc.show('hidden');
    await settle();
    expect(request).toHaveBeenCalledTimes(1);
    doc.show('visible');
    await settle();
    expect(request).toHaveBeenCalledTimes(2);

    stop();
    expect(sentinels[1]!.release).toHaveBeenCalledTimes(1);
    doc.show('hidden');
    doc.show('visible');
    await settle();
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('only logs a refusal, and does nothing where the browser has no wake lock', async () => {
    const doc = new FakeDocument();
    const { nav, request } = fakeWakeLock();
    request.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    keepScreenAwake(nav, asDocument(doc))();
    await settle();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();

    expect(() => keepScreenAwake({} as Navigator, asDocument(doc))()).not.toThrow();
  });
});

describe('the idle countdown on every kiosk step', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits the whole idle time first, then counts 15 s down second by second, then times out once', () => {
    const onCountdown = vi.fn();
    const onTimeout = vi.fn();
    startIdleCountdown(new EventTarget(), 60_000, 15_000, { onCountdown, onTimeout });
    // The idle time is all quiet: the countdown is not counted inside it.
    vi.advanceTimersByTime(59_999);
    expect(onCountdown).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onCountdown).toHaveBeenLastCalledWith(15);
    vi.advanceTimersByTime(14_000);
    expect(onCountdown).toHaveBeenLastCalledWith(1);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(120_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    expect(onCountdown).toHaveBeenCalledTimes(15);
  });

  it('at the shortest idle time a player reads for the whole minimum before "¿Sigues ahí?"', () => {
    const onCountdown = vi.fn();
    startIdleCountdown(new EventTarget(), KIOSK_IDLE_MIN_SECONDS * 1_000, IDLE_WARNING_MS, { onCountdown, onTimeout: vi.fn() });
    expect(KIOSK_IDLE_MIN_SECONDS).toBeGreaterThanOrEqual(30);
    vi.advanceTimersByTime(KIOSK_IDLE_MIN_SECONDS * 1_000 - 1);
    expect(onCountdown).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onCountdown).toHaveBeenLastCalledWith(IDLE_WARNING_MS / 1_000);
  });

  it('ends the countdown once a tap is complete (not when it starts) and waits the whole time again', () => {
    const target = new EventTarget();
    const onCountdown = vi.fn();
    const onTimeout = vi.fn();
    startIdleCountdown(target, 60_000, 15_000, { onCountdown, onTimeout });
    vi.advanceTimersByTime(65_000);
    expect(onCountdown).toHaveBeenLastCalledWith(10);
    // The countdown stays under the finger until the tap's click, so the click cannot land on the page behind it.
    target.dispatchEvent(new Event('pointerdown'));
    target.dispatchEvent(new Event('pointerup'));
    expect(onCountdown).toHaveBeenLastCalledWith(10);
    target.dispatchEvent(new Event('click'));
    expect(onCountdown).toHaveBeenLastCalledWith(null);
    vi.advanceTimersByTime(59_999);
    expect(onCountdown).toHaveBeenLastCalledWith(null);
    target.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(74_999);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('ends the countdown when a key press is complete', () => {
    const target = new EventTarget();
    const onCountdown = vi.fn();
    startIdleCountdown(target, 60_000, 15_000, { onCountdown, onTimeout: vi.fn() });
    vi.advanceTimersByTime(61_000);
    target.dispatchEvent(new Event('keydown'));
    expect(onCountdown).toHaveBeenLastCalledWith(14);
    target.dispatchEvent(new Event('keyup'));
    expect(onCountdown).toHaveBeenLastCalledWith(null);
  });

  it('stops listening and counting when stopped', () => {
    const target = new EventTarget();
    const onTimeout = vi.fn();
    const stop = startIdleCountdown(target, 20_000, 15_000, { onCountdown: vi.fn(), onTimeout });
    vi.advanceTimersByTime(10_000);
    stop();
    vi.advanceTimersByTime(60_000);
    expect(onTimeout).not.toHaveBeenCalled();
  });
});
