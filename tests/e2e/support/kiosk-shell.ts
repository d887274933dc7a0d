import { expect, type Page } from '@playwright/test';

/**
 * Waits until the page's service worker controls it and keeps the kiosk's own chunks (badge, PIN,
 * staff panel), which a phone never loads: only then does a reload without connection bring them
 * back. Cache.addAll stores them all at once, so one entry in their cache is all of them (the
 * cache itself exists from the moment the worker opens it, before they are stored).
 */
export async function kioskShellKept(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const names = (await caches.keys()).filter((key) => key.startsWith('kiosk-shell-'));
          return names.length === 1 && (await (await caches.open(names[0]!)).keys()).length > 0;
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
}
