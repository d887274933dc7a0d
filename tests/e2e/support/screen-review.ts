import { expect, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { DOCS_SCREENSHOTS, docsScreenshot } from './screenshot';

/** The widths an admin screen is looked at: a phone's, a tablet's and a desktop's. */
const WIDTHS = [
  [390, 844, 'phone'],
  [1024, 768, 'tablet'],
  [1366, 900, 'desktop'],
] as const;

/**
 * What an admin screen is held to, as it shows now, in light and in dark mode: axe finds nothing
 * serious or critical; with DOCS_SCREENSHOTS=1 a screenshot at each width for the docs
 * (`docs/screenshots/<name>-<phone|tablet|desktop>-<scheme>.png`, the desktop's of the whole page; with
 * `zoomShot` also `<name>-zoom-200-<scheme>.png`); and at 200 % zoom on a laptop (1366 px wide: 683 CSS px) nothing
 * scrolls sideways (a wide table may scroll inside its card). Leaves the page light, at the size it had.
 */
export async function reviewScreen(page: Page, name: string, { zoomShot = false }: { zoomShot?: boolean } = {}) {
  const size = page.viewportSize();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await seriousViolations(page, `${name} (${scheme})`)).toEqual([]);
    // Only for the pictures: without the switch the widths are not visited.
    for (const [width, height, label] of DOCS_SCREENSHOTS ? WIDTHS : []) {
      await page.setViewportSize({ width, height });
      await docsScreenshot(page, `${name}-${label}-${scheme}`, { fullPage: label === 'desktop' });
    }
    await page.setViewportSize({ width: 683, height: 450 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${name} at 200 % zoom (${scheme})`).toBe(0);
    if (zoomShot) await docsScreenshot(page, `${name}-zoom-200-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (size) await page.setViewportSize(size);
}
