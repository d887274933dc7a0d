import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import jsQR from 'jsqr';
import { DEFAULT_THEME, TIE_RULES, type Company } from '../../contract';
import { LoginPage } from './pages/login-page';
import { createFourQuestionTrivia, postJson } from './support/admin-api';
import { seriousViolations } from './support/axe';
import { playBundle, syncRankedResults } from './support/ranked-results';

/** The big screen ("Pantalla"): live, themed, with a QR code of the play link. */

// With motion, as most players see it (the suite's default is reduced motion: playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

const TV = { width: 1920, height: 1080 };

async function newTrivia(page: Page, name: string) {
  await new LoginPage(page).signInAsAdmin();
  const company = await postJson<Company>(page, '/api/companies', { name: `Pantalla ${Date.now()}`, description: 'Feria' });
  await postJson(page, '/api/locations', { name: 'Stand Pantalla', companyId: company.id });
  return createFourQuestionTrivia(page, company.id, name);
}

/** Decodes the QR code as the screen shows it: a screenshot of it, its pixels read back through a canvas. */
async function decodeQr(page: Page): Promise<string | null> {
  const png = await page.getByTestId('screen-qr').screenshot();
  const { width, height, data } = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    return { width: canvas.width, height: canvas.height, data: Array.from(context.getImageData(0, 0, canvas.width, canvas.height).data) };
  }, png.toString('base64'));
  return jsQR(Uint8ClampedArray.from(data), width, height)?.data ?? null;
}

test('a completion synced while the screen is open appears on it within 5 s, highlighted, and its QR code decodes to the play link', async ({ browser, page, baseURL }) => {
  test.setTimeout(120_000);
  const trivia = await newTrivia(page, `Pantalla en vivo ${Date.now()}`);
  const bundle = await playBundle(page, trivia.id);
  await syncRankedResults(page, bundle, ['Ana María Gómez', 'Beto Ruiz', 'Diana Prieto', 'Esteban Ríos', 'Fabiola Quintero', 'Gustavo Salas', 'Helena Torres'], 30);

  // The trivia's theme font is the screen's too.
  const themed = await page.request.patch(`/api/question-groups/${trivia.id}/theme`, {
    data: { theme: { ...DEFAULT_THEME, fontFamily: 'Poppins' } },
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(themed.ok(), await themed.text()).toBe(true);

  const tv = await browser.newContext({ viewport: TV, locale: 'es-CO' });
  const screen = await tv.newPage();
  const fontFiles: string[] = [];
  screen.on('requestfinished', (request) => {
    if (request.url().endsWith('.woff2')) fontFiles.push(new URL(request.url()).pathname);
  });
  await screen.goto(`/pantalla/trivia/${trivia.id}`);
  await expect(screen.getByRole('heading', { level: 1, name: trivia.name })).toBeVisible();
  await expect.poll(() => fontFiles.some((file) => file.includes('poppins'))).toBe(true);
  await expect(screen.getByTestId('screen-row')).toHaveCount(7);
  await expect(screen.getByTestId('screen-link')).toHaveText(`${baseURL}/play-trivia/${trivia.id}`);
  expect(await decodeQr(screen)).toBe(`${baseURL}/play-trivia/${trivia.id}`);

  // Another "kiosk" syncs a faster, better round: it shows on the open screen, without a reload.
  const loads: string[] = [];
  screen.on('load', () => loads.push(screen.url()));
  const synced = Date.now();
  await syncRankedResults(page, bundle, ['Carla Núñez'], 10);
  const newest = screen.locator('[data-testid="screen-row"][data-newest]');
  await expect(newest).toContainText('Carla Núñez', { timeout: 5_000 });
  expect(Date.now() - synced).toBeLessThan(5_000);
  await expect(screen.getByTestId('screen-row')).toHaveCount(8);
  await expect(screen.getByTestId('screen-row').filter({ hasText: /Puesto 1(?!\d)/ })).toContainText('Carla Núñez');
  await expect(screen.getByTestId('screen-newest')).toContainText('Carla Núñez');
  // A trivia's screen shows the score as the rankings do: a percentage, never points.
  await expect(screen.getByTestId('screen-newest')).toContainText(/\d%/);
  await expect(screen.getByTestId('screen-newest')).not.toContainText('pts');
  // The order of equal results is said, as beside the rankings.
  await expect(screen.getByTestId('tie-rule')).toHaveText(TIE_RULES.trivia);
  expect(loads).toEqual([]);

  // The server unreachable: the screen keeps its data and says how old it is, then recovers by itself.
  await screen.route('**/api/public/screens/**', (route) => route.abort('connectionrefused'));
  await expect(screen.getByTestId('screen-status')).toContainText(/Sin conexión · datos de las \d\d:\d\d/, { timeout: 10_000 });
  await expect(screen.getByTestId('screen-row')).toHaveCount(8);
  await screen.screenshot({ path: 'docs/screenshots/big-screen-offline-1920.png' });
  await screen.unroute('**/api/public/screens/**');
  await expect(screen.getByTestId('screen-status')).toContainText('En vivo', { timeout: 15_000 });

  // A 3840×2160 TV gets the same screen, twice as large.
  await screen.screenshot({ path: 'docs/screenshots/big-screen-1920.png' });
  await screen.setViewportSize({ width: 3840, height: 2160 });
  await expect(screen.getByRole('heading', { level: 1, name: trivia.name })).toBeVisible();
  expect(await decodeQr(screen)).toBe(`${baseURL}/play-trivia/${trivia.id}`);
  await screen.screenshot({ path: 'docs/screenshots/big-screen-3840.png' });
  await tv.close();
});

test('the big screen passes axe in light and dark mode, and a missing trivia or a bad id says so', async ({ browser, page }) => {
  const trivia = await newTrivia(page, `Pantalla axe ${Date.now()}`);
  await syncRankedResults(page, await playBundle(page, trivia.id), ['Ana María Gómez', 'Beto Ruiz', 'Carla Núñez', 'Darío Pérez'], 30);
  for (const colorScheme of ['light', 'dark'] as const) {
    const tv = await browser.newContext({ viewport: TV, locale: 'es-CO', colorScheme });
    const screen = await tv.newPage();
    await screen.goto(`/pantalla/trivia/${trivia.id}`);
    await expect(screen.getByTestId('screen-row')).toHaveCount(4);
    await expect(screen.getByTestId('screen-qr').locator('svg')).toBeVisible();
    expect(await seriousViolations(screen, `big screen (${colorScheme})`)).toEqual([]);

    await screen.goto('/pantalla/trivia/999999');
    await expect(screen.getByRole('heading', { level: 1, name: 'Esta trivia no existe o fue eliminada.' })).toBeVisible();
    await expect(screen.getByText(/Seguimos intentando/)).toBeVisible();
    expect(await seriousViolations(screen, `missing trivia (${colorScheme})`)).toEqual([]);
    if (colorScheme === 'light') await screen.screenshot({ path: 'docs/screenshots/big-screen-missing-1920.png' });

    await screen.goto('/pantalla/campana/abc');
    await expect(screen.getByRole('heading', { level: 1, name: 'La dirección de esta pantalla no es válida.' })).toBeVisible();
    await tv.close();
  }
});
