import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PlayerPage } from './pages/player-page';
import { fourQuestionTrivia, playerContext, questionNumber } from './support/player-round';
import { publicPlace } from './support/ranked-results';
import { DOCS_SCREENSHOTS, docsFullPageScreenshot } from './support/screenshot';
import { brokenWords } from './support/text-lines';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

/**
 * A 390 px phone at 200 % zoom is a 195 px-wide page (deviceScaleFactor is not zoom); 200 % text
 * size doubles the root font on the 390 px page. On every step: no sideways scroll, the selects'
 * chosen text shown whole, nothing fixed over the step (a phone has no status badge; a kiosk's
 * would have to stay clear), every target at least 44 px, nothing wider than its box (a long word in
 * the question), no word that fits a line broken across two (headings, the notice's words).
 */
const CASES = [
  { name: '200 % zoom', viewport: { width: 195, height: 422 }, rootFont: null },
  { name: '200 % text size', viewport: { width: 390, height: 844 }, rootFont: '200%' },
] as const;

interface Layout {
  scrollWidth: number;
  clientWidth: number;
  overlap: boolean;
  smallTargets: string[];
  selects: { shown: string; chosen: string; whole: boolean }[];
  overflowing: string[];
}

/** The page's layout as the player sees it, scrolled to its end (where the badge's room is). */
async function layout(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    const card = document.querySelector('.player-card')!.getBoundingClientRect();
    const badge = document.querySelector('[data-testid="kiosk-status"] > button')?.getBoundingClientRect();
    const overlap = !!badge && !(badge.top >= card.bottom || badge.bottom <= card.top || badge.left >= card.right || badge.right <= card.left);
    const targets = [...document.querySelectorAll<HTMLElement>('.player-card button, .player-card input, .player-select, [data-testid="kiosk-status"] > button')];
    const smallTargets = targets
      .filter((el) => el.getBoundingClientRect().height < 44 && el.getBoundingClientRect().height > 0)
      .map((el) => `${el.tagName} "${el.textContent?.trim() ?? ''}" ${Math.round(el.getBoundingClientRect().height)}px`);
    const selects = [...document.querySelectorAll('.player-select')].map((wrapper) => {
      const select = wrapper.querySelector('select')!;
      const shown = wrapper.querySelector<HTMLElement>('[data-testid="select-shown"]')!;
      const box = wrapper.getBoundingClientRect();
      const text = shown.getBoundingClientRect();
      return {
        shown: shown.textContent ?? '',
        chosen: select.selectedOptions[0]?.textContent ?? '',
        whole: shown.scrollWidth <= shown.clientWidth && text.left >= box.left && text.right <= box.right && text.bottom <= box.bottom,
      };
    });
    // Boxes whose content is wider than they are (a word running out of its heading), or that stick out of the card.
    const cardBox = document.querySelector('.player-card')!;
    const overflowing = [...cardBox.querySelectorAll<HTMLElement>('*')]
      .filter((el) => {
        const style = getComputedStyle(el);
        // The selects' own boxes are checked above (`selects`).
        if (el.closest('select') || style.display === 'inline' || style.position === 'absolute' || style.overflowX !== 'visible') return false;
        const box = el.getBoundingClientRect();
        return el.scrollWidth > el.clientWidth + 1 || box.right > card.right + 1 || box.left < card.left - 1;
      })
      .map((el) => `${el.tagName}.${el.className} "${(el.textContent ?? '').slice(0, 40)}"`);
    return { scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth, overlap, smallTargets, selects, overflowing };
  });
}

async function expectFits(page: Page, step: string) {
  // The badge measures itself and the page makes room for it: read once that has settled.
  await expect.poll(async () => (await layout(page)).overlap, { message: `${step}: the badge is not over the step` }).toBe(false);
  const seen = await layout(page);
  expect(seen.scrollWidth, `${step}: no sideways scroll`).toBeLessThanOrEqual(seen.clientWidth);
  expect(seen.overlap, `${step}: the badge is not over the step`).toBe(false);
  expect(seen.smallTargets, `${step}: targets at least 44 px`).toEqual([]);
  expect(seen.overflowing, `${step}: nothing wider than its box`).toEqual([]);
  expect(await brokenWords(page, '.player-screen :is(h1, h2, p)'), `${step}: no word that fits a line broken`).toEqual([]);
  for (const select of seen.selects) {
    expect(select.shown, `${step}: the select shows its chosen text`).toBe(select.chosen);
    expect(select.whole, `${step}: "${select.chosen}" is shown whole`).toBe(true);
  }
}

