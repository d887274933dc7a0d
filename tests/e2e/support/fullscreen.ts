import type { Page } from '@playwright/test';

/** Whether the page is fullscreen (kiosk mode asks for it on the first tap). */
export async function isFullscreen(page: Page): Promise<boolean> {
  return page.evaluate(() => document.fullscreenElement !== null);
}

/**
 * Leaves fullscreen, as staff would with Esc: a fullscreen window cannot be resized, so a test
 * that screenshots a kiosk at several widths calls this before each resize. Kiosk mode asks for
 * fullscreen again on the next tap.
 */
export async function leaveFullscreen(page: Page): Promise<void> {
  await page.evaluate(async () => {
    if (document.fullscreenElement) await document.exitFullscreen();
  });
}
