import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { docsFullPageScreenshot } from './screenshot';

/** A screen to hold on a phone: where it is, and what shows once it has loaded. */
export interface NarrowScreen {
  /** Its screenshots' name in docs/screenshots. */
  name: string;
  path: string;
  ready: (page: Page) => Promise<void>;
}

/** A 390 px phone, and the same phone at 200 % zoom: a 195 px-wide page drawn at twice the density. */
const PHONES = [
  { label: '390 px', viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 },
  { label: '200 % zoom', viewport: { width: 195, height: 422 }, deviceScaleFactor: 2 },
] as const;

/**
 * Nothing when the page does not scroll sideways; else how far, and the outermost elements that
 * reach past its right edge (tag, classes, text), to find what to fix.
 */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement;
    const excess = root.scrollWidth - root.clientWidth;
    if (excess <= 0) return [];
    const past = [...document.body.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > root.clientWidth + 0.5);
    const outermost = past.filter((el) => !past.includes(el.parentElement!));
    return [`${excess} px`, ...outermost.slice(0, 5).map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> ${(el.textContent ?? '').trim().slice(0, 40)}`)];
  });

/**
 * Figures that run together: a table cell or a figure's term or value (dt, dd) whose content (a
 * cell's label on a phone included) is wider than its box, or two cells of a row side by side whose
 * texts are less than 6 px apart ("JugadoresRondas"): an empty list passes.
 */
const crowdedFigures = (page: Page) =>
  page.locator('body').evaluate((body) => {
    const found: string[] = [];
    const text = (cell: Element) => (cell.textContent ?? '').trim();
    // Hidden, or visually hidden (a phone's sr-only column headings: a 1 px box around them).
    const hidden = (el: Element | null): boolean => !!el && el !== body && (el.getBoundingClientRect().width <= 1 || hidden(el.parentElement));
    for (const box of body.querySelectorAll('td, th, dt, dd')) {
      if (box.getClientRects().length > 0 && !hidden(box) && box.scrollWidth > box.clientWidth + 1) found.push(`${text(box)} overflows its box`);
    }
    for (const row of body.querySelectorAll('tr')) {
      if (row.getClientRects().length === 0 || hidden(row)) continue;
      const cells = [...row.children].filter((cell) => text(cell) !== '');
      const boxes = cells.map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return { cell, box: range.getBoundingClientRect() };
      });
      for (const [i, a] of boxes.entries()) {
        const b = boxes[i + 1];
        if (!b) continue;
        const sameLine = a.box.top < b.box.bottom && b.box.top < a.box.bottom;
        if (sameLine && b.box.left - a.box.right < 6) found.push(`${text(a.cell)} | ${text(b.cell)}`);
      }
    }
    return found;
  });

/**
 * Each heading whose box is narrower than a few of its characters (a title broken one letter per
 * line beside an icon or a button), as `text: width px`: an empty list passes.
 */
const squeezedHeadings = (page: Page) =>
  page.locator('h1, h2, h3').evaluateAll((headings) =>
    headings
      .filter((h) => h.getClientRects().length > 0 && !h.closest('.sr-only'))
      .filter((h) => {
        const text = (h.textContent ?? '').trim();
        const fontSize = parseFloat(getComputedStyle(h).fontSize);
        // About four characters wide (an average letter is half its font size), or the whole text when shorter.
        return h.getBoundingClientRect().width < Math.min(text.length, 4) * fontSize * 0.5;
      })
      .map((h) => `${h.textContent?.trim()}: ${Math.round(h.getBoundingClientRect().width)} px`),
  );

/**
 * What admin screens promise on a phone (docs/player-screen.md): at 390 px and at 200 % zoom, in
 * light and dark mode, the page never scrolls sideways (a wide part scrolls inside its own focusable
 * region), no heading is squeezed to a letter per line, no table's figures run together, and axe
 * finds nothing serious. With DOCS_SCREENSHOTS=1 a screenshot of each screen at 200 % zoom goes to
 * `docs/screenshots/<name>-zoom-200-phone-<scheme>.png`.
 */
export async function holdOnPhones(browser: Browser, storageState: BrowserContextOptions['storageState'], screens: NarrowScreen[]) {
  for (const { label, viewport, deviceScaleFactor } of PHONES) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport, deviceScaleFactor, colorScheme, reducedMotion: 'reduce', storageState });
      const page = await context.newPage();
      for (const screen of screens) {
        const where = `${screen.name} at ${label} (${colorScheme})`;
        await page.goto(screen.path);
        await screen.ready(page);
        await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
        expect(await overflowing(page), `${where}: the page scrolls sideways`).toEqual([]);
        expect(await squeezedHeadings(page), `${where}: squeezed headings`).toEqual([]);
        expect(await crowdedFigures(page), `${where}: figures that run together`).toEqual([]);
        expect(await seriousViolations(page, where)).toEqual([]);
        if (deviceScaleFactor === 2) await docsFullPageScreenshot(page, `${screen.name}-zoom-200-phone-${colorScheme}`);
      }
      await context.close();
    }
  }
}
