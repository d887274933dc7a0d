import type { Page } from '@playwright/test';

/**
 * A whole-page screenshot for the docs, taken from the top: the admin shell's header is sticky,
 * so a page left scrolled would show it over the middle of the picture.
 */
export async function fullPageScreenshot(page: Page, path: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  await page.screenshot({ path, fullPage: true });
}
