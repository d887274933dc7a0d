import { type Browser, type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { QuestionGroup } from '../../contract';
import { createFourQuestionTrivia, signInThroughApi } from './support/admin-api';
import { seriousViolations, tabTo } from './support/axe';
import { playBundle, syncRankedResults } from './support/ranked-results';
import { docsFullPageScreenshot, docsScreenshot } from './support/screenshot';

/** The seeded demo company. */
const DEMO_COMPANY = 1;
const SEED = '5eed'.repeat(16);
const PLAYERS = ['Ana Sorteo', 'Beto Sorteo', 'Carla Sorteo', 'Darío Sorteo', 'Elena Sorteo', 'Fabio Sorteo'];

async function signedIn(browser: Browser, colorScheme: 'light' | 'dark', width = 1366, height = 900) {
  const context = await browser.newContext({ colorScheme, reducedMotion: 'reduce', viewport: { width, height } });
  const page = await context.newPage();
  await signInThroughApi(page);
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
  // Through the admin API alone: no page.
  const admin = await browser.newContext();
  await signInThroughApi(admin);
  trivia = await createFourQuestionTrivia(admin, DEMO_COMPANY, `Sorteo ${Date.now()}`);
  await syncRankedResults(admin, await playBundle(admin, trivia.id), PLAYERS);
  await admin.close();
});

test('the seed is never asked for; a draw made again (its filters spelt otherwise) is a new one marked "Repetido", both listed and both verified; once more excluding the winners', async ({ browser }) => {
  const page = await signedIn(browser, 'light');
  await page.goto(`/ranking-admin?id=${trivia.id}`);
  const draws = page.getByTestId('prize-draws');
  await expect(draws.getByText('Todavía no hay sorteos.')).toBeVisible();
  // Nobody types a seed: the form has no such field, and the API refuses one.
  await expect(draws.getByLabel(/Semilla/)).toHaveCount(0);
  const refused = await page.request.post(`/api/question-groups/${trivia.id}/draws`, {
    data: { prizes: 2, seed: SEED },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({ code: 'draw_seed_not_accepted' });

  await draws.getByLabel('Premios').fill('2');
  await drawWithKeyboard(page, draws, 0);
  const first = await newestWinners(draws);
  expect(first).toHaveLength(2);
  const items = draws.getByRole('listitem', { name: /^Sorteo #/ });
  await expect(items.first().getByTestId('draw-repeat')).toHaveCount(0);
  const firstTitle = (await items.first().getAttribute('aria-label'))!;
  const firstSeed = await draws.getByTestId('draw-seed').first().innerText();
  expect(firstSeed).toMatch(/^[0-9a-f]{64}$/);

  // The same prizes again, with a minimum score of 0 (other filters, the same entries): a second draw with its own seed, marked as a repeat of the first, which stays.
  await draws.getByLabel('Puntuación mínima').fill('0');
  await drawWithKeyboard(page, draws, 1);
  const newest = items.first();
  await expect(newest.getByTestId('draw-repeat')).toHaveText('Repetido');
  await expect(newest.getByTestId('draw-repeat-of')).toHaveText(
    `Sorteo repetido: el primero fue el ${firstTitle.replace('Sorteo', 'sorteo')} (mismos participantes y premios), que sigue en el historial.`,
  );
  await expect(newest).toContainText('Puntuación ≥ 0');
  await expect(newest.getByTestId('draw-seed')).not.toHaveText(firstSeed);
  await expect(newest).toContainText('elegida al azar por el servidor');
  const oldest = items.last();
  await expect(oldest).toHaveAttribute('aria-label', firstTitle);
  await expect(oldest.getByTestId('draw-repeat')).toHaveCount(0);

  // Verificar re-computes each recorded draw from its stored list and seed.
  await oldest.getByRole('button', { name: 'Verificar' }).click();
  await expect(oldest.getByRole('status').filter({ hasText: /^Verificado/ })).toContainText(`Verificado: con la misma lista y semilla salen los mismos ganadores (${first.join(', ')})`);
  await newest.getByRole('button', { name: 'Verificar' }).click();
  await expect(newest.getByRole('status').filter({ hasText: /^Verificado/ })).toContainText('Verificado: con la misma lista y semilla salen los mismos ganadores');

  // Excluding past winners: nobody who won either draw can win again (other filters: not a repeat).
  const second = await newestWinners(draws);
  const pastWinners = new Set([...first, ...second]);
  await draws.getByLabel('Excluir ganadores anteriores').check();
  await draws.getByLabel('Premios').fill('1');
  await drawWithKeyboard(page, draws, 2);
  const third = await newestWinners(draws);
  expect(third).toHaveLength(1);
  for (const name of third) expect(pastWinners.has(name)).toBe(false);
  await expect(items.first()).toContainText(`${PLAYERS.length - pastWinners.size} participantes`);
  await expect(items.first().getByTestId('draw-repeat')).toHaveCount(0);

  // Fewer eligible players than prizes: the form says so, nothing is recorded.
  await draws.getByLabel('Premios').fill('5');
  await draws.getByRole('button', { name: 'Sortear' }).click();
  await expect(draws.getByRole('alert')).toContainText('menos que los 5 premios');
  await expect(items).toHaveCount(3);

  // The organiser shows the day's draws on the public big screen; the choice is kept.
  const option = draws.getByLabel('Mostrar los sorteos de hoy en la pantalla');
  await expect(option).not.toBeChecked();
  const saved = page.waitForResponse((reply) => reply.url().endsWith(`/api/question-groups/${trivia.id}/draws/screen`) && reply.request().method() === 'PUT');
  await option.check();
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('prize-draws').getByLabel('Mostrar los sorteos de hoy en la pantalla')).toBeChecked();
  const screen = await (await page.request.get(`/api/public/screens/trivia/${trivia.id}`)).json();
  expect(screen.drawHistory.total).toBe(3);

  await docsFullPageScreenshot(page, 'draw-1366');
  await page.context().close();
});

test('the draw screen passes axe in light and dark, and fits a phone', async ({ browser }) => {
  // Reached once, the colour scheme switched in place for axe.
  const found: string[] = [];
  const page = await signedIn(browser, 'light');
  await page.goto(`/ranking-admin?id=${trivia.id}`);
  await expect(page.getByTestId('prize-draws').getByRole('listitem', { name: /^Sorteo #/ }).first()).toBeVisible();
  await page.getByTestId('prize-draws').getByRole('button', { name: 'Verificar' }).first().click();
  await expect(page.getByTestId('prize-draws').getByText(/^Verificado/)).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    found.push(...(await seriousViolations(page, `${scheme} Sorteo`, '[data-testid="prize-draws"]')));
  }
  await page.context().close();
  expect(found).toEqual([]);

  const phone = await signedIn(browser, 'light', 390, 844);
  await phone.goto(`/ranking-admin?id=${trivia.id}`);
  const draws = phone.getByTestId('prize-draws');
  await expect(draws.getByRole('listitem', { name: /^Sorteo #/ }).first()).toBeVisible();
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await docsScreenshot(draws, 'draw-390');
  await phone.context().close();
});
