import { useEffect, useState } from 'react';
import { kioskConfigSetting, kioskModeSetting, type KioskConfig } from '../offline';
import { useSubscription } from './use-subscription';

/**
 * Kiosk mode: a per-device setting (kept by the offline layer), off by default, that keeps the
 * player screen fullscreen and awake and sends an idle result screen back to the document step.
 * Staff switch it in the status badge or with `?kiosk=1` / `?kiosk=0`.
 */


/** What interrupts the idle wait: any pointer, key or touch. */
const INTERACTION_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel'] as const;
/**
 * What ends a countdown that is showing: a finished tap or key press, never its start. Closing the
 * countdown on `pointerdown` would take it from under the finger, so the tap's `click` would land
 * on the page behind it (an answer, "Salir").
 */
const COUNTDOWN_END_EVENTS = ['click', 'keyup'] as const;
/** Events that carry the user activation `requestFullscreen` needs (touchstart does not). */
const GESTURE_EVENTS = ['click', 'keydown'] as const;

/** `?kiosk=1` switches kiosk mode on, `?kiosk=0` off; anything else leaves it as it is. */
export function kioskModeFromQuery(search: string): boolean | undefined {
  const value = new URLSearchParams(search).get('kiosk');
  if (value === '1') return true;
  if (value === '0') return false;
  return undefined;
}

/** Calls `onIdle` once after `ms` without an interaction on `target`; returns the stop function. */
export function startIdleTimer(target: EventTarget, ms: number, onIdle: () => void): () => void {
  let timer = setTimeout(onIdle, ms);
  const restart = () => {
    clearTimeout(timer);
    timer = setTimeout(onIdle, ms);
  };
  for (const type of INTERACTION_EVENTS) target.addEventListener(type, restart, { passive: true });
  return () => {
    clearTimeout(timer);
    for (const type of INTERACTION_EVENTS) target.removeEventListener(type, restart);
  };
}

/**
 * Asks for fullscreen on the next user gesture, and again on a later one if staff or the browser
 * left fullscreen: a kiosk should not stay windowed because someone pressed Escape.
 */
export function fullscreenOnGesture(doc: Document): () => void {
  const request = () => {
    if (doc.fullscreenElement || typeof doc.documentElement.requestFullscreen !== 'function') return;
    doc.documentElement.requestFullscreen().catch(() => undefined);
  };
  for (const type of GESTURE_EVENTS) doc.addEventListener(type, request);
  return () => {
    for (const type of GESTURE_EVENTS) doc.removeEventListener(type, request);
    if (doc.fullscreenElement && typeof doc.exitFullscreen === 'function') doc.exitFullscreen().catch(() => undefined);
  };
}

/**
 * Holds a screen wake lock where the browser has the API. The browser drops the lock whenever the
 * page is hidden, so it is asked for again each time the page is visible again.
 */
export function keepScreenAwake(nav: Navigator, doc: Document): () => void {
  if (!('wakeLock' in nav) || !nav.wakeLock) return () => undefined;
  let sentinel: WakeLockSentinel | undefined;
  let stopped = false;
  let asking = false;
  const acquire = async () => {
    if (asking || doc.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
    asking = true;
    try {
      const lock = await nav.wakeLock.request('screen');
      if (stopped) void lock.release();
      else sentinel = lock;
    } catch (error) {
      console.warn('Kiosk mode: screen wake lock refused', error);
    } finally {
      asking = false;
    }
  };
  const onVisibility = () => void acquire();
  doc.addEventListener('visibilitychange', onVisibility);
  void acquire();
  return () => {
    stopped = true;
    doc.removeEventListener('visibilitychange', onVisibility);
    sentinel?.release().catch((error: unknown) => console.warn('Kiosk mode: screen wake lock release failed', error));
    sentinel = undefined;
  };
}

/** The device's kiosk mode setting as it changes; null until read. */
export function useKioskMode(): boolean | null {
  return useSubscription<boolean | null>(kioskModeSetting, [], null);
}

/** While kiosk mode is on: fullscreen on the next gesture and a screen wake lock. */
export function useKioskChrome(on: boolean): void {
  useEffect(() => {
    if (!on) return;
    const stopFullscreen = fullscreenOnGesture(document);
    const stopWakeLock = keepScreenAwake(navigator, document);
    return () => {
      stopFullscreen();
      stopWakeLock();
    };
  }, [on]);
}

/** How long the "¿Sigues ahí?" countdown shows, after the idle time, before an idle kiosk gives up the round. */
export const IDLE_WARNING_MS = 15_000;

export interface IdleCountdownHandlers {
  /** The countdown's seconds left, each second of the warning; null when an interaction ended it. */
  onCountdown: (secondsLeft: number | null) => void;
  onTimeout: () => void;
}

/**
 * After `idleMs` without an interaction on `target`, counts `warningMs` down second by second, then
 * calls `onTimeout` once. The countdown comes after the idle time, never inside it: staff who set
 * 30 s mean 30 s of quiet before "¿Sigues ahí?", so a slow reader is never interrupted sooner.
 * Any interaction starts the wait again; a countdown ends only once a tap or a key press is
 * complete (COUNTDOWN_END_EVENTS). Returns the stop function.
 */
export function startIdleCountdown(target: EventTarget, idleMs: number, warningMs: number, handlers: IdleCountdownHandlers): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let counting = false;
  let done = false;
  const tick = (secondsLeft: number) => {
    if (secondsLeft <= 0) {
      done = true;
      counting = false;
      handlers.onTimeout();
      return;
    }
    counting = true;
    handlers.onCountdown(secondsLeft);
    timer = setTimeout(() => tick(secondsLeft - 1), 1_000);
  };
  const wait = () => {
    clearTimeout(timer);
    timer = setTimeout(() => tick(Math.ceil(warningMs / 1_000)), idleMs);
  };
  const restart = () => {
    if (done || counting) return;
    wait();
  };
  const endCountdown = () => {
    if (done || !counting) return;
    counting = false;
    handlers.onCountdown(null);
    wait();
  };
  wait();
  for (const type of INTERACTION_EVENTS) target.addEventListener(type, restart, { passive: true });
  for (const type of COUNTDOWN_END_EVENTS) target.addEventListener(type, endCountdown, { passive: true });
  return () => {
    clearTimeout(timer);
    for (const type of INTERACTION_EVENTS) target.removeEventListener(type, restart);
    for (const type of COUNTDOWN_END_EVENTS) target.removeEventListener(type, endCountdown);
  };
}

/**
 * While `active`: after `idleMs` without an interaction on the page, an IDLE_WARNING_MS countdown,
 * then `onTimeout`. Returns the seconds left while counting down, else null.
 */
export function useIdleCountdown(active: boolean, idleMs: number, onTimeout: () => void): number | null {
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  useEffect(() => {
    if (!active) return;
    const stop = startIdleCountdown(document, idleMs, IDLE_WARNING_MS, {
      onCountdown: setSecondsLeft,
      onTimeout: () => {
        setSecondsLeft(null);
        onTimeout();
      },
    });
    return () => {
      stop();
      setSecondsLeft(null);
    };
  }, [active, idleMs, onTimeout]);
  return active ? secondsLeft : null;
}

/** The device's kiosk set up with a link (name, idle timeout), null on a device never set up; undefined until read. */
export function useKioskConfig(): KioskConfig | null | undefined {
  return useSubscription<KioskConfig | null | undefined>(kioskConfigSetting, [], undefined);
}
