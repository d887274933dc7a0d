import type { Locator, Page } from '@playwright/test';

/**
 * Whether the browser specs retake the docs' screenshots (docs/screenshots.md): only with
 * `DOCS_SCREENSHOTS=1`. Unset (`npm test`, CI) no spec writes a picture nor does any work only to take one.
 * The one place the switch is read.
 */
export const DOCS_SCREENSHOTS = process.env.DOCS_SCREENSHOTS === '1';

/** Where the docs' picture `name` goes. */
const docsPath = (name: string) => `docs/screenshots/${name}.png`;

/**
 * A page or a part of it, written to `docs/screenshots/<name>.png` when the switch is on; nothing
 * otherwise. `fullPage` is Playwright's (a page only); for a whole admin page use `docsFullPageScreenshot`.
 */
export async function docsScreenshot(target: Page | Locator, name: string, options: { fullPage?: boolean; style?: string } = {}): Promise<void> {
  if (!DOCS_SCREENSHOTS) return;
  await target.screenshot({ path: docsPath(name), ...options });
}

/**
 * A whole-page screenshot, taken from the top: the admin shell's header is sticky, so a page left
 * scrolled would show it over the middle of the picture.
 */
async function fullPageScreenshot(page: Page, path: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  await page.screenshot({ path, fullPage: true });
}

/** `fullPageScreenshot` to `docs/screenshots/<name>.png` when the switch is on; nothing otherwise. */
export async function docsFullPageScreenshot(page: Page, name: string): Promise<void> {
  if (!DOCS_SCREENSHOTS) return;
  await fullPageScreenshot(page, docsPath(name));
}
