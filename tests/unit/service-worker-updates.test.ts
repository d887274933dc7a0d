import { describe, expect, it, vi } from 'vitest';
import { createUpdateController, UPDATE_CHECK_INTERVAL_MS, type WorkboxLike } from '../../web/pwa/service-worker';

/** A stand-in for workbox-window: the test fires its events and reads what the page asked of it. */
function fakeWorkbox() {
  const handlers: Record<string, ((event: { isUpdate?: boolean }) => void)[]> = {};
  const workbox = {
    addEventListener: (type: string, listener: (event: { isUpdate?: boolean }) => void) => (handlers[type] ??= []).push(listener),
    register: vi.fn(async () => undefined),
    update: vi.fn(async () => undefined),
    messageSkipWaiting: vi.fn(),
  } satisfies WorkboxLike;
  const fire = (type: 'waiting' | 'controlling', event: { isUpdate?: boolean } = {}) => handlers[type]?.forEach((h) => h(event));
  return { workbox, fire };
}

function setup() {
  const { workbox, fire } = fakeWorkbox();
  const timers: { ms: number; run: () => void }[] = [];
  const online: (() => void)[] = [];
  const reload = vi.fn();
  const controller = createUpdateController(workbox, { reload, every: (ms, run) => timers.push({ ms, run }), onReconnect: (run) => online.push(run) });
  controller.start();
  return { controller, workbox, fire, timers, online, reload };
}

describe('service worker updates', () => {
  it('looks for a new version every 30 minutes and when the server can be reached again', () => {
    const { workbox, timers, online } = setup();
    expect(workbox.register).toHaveBeenCalledTimes(1);
    expect(timers.map((t) => t.ms)).toEqual([UPDATE_CHECK_INTERVAL_MS]);
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(30 * 60_000);
    timers[0]!.run();
    online.forEach((run) => run());
    expect(workbox.update).toHaveBeenCalledTimes(2);
  });

  it('a version found when the server comes back mid-round waits for the round to end, then applies', async () => {
    const { controller, workbox, fire, online, reload } = setup();
    controller.enterPlayerScreen();
    controller.setBetweenAttempts(false); // mid-round, while the server was away
    online.forEach((run) => run()); // the server answers again
    expect(workbox.update).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    fire('waiting');
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    controller.setBetweenAttempts(true); // the attract screen
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    fire('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('on the player screen, applies a waiting version only at the document step', () => {
    const { controller, workbox, fire, reload } = setup();
    controller.enterPlayerScreen();
    controller.setBetweenAttempts(false); // mid-attempt
    fire('waiting');
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    expect(controller.updateAvailable()).toBe(false); // no prompt on the player screen

    controller.setBetweenAttempts(true); // back at the document step
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    fire('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload a player mid-attempt when another tab activated the new version', () => {
    const { controller, fire, reload } = setup();
    controller.enterPlayerScreen();
    controller.setBetweenAttempts(false);
    fire('waiting');
    fire('controlling', { isUpdate: true });
    expect(reload).not.toHaveBeenCalled();
    controller.setBetweenAttempts(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('on other screens, offers the update and applies it only when asked', () => {
    const { controller, workbox, fire, reload } = setup();
    const listener = vi.fn();
    controller.subscribe(listener);
    fire('waiting');
    expect(listener).toHaveBeenCalled();
    expect(controller.updateAvailable()).toBe(true);
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();

    controller.applyUpdate(); // 'Actualizar'
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    fire('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads on the first install', () => {
    const { fire, reload, controller } = setup();
    fire('controlling', { isUpdate: false });
    expect(reload).not.toHaveBeenCalled();
    expect(controller.updateAvailable()).toBe(false);
  });

  it('takes over the page for a new build installed during the first visit (workbox-window says isUpdate false then)', () => {
    const { controller, workbox, fire, reload } = setup();
    controller.enterPlayerScreen();
    fire('controlling', { isUpdate: false }); // the first install claims the page: no reload
    expect(reload).not.toHaveBeenCalled();
    controller.setBetweenAttempts(false);
    fire('waiting'); // a new build deployed while the page is still open
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    controller.setBetweenAttempts(true);
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    fire('controlling', { isUpdate: false });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("staff's 'Actualizar' takes a new version at once, even mid-attempt, and reloads into it", async () => {
    const { controller, workbox, fire, reload } = setup();
    controller.enterPlayerScreen();
    controller.setBetweenAttempts(false);
    workbox.update.mockImplementationOnce(async () => {
      fire('waiting'); // the check finds a new build
      return undefined;
    });
    await controller.updateNow();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    fire('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("staff's 'Actualizar' with no new version reloads once the grace time for an install has passed", async () => {
    vi.useFakeTimers();
    try {
      const { controller, workbox, reload } = setup();
      controller.enterPlayerScreen();
      await controller.updateNow(5_000);
      expect(workbox.update).toHaveBeenCalled();
      expect(reload).not.toHaveBeenCalled();
      vi.advanceTimersByTime(5_000);
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
