import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seriousViolations, tabTo } from './support/axe';
import { signInThroughApi } from './support/admin-api';

/**
 * The admin's header on narrow screens: at 200 % zoom and on a phone its links fold behind "Menú",
 * and its open list passes axe light and dark. Whether a page scrolls sideways does not depend on
 * the colour scheme, so each screen is visited once per width; the schemes are switched on the open
 * list, where colours are what axe checks.
 */

/** The screens whose header is checked at 200 % zoom and on a phone. */
const ADMIN_SCREENS = [
  { path: '/', heading: /^¡Hola/ },
  { path: '/company', heading: 'Administración de Empresas' },
  { path: '/packages', heading: 'Trivias' },
  { path: '/campaigns', heading: 'Administración de Campañas' },
  // The seeded demo trivia's admin ranking.
  { path: '/ranking-admin?id=1', heading: 'Trivia de Cultura General' },
  { path: '/devices', heading: 'Dispositivos' },
  { path: '/player-data', heading: 'Datos personales' },
  { path: '/player-merges', heading: 'Unir jugadores' },
  { path: '/usuarios', heading: 'Usuarios' },
  { path: '/actividad', heading: 'Actividad' },
  { path: '/mi-cuenta', heading: 'Mi cuenta' },
];
/** A 390 px phone at 200 % zoom is a 195 px-wide page; the same phone at 100 %. */
const NARROW = [
  { name: '200 % zoom', viewport: { width: 195, height: 422 }, deviceScaleFactor: 4 },
  { name: '390 px phone', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 },
] as const;

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('the admin header never scrolls sideways: at 200 % zoom and on a phone its links fold behind "Menú"', async ({ browser, page }) => {
  test.setTimeout(360_000);
  await signInThroughApi(page);
  // Where they fit, the links are in the header and there is no "Menú".
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto('/packages');
  await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link')).toHaveText(['Inicio', 'Trivias', 'Dispositivos', 'Datos personales', 'Usuarios', 'Actividad']);
  await expect(page.getByRole('button', { name: 'Menú' })).toBeHidden();
  const storageState = await page.context().storageState();
  const found: string[] = [];
  for (const { name, viewport, deviceScaleFactor } of NARROW) {
    const context = await browser.newContext({ viewport, deviceScaleFactor, colorScheme: 'light', reducedMotion: 'reduce', storageState });
    const narrow = await context.newPage();
    const menuButton = narrow.getByRole('banner').getByRole('button', { name: 'Menú' });
    const nav = narrow.getByRole('navigation', { name: 'Principal' });
    for (const screen of ADMIN_SCREENS) {
      await narrow.goto(screen.path);
      await expect(narrow.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      expect(await sideways(narrow), `${name} ${screen.path}: no sideways scroll`).toBeLessThanOrEqual(0);
      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
      await expect(nav).toBeHidden();
    }
    // Open by keyboard: the links show as a list under the header, still nothing sideways; Escape folds them.
    await tabTo(narrow, menuButton, 10);
    await narrow.keyboard.press('Enter');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link')).toHaveText(['Inicio', 'Trivias', 'Dispositivos', 'Datos personales', 'Usuarios', 'Actividad', 'Mi cuenta']);
    expect(await sideways(narrow), `${name}: no sideways scroll with "Menú" open`).toBeLessThanOrEqual(0);
    for (const colorScheme of ['light', 'dark'] as const) {
      await narrow.emulateMedia({ colorScheme });
      await expect(narrow.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      found.push(...(await seriousViolations(narrow, `${name} ${colorScheme} header with "Menú" open`)));
    }
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await narrow.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Inicio' })).toBeFocused();
    await narrow.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menuButton).toBeFocused();
    // Choosing a link goes there and folds the list.
    await menuButton.click();
    await nav.getByRole('link', { name: 'Trivias' }).click();
    await expect(narrow.getByRole('heading', { level: 1, name: 'Trivias' })).toBeVisible();
    await expect(nav).toBeHidden();
    await context.close();
  }
  expect(found, `serious or critical axe violations:\n${found.join('\n')}`).toEqual([]);
});
