import type { Page } from '@playwright/test';

/**
 * Pauses the page's (installed) clock `margin` ms on. A busy machine can take longer than that
 * between reading the page's time and the pause, which is then in the past: tried again further on,
 * doubling up to 0.8 s. (A long jump would move the device's clock away from the server's, which
 * dates its rounds by the offset.)
 */
export async function pauseClockSoon(page: Page, margin = 50): Promise<void> {
  for (; ; margin *= 2) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + margin);
      return;
    } catch (error) {
      if (margin >= 800 || !String(error).includes('Cannot fast-forward to the past')) throw error;
    }
  }
}
