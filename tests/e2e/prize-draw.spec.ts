import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import type { QuestionGroup } from '../../contract';
import { LoginPage } from './pages/login-page';
import { createFourQuestionTrivia } from './support/admin-api';
import { seriousViolations, tabTo } from './support/axe';
import { playBundle, syncRankedResults } from './support/ranked-results';
import { fullPageScreenshot } from './support/screenshot';

/** The seeded demo company. */
const DEMO_COMPANY = 1;
const SEED = '5eed'.repeat(16);
const PLAYERS = ['Ana Sorteo', 'Beto Sorteo', 'Carla Sorteo', 'Darío Sorteo', 'Elena Sorteo', 'Fabio Sorteo'];

async function signedIn(browser: Browser, colorScheme: 'light' | 'dark', width = 1366, height = 900) {
  const context = await browser.newContext({ colorScheme, reducedMotion: 'reduce', viewport: { width, height } });
  const page = await context.newPage();
  await new LoginPage(page).signInAsAdmin();
  return page;
}

/** The winners of the newest draw of the record, in prize order. */
async function newestWinners(draws: Locator): Promise<string[]> {
  const names = await draws.getByRole('list', { name: /^Ganadores del sorteo/ }).first().getByRole('listitem').allInnerTexts();
  return names.map((text) => text.replace(/ \(.*\)$/, ''));
}

/** Runs a draw from the form with the keyboard (from 'Premios', the Sortear button reached by Tab and pressed with Enter). */
async function drawWithKeyboard(page: Page, draws: Locator, before: number) {
  await draws.getByLabel('Premios').focus();
  await tabTo(page, draws.getByRole('button', { name: 'Sortear' }));
  await page.keyboard.press('Enter');
  await expect(draws.getByRole('listitem', { name: /^Sorteo #/ })).toHaveCount(before + 1);
}

let trivia: QuestionGroup;

test.beforeAll(async ({ browser }) => {
  const page = await signedIn(browser, 'light');
  trivia = await createFourQuestionTrivia(page, DEMO_COMPANY, `Sorteo ${Date.now()}`);
  await syncRankedResults(page, await playBundle(page, trivia.id), PLAYERS);
  await page.context().close();
});

test('a draw run twice with the same seed gives the same winners; verified; once more excluding the winners', async ({ browser }) => {
  const page = await signedIn(browser, 'light');
  await page.goto(`/ranking-admin?id=${trivia.id}`);
  const draws = page.getByTestId('prize-draws');
  await expect(draws.getByText('Todavía no hay sorteos.')).toBeVisible();

  await draws.getByLabel('Premios').fill('2');
  await draws.getByLabel('Semilla (opcional)').fill(SEED);
  await drawWithKeyboard(page, draws, 0);
  const first = await newestWinners(draws);
  expect(first).toHaveLength(2);
  await drawWithKeyboard(page, draws, 1);
  expect(await newestWinners(draws)).toEqual(first);
  await expect(draws.getByTestId('draw-seed').first()).toHaveText(SEED);

  // Verificar re-computes the oldest draw from its stored list and seed.
  const oldest = draws.getByRole('listitem', { name: /^Sorteo #/ }).last();
  await oldest.getByRole('button', { name: 'Verificar' }).click();
  await expect(oldest.getByRole('status').filter({ hasText: /^Verificado/ })).toContainText(`Verificado: con la misma lista y semilla salen los mismos ganadores (${first.join(', ')})`);

  // Excluding past winners: none of the two can win again.
  await draws.getByLabel('Semilla (opcional)').fill('');
  await draws.getByLabel('Excluir ganadores anteriores').check();
  await drawWithKeyboard(page, draws, 2);
  const third = await newestWinners(draws);
  expect(third).toHaveLength(2);
  for (const name of third) expect(first).not.toContain(name);
  await expect(draws.getByRole('listitem', { name: /^Sorteo #/ }).first()).toContainText('4 participantes');

  // Fewer eligible players than prizes: the form says so, nothing is recorded.
  await draws.getByLabel('Premios').fill('5');
  await draws.getByRole('button', { name: 'Sortear' }).click();
  await expect(draws.getByRole('alert')).toContainText('menos que los 5 premios');
  await expect(draws.getByRole('listitem', { name: /^Sorteo #/ })).toHaveCount(3);

  await fullPageScreenshot(page, 'docs/screenshots/draw-1366.png');
  await page.context().close();
});

test('the draw screen passes axe in light and dark, and fits a phone', async ({ browser }) => {
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    const page = await signedIn(browser, scheme);
    await page.goto(`/ranking-admin?id=${trivia.id}`);
    await expect(page.getByTestId('prize-draws').getByRole('listitem', { name: /^Sorteo #/ }).first()).toBeVisible();
    await page.getByTestId('prize-draws').getByRole('button', { name: 'Verificar' }).first().click();
    await expect(page.getByTestId('prize-draws').getByText(/^Verificado/)).toBeVisible();
    found.push(...(await seriousViolations(page, `${scheme} Sorteo`, '[data-testid="prize-draws"]')));
    await page.context().close();
  }
  expect(found).toEqual([]);

  const phone = await signedIn(browser, 'light', 390, 844);
  await phone.goto(`/ranking-admin?id=${trivia.id}`);
  const draws = phone.getByTestId('prize-draws');
  await expect(draws.getByRole('listitem', { name: /^Sorteo #/ }).first()).toBeVisible();
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await draws.screenshot({ path: 'docs/screenshots/draw-390.png' });
  await phone.context().close();
});
