import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { TIE_RULES, type Company } from '../../contract';
import { createFourQuestionTrivia, postJson, signInThroughApi } from './support/admin-api';
import { tabTo } from './support/axe';
import { playBundle, syncRankedResults } from './support/ranked-results';

/** The ranking screens say what is wrong, keep the podium honest and work by keyboard. */

const LONG_NAME = 'María Fernanda Rodríguez Castañeda de la Torre';

async function newCompany(page: Page): Promise<Company> {
  const company = await postJson<Company>(page, '/api/companies', { name: `Ranking ${Date.now()}`, description: 'Pantallas de ranking' });
  await postJson(page, '/api/locations', { name: 'Stand Ranking', companyId: company.id });
  return company;
}

test('a missing trivia and a bad id say so, each with a way back', async ({ page }) => {
  await page.goto('/ranking/999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Trivia no encontrada' })).toBeVisible();
  await expect(page.getByText('No existe ninguna trivia con el ID 999999.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Filtros' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).not.toHaveURL(/\/ranking\//);

  await page.goto('/ranking/abc');
  await expect(page.getByRole('heading', { level: 1, name: 'ID de trivia no válido' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');

  await signInThroughApi(page);
  await page.goto('/ranking-admin?id=999999');
  await expect(page.getByText('Trivia no encontrada')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Resultados en revisión' })).toHaveCount(0);
  await page.goto('/ranking-admin?id=abc');
  await expect(page.getByText('ID de trivia no válido')).toBeVisible();
  await page.getByRole('link', { name: 'Ir a las trivias' }).click();
  await expect(page).toHaveURL(/\/packages$/);
});

test('the podium says "Cargando…" while the ranking loads, and a failed ranking shows its error once', async ({ page }) => {
  await signInThroughApi(page);
  const trivia = await createFourQuestionTrivia(page, (await newCompany(page)).id, `Fallida ${Date.now()}`);

  // The ranking's request is held, then answered with a server error.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/ranking?*', async (route) => {
    await held;
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'Error interno', message: 'Error interno', code: 'internal' }),
    });
  });
  await page.goto(`/ranking/${trivia.id}`);
  const podium = page.locator('div').filter({ has: page.getByRole('heading', { name: 'Podio' }) }).last();
  await expect(podium.getByText('Cargando…')).toBeVisible();
  await expect(page.getByText('Aún no hay ganadores.')).toHaveCount(0);
  answer();

  await expect(page.getByText('Error al cargar el ranking. Por favor, intente nuevamente.')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible();
  await expect(page.getByText('Aún no hay ganadores.')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Podio' })).toHaveCount(0);

  // Once the server answers again, 'Reintentar' brings the (empty) ranking and its podium back.
  await page.unroute('**/api/ranking?*');
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByText('No hay resultados para mostrar')).toBeVisible();
  await expect(page.getByText('Aún no hay ganadores.')).toBeVisible();
});

test('a long name on the podium is shown whole at 1366 px', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInThroughApi(page);
  const trivia = await createFourQuestionTrivia(page, (await newCompany(page)).id, `Podio ${Date.now()}`);
  await syncRankedResults(page, await playBundle(page, trivia.id), [LONG_NAME, 'Beto Rápido', 'Carla Díaz']);
  await page.goto(`/ranking/${trivia.id}`);
  const name = page.getByTestId('podium-name').filter({ hasText: LONG_NAME });
  await expect(name).toHaveText(LONG_NAME);
  const fits = await name.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight && getComputedStyle(el).textOverflow !== 'ellipsis');
  expect(fits, 'the name is not cut').toBe(true);
});

test("the ranking's 'Cargar más' and date filter work by keyboard, with one month on a phone", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughApi(page);
  const trivia = await createFourQuestionTrivia(page, (await newCompany(page)).id, `Teclado ${Date.now()}`);
  await syncRankedResults(
    page,
    await playBundle(page, trivia.id),
    Array.from({ length: 101 }, (_, i) => `Jugador ${String(i + 1).padStart(3, '0')}`),
  );
  await page.goto(`/ranking-admin?id=${trivia.id}`);
  await expect(page.getByTestId('ranking-count')).toHaveText('Mostrando 100 de 101');

  // 'Cargar más' by keyboard: the last row arrives and the focus lands on the count.
  const loadMore = page.getByRole('button', { name: 'Cargar más' });
  await loadMore.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('ranking-row')).toHaveCount(101);
  await expect(page.getByTestId('ranking-count')).toHaveText('Mostrando 101 de 101');
  await expect(page.getByTestId('tie-rule')).toHaveText(TIE_RULES.trivia);
  await expect(page.getByTestId('ranking-count')).toBeFocused();

  // The date filter by keyboard: the calendar opens on today with one month on a phone.
  await page.evaluate(() => window.scrollTo(0, 0));
  const dates = page.getByRole('button', { name: /^Fechas/ });
  await tabTo(page, dates);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('grid')).toHaveCount(1);
  const today = page.locator('.rdp-today button');
  await expect(today).toBeFocused();
  // Three and four days back: nobody played then (the rounds fill the last hour, which may reach back past midnight).
  for (const key of ['ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'Enter', 'ArrowLeft', 'Enter']) await page.keyboard.press(key);
  await expect(page.getByText('No hay resultados para mostrar')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('grid')).toHaveCount(0);
  await expect(dates).toBeFocused();
  await expect(dates).toContainText('–');

  // 'Quitar fechas' is the next stop; Enter brings every row back and the focus stays on the filter.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Quitar fechas' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('ranking-row')).toHaveCount(101);
  await expect(dates).toBeFocused();
  await expect(dates).toContainText('Todas las fechas');
});

test('on a touch screen the admin ranking’s controls are at least 44 px tall', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches), 'the emulated screen is a touch screen').toBe(true);
  await signInThroughApi(page);
  await page.goto('/ranking-admin?id=1');
  await expect(page.getByRole('heading', { name: 'Filtros' })).toBeVisible();
  await page.getByRole('button', { name: /^Fechas/ }).click();
  await expect(page.getByRole('grid')).toBeVisible();
  const small = await page
    .locator('header a, header button, main button, main select, main input:not([type=checkbox]), main label:has(input[type=checkbox])')
    .evaluateAll((elements) =>
      elements
        .filter((el) => el.getBoundingClientRect().width > 0)
        .map((el) => ({ what: (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName).trim().slice(0, 40), height: Math.round(el.getBoundingClientRect().height) }))
        .filter((target) => target.height < 44),
    );
  expect(small, 'targets under 44 px').toEqual([]);
  await context.close();
});
