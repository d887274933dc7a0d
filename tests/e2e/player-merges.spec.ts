import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { QuestionGroup, TriviaRankingEntry } from '../../contract';
import { appQuery } from './support/app-database';
import { seriousViolations } from './support/axe';
import { seedOnePersonThreeTimes } from './support/duplicate-players';
import { adminPage } from './support/kiosk-round';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

const rankedPlayers = async (page: Page, trivia: QuestionGroup) =>
  ((await (await page.request.get(`/api/ranking?questionGroupId=${trivia.id}`)).json()) as TriviaRankingEntry[]).map((e) => `${e.firstName} ${e.lastName}`);

test('an admin merges one person’s three players into the one chosen: one ranking row, the merge recorded; axe clean in light and dark', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await adminPage(browser, 'light');
  const { trivia, number, names } = await seedOnePersonThreeTimes(page, 'Unión');
  expect((await rankedPlayers(page, trivia)).sort()).toEqual([...names].sort());

  await page.goto('/player-data');
  await page.getByRole('link', { name: 'Unir jugadores' }).click();
  await expect(page.getByRole('heading', { name: 'Unir jugadores', level: 1 })).toBeVisible();
  const group = page.getByRole('region', { name: `CC ${number}` });
  await expect(group.getByRole('radio')).toHaveCount(3);
  // The player already stored as the rule writes the number is offered first.
  await expect(group.getByRole('radio', { name: new RegExp(names[0]!) })).toBeChecked();
  await expect(group).toContainText(`0${number}`);
  await expect(group).toContainText(`${number.slice(0, 3)}-${number.slice(3)}`);
  expect(await seriousViolations(page, 'merge screen (light)')).toEqual([]);

  // By keyboard: the third player is chosen with the arrow keys, the merge asked with Enter.
  await group.getByRole('radio', { name: new RegExp(names[0]!) }).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(group.getByRole('radio', { name: new RegExp(names[2]!) })).toBeChecked();
  await group.getByRole('button', { name: 'Unir 3 jugadores' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Unir jugadores' });
  await expect(dialog).toContainText(`Se conserva ${names[2]}`);
  await expect(dialog).toContainText('2 intentos');
  expect(await seriousViolations(page, 'merge dialog (light)')).toEqual([]);
  await dialog.getByRole('button', { name: 'Unir' }).click();

  await expect(page.getByTestId('toast').filter({ hasText: 'Jugadores unidos' })).toBeVisible();
  await expect(group).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Uniones registradas' })).toContainText('2 intentos movidos · admin');
  expect(await rankedPlayers(page, trivia)).toEqual([names[2]]);
  const [kept] = await appQuery<{ document_number: string }>(`SELECT document_number FROM players WHERE full_name = $1`, [names[2]]);
  expect(kept!.document_number).toBe(number);

  // Dark mode, with another group waiting and its dialog open: the same page, its colour scheme switched (docs/testing.md).
  await page.emulateMedia({ colorScheme: 'dark' });
  const other = await seedOnePersonThreeTimes(page, 'Unión oscura');
  await page.goto('/player-merges');
  const darkGroup = page.getByRole('region', { name: `CC ${other.number}` });
  await expect(darkGroup.getByRole('radio')).toHaveCount(3);
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await seriousViolations(page, 'merge screen (dark)')).toEqual([]);
  await darkGroup.getByRole('button', { name: 'Unir 3 jugadores' }).click();
  await expect(page.getByRole('dialog', { name: 'Unir jugadores' }).getByRole('heading')).toBeVisible();
  expect(await seriousViolations(page, 'merge dialog (dark)')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(darkGroup.getByRole('button', { name: 'Unir 3 jugadores' })).toBeFocused();
  await page.context().close();
});