for (const { name, viewport, rootFont } of CASES) {
  test(`the player screen works on a phone at ${name}`, async ({ browser }) => {
    test.setTimeout(120_000);
    // A long word in the name, which the questions carry too; one try, so a second one is refused with a notice.
    const trivia = await fourQuestionTrivia(browser, `Zoom ${name} otorrinolaringológica`, 1);
    const context = await playerContext(browser, { viewport });
    if (rootFont) await context.addInitScript((size) => document.addEventListener('DOMContentLoaded', () => (document.documentElement.style.fontSize = size)), rootFont);
    const page = await context.newPage();
    const player = new PlayerPage(page);

    await player.goto(trivia.id);
    await expectFits(page, 'document step');
    if (rootFont) {
      // The theme's base size (pixels in the spec) follows the text size setting: 16px doubled.
      const baseSize = await page.locator('.player-screen').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      expect(baseSize, 'the theme text grows with the text size').toBe(32);
    }
    await player.documentType().selectOption({ label: 'Cédula de extranjería' });
    const documentNumber = `8${Date.now() % 1_000_000_000}`;
    await player.documentNumber().fill(documentNumber);
    await expectFits(page, 'document step, type chosen');
    await player.validate().click();
    await expect(player.register()).toBeVisible();
    await player.register().click();
    await expect(page.getByTestId('field-error').first()).toBeVisible();
    await expectFits(page, 'registration step with errors');
    await player.fullName().fill('Zoe Ampliada');
    await player.location().selectOption({ label: 'Stand Principal' });
    await expectFits(page, 'registration step, site chosen');
    await player.register().click();
    await expect(player.start()).toBeVisible();
    await expectFits(page, 'instructions step');
    await player.start().click();
    for (let i = 0; i < 4; i++) {
      await expect(player.counter()).toHaveText(`${i + 1} / 4`, { timeout: 15_000 });
      if (i === 0) await expectFits(page, 'question step');
      const n = await questionNumber(page);
      // The last answer without a connection: the result waits for the server.
      if (i === 3) await context.setOffline(true);
      await player.answers().filter({ hasText: String(n * 10) }).click();
      if (i === 0) await expectFits(page, 'feedback after a wrong answer');
    }
    await expect(page.getByRole('heading', { name: 'Tus respuestas están guardadas' })).toBeVisible({ timeout: 15_000 });
    await expectFits(page, 'result waiting for the server');
    await context.setOffline(false);
    await expect(player.score()).toHaveText('0%', { timeout: 30_000 });
    await expectFits(page, 'result');
    // The one try is used: the notice says so, its words on lines of their own width.
    await player.restart().click();
    await player.enterDocument('Cédula de extranjería', documentNumber);
    await expect(player.notice()).toBeVisible();
    await expectFits(page, 'notice');
    await context.close();
  });
}

/**
 * The result with its place and the notice at 200 % zoom, each loaded in light and in dark (the
 * device's scheme set before the page opens): the player screen shows the trivia's theme in both,
 * the same colours. The screenshots of docs/player-screen.md (with DOCS_SCREENSHOTS=1).
 */
test('the result with its place and the zoomed notice, loaded in light and in dark, show the same theme', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const trivia = await fourQuestionTrivia(browser, 'Puesto', 1);
  const colours: string[][] = [];
  for (const scheme of ['light', 'dark'] as const) {
    const context = await playerContext(browser, { dark: scheme === 'dark' });
    const page = await context.newPage();
    const player = new PlayerPage(page);
    await player.goto(trivia.id);
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(scheme === 'dark');
    const documentNumber = `9${Date.now() % 1_000_000_000}`;
    await player.enterDocument('Cédula de ciudadanía', documentNumber);
    const fullName = `Puesto ${scheme === 'dark' ? 'Oscuro' : 'Claro'}`;
    await player.registerAs(fullName, 'Stand Principal');
    await player.start().click();
    for (let i = 0; i < 4; i++) {
      await expect(player.counter()).toHaveText(`${i + 1} / 4`, { timeout: 15_000 });
      const n = await questionNumber(page);
      await player.answers().filter({ hasText: String(i < 3 ? n + n : n * 10) }).click();
    }
    await expect(player.score()).toHaveText('75%', { timeout: 15_000 });
    await expect(player.place()).toHaveText(/^Tu puesto en el ranking: \d+\.º$/);
    await expect(player.place()).toHaveText(`Tu puesto en el ranking: ${await publicPlace(request, trivia.id, fullName)}.º`);
    colours.push(await page.evaluate(() => ['.player-screen', '.player-card', '.player-heading', '[data-testid="result-place"]'].map((css) => `${getComputedStyle(document.querySelector(css)!).backgroundColor} ${getComputedStyle(document.querySelector(css)!).color}`)));
    expect(colours.at(-1), `${scheme}: the theme's colours`).toEqual(colours[0]);
    // Only for the pictures: without the switch the widths are not visited.
    for (const [name, viewport] of DOCS_SCREENSHOTS ? ([['phone', { width: 390, height: 844 }], ['tablet', { width: 1024, height: 768 }], ['desktop', { width: 1366, height: 768 }]] as const) : []) {
      await page.setViewportSize(viewport);
      await docsFullPageScreenshot(page, `player-result-place-${scheme}-${name}`);
    }
    await player.restart().click();
    await page.setViewportSize(CASES[0].viewport);
    await player.enterDocument('Cédula de ciudadanía', documentNumber);
    await expect(player.notice()).toBeVisible();
    await expectFits(page, `notice (${scheme})`);
    await docsFullPageScreenshot(page, `player-notice-zoom-200-${scheme}-phone`);
    await context.close();
  }
});
