import { expect, test } from './fixtures';
import { PlayerPage } from './pages/player-page';

/** The demo trivia (db/seed/demo-content.ts). */
const DEMO_TRIVIA = 1;
const DEMO_TITLE = 'Trivia de Cultura General';

/** Records, from before the page's first byte, every h1 removed from the page and the largest paints. */
const WATCH_TITLE = `
window.__removedTitles = 0;
window.__largestPaints = [];
new MutationObserver((records) => {
  for (const record of records) for (const node of record.removedNodes) {
    if (node.nodeType === 1 && (node.tagName === 'H1' || node.querySelector('h1'))) window.__removedTitles++;
  }
}).observe(document, { childList: true, subtree: true });
new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__largestPaints.push(entry.element); })
  .observe({ type: 'largest-contentful-paint', buffered: true });
`;

test.describe("a trivia's page paints its title before any script runs", () => {
  test('without JavaScript the page shows the trivia title in its theme', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto(`/play-trivia/${DEMO_TRIVIA}`);
    await expect(page.getByRole('heading', { level: 1, name: DEMO_TITLE })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Cargando trivia…');
    // The theme's custom properties are on the screen: the title takes its header colour, not the page default.
    await expect(page.locator('.player-screen')).toHaveCSS('--t-header', /\S/);
    await context.close();
  });

  test('the player screen renders over the painted title: the largest paint stays that element', async ({ page }) => {
    await page.addInitScript(WATCH_TITLE);
    await page.goto(`/play-trivia/${DEMO_TRIVIA}`);
    await expect(new PlayerPage(page).validate()).toBeVisible();
    const title = page.getByRole('heading', { level: 1, name: DEMO_TITLE });
    await expect(title).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __removedTitles: number }).__removedTitles)).toBe(0);
    const largestIsTitle = await page.evaluate(() => {
      const paints = (window as unknown as { __largestPaints: (Element | null)[] }).__largestPaints;
      return paints.length > 0 && paints.at(-1) === document.querySelector('h1');
    });
    expect(largestIsTitle).toBe(true);
  });
});
