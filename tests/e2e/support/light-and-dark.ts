import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import { seriousViolations } from './axe';
import { DOCS_SCREENSHOTS, docsFullPageScreenshot } from './screenshot';

/** The widths of the docs' pictures; none visited without DOCS_SCREENSHOTS=1. */
const SHOT_SIZES = DOCS_SCREENSHOTS ? ([[390, 844, 'phone'], [1024, 768, 'tablet'], [1366, 768, 'desktop']] as const) : [];

/**
 * A screen in light and dark: axe finds nothing serious or critical in either, and with
 * DOCS_SCREENSHOTS=1 the docs' full-page pictures `<shot>-<light|dark>-<phone|tablet|desktop>` are
 * taken. The page is left light, at 1366 px.
 */
export async function checkLightAndDark(page: Page, screen: string, shot: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousViolations(page, `${screen} (${colorScheme})`)).toEqual([]);
    for (const [width, height, name] of SHOT_SIZES) {
      await page.setViewportSize({ width, height });
      await docsFullPageScreenshot(page, `${shot}-${colorScheme}-${name}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1366, height: 768 });
}
