import { Workbox } from 'workbox-window';

/** How often an open page asks the server for a new app version (a kiosk may never be reloaded). */
export const UPDATE_CHECK_INTERVAL_MS = 30 * 60_000;

/** The part of workbox-window's `Workbox` the update policy uses (a fake in unit tests). */
export interface WorkboxLike {
  addEventListener(type: 'waiting' | 'controlling', listener: (event: { isUpdate?: boolean }) => void): void;
  register(): Promise<unknown>;
  update(): Promise<unknown>;
  messageSkipWaiting(): void;
}

export interface UpdateEnvironment {
  reload: () => void;
  every: (ms: number, run: () => void) => void;
  /** Calls `run` each time the server can be reached again: the browser's `online`, or the server itself back. */
  onReconnect: (run: () => void) => void;
}

/**
 * The prompt update strategy. A new version is looked for every 30 min and at the next contact
 * with the server after it was away (a kiosk whose server alone restarted with a new build sees no
 * `online` event). Where it applies depends on the screen:
 * - the player screen applies it by itself, but only between attempts (the document step);
 * - any other screen (admin) shows 'Nueva versión disponible' and applies it when asked, so a
 *   half-filled form is never lost to a reload.
 * A version another tab already activated is handled the same way: reload only when safe.
 */
export function createUpdateController(workbox: WorkboxLike, env: UpdateEnvironment) {
  let ready: 'none' | 'waiting' | 'activated' = 'none';
  let skipRequested = false;
  let playerScreens = 0;
  let betweenAttempts = false;
  /** Staff asked for the update ('Actualizar' in the staff panel): reload as soon as it is in. */
  let forced = false;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  const checkForUpdate = () => void workbox.update().catch(() => undefined);

  /** Moves a ready version forward: the waiting worker is told to take over, or the page reloads. */
  const apply = () => {
    if (ready === 'waiting' && !skipRequested) {
      skipRequested = true;
      workbox.messageSkipWaiting();
    } else if (ready === 'activated') {
      env.reload();
    }
  };

  const settle = () => {
    if (playerScreens > 0) {
      if (betweenAttempts) apply();
    } else {
      notify();
    }
  };

  workbox.addEventListener('waiting', () => {
    ready = 'waiting';
    skipRequested = false; // a newer worker than the one told to take over, if any
    if (forced) apply();
    else settle();
  });
  workbox.addEventListener('controlling', (event) => {
    // The first install takes the page without a reload; only an update needs one. workbox-window
    // calls a worker an update only when the page was controlled at registration, so a new build
    // installed during the first visit comes with isUpdate false: a version seen waiting is one too.
    if (!event.isUpdate && ready !== 'waiting') return;
    ready = 'activated';
    if (forced || (skipRequested && (playerScreens === 0 || betweenAttempts))) env.reload();
    else settle();
  });
  env.every(UPDATE_CHECK_INTERVAL_MS, checkForUpdate);
  env.onReconnect(checkForUpdate);

  return {
    start: () => void workbox.register(),
    /** Whether a screen other than the player's should offer the update. */
    updateAvailable: () => ready !== 'none' && playerScreens === 0,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** The 'Actualizar' button. */
    applyUpdate: apply,
    /**
     * The staff panel's 'Actualizar', whatever screen is open: looks for a new version now, takes
     * it and reloads; with none found (within `graceMs`, the time a new worker takes to install)
     * it reloads anyway, so the page runs the newest code the device has.
     */
    async updateNow(graceMs = 10_000) {
      forced = true;
      await workbox.update().catch(() => undefined);
      if (ready === 'waiting') apply();
      else if (ready === 'activated') env.reload();
      else setTimeout(() => ready === 'none' && env.reload(), graceMs);
    },
    /** A player screen is open until the returned function is called. */
    enterPlayerScreen() {
      playerScreens++;
      notify();
      return () => {
        playerScreens--;
        notify();
      };
    },
    setBetweenAttempts(value: boolean) {
      betweenAttempts = value;
      if (value && playerScreens > 0) apply();
    },
  };
}

type UpdateController = ReturnType<typeof createUpdateController>;
let controller: UpdateController | undefined;

/**
 * Registers the service worker once, with the update policy above. The policy is in place at once
 * (screens tell it where they are from their first render); `startWhen` decides when the worker is
 * registered (at once by default; the player screen waits until its first screen is up), and
 * `onServerBack` tells it when the server answers again after it was away (the player screen's
 * shared reachable state; the admin app has only the browser's `online`).
 */
export function registerServiceWorker(startWhen: (start: () => void) => void = (start) => start(), onServerBack?: (run: () => void) => void): void {
  if (controller || !('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const created = createUpdateController(new Workbox('/sw.js', { scope: '/' }), {
    reload: () => window.location.reload(),
    every: (ms, run) => void setInterval(run, ms),
    onReconnect: (run) => {
      window.addEventListener('online', run);
      onServerBack?.(run);
    },
  });
  controller = created;
  startWhen(created.start);
}

const noop = () => undefined;

export const subscribeUpdate = (listener: () => void) => controller?.subscribe(listener) ?? noop;
export const updateAvailable = () => controller?.updateAvailable() ?? false;
export const applyUpdate = () => controller?.applyUpdate();
/** Update now and reload (staff); a plain reload where no service worker runs. */
export const updateNow = () => (controller ? controller.updateNow() : window.location.reload());
/** Called by the player screen on mount; returns its unmount. */
export const enterPlayerScreen = () => controller?.enterPlayerScreen() ?? noop;
/** The player screen says when it is between attempts (the document step). */
export const setBetweenAttempts = (value: boolean) => controller?.setBetweenAttempts(value);
