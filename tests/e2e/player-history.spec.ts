import { expect, test } from './fixtures';
import type { Company, QuestionWithAnswers } from '../../contract';
import { photo } from '../support/picture-uploads';
import { createFourQuestionTrivia, postJson, signInThroughApi, uploadPicture } from './support/admin-api';
import { seriousViolations, tabTo } from './support/axe';
import { playBundle, syncRankedResults } from './support/ranked-results';
import { reviewScreen } from './support/screen-review';

/**
 * A player's history: reached by keyboard from an admin ranking's row and from "Datos personales",
 * every attempt across two trivias with its round and answers, axe clean in light and dark, at a
 * phone's, a tablet's and a desktop's width and at 200 % zoom.
 */
test('a player\'s history lists their rounds at two trivias with every answer, from a ranking row and from Datos personales, by keyboard, axe clean', async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughApi(page);
  const stamp = Date.now();
  const company = await postJson<Company>(page, '/api/companies', { name: `Historial ${stamp}`, description: 'Feria' });
  await postJson(page, '/api/locations', { name: 'Stand Historial', companyId: company.id });
  const products = await createFourQuestionTrivia(page, company.id, `Productos ${stamp}`);
  const history = await createFourQuestionTrivia(page, company.id, `Historia ${stamp}`);
  // The first question of "Productos" and its right answer carry a picture.
  const [first] = (await (await page.request.get(`/api/question-groups/${products.id}/questions`)).json()) as QuestionWithAnswers[];
  const answers = ((await (await page.request.get(`/api/questions/${products.id}/all-answers`)).json()) as Record<string, QuestionWithAnswers['answers']>)[first!.id]!;
  const picture = await uploadPicture(page, products.id, await photo(800, 600, 4));
  const edit = await page.request.put(`/api/questions/${first!.id}`, {
    data: {
      text: first!.text,
      groupId: products.id,
      picture: { name: picture.name, alt: 'La caja del producto' },
      answers: answers.map((answer, index) => ({ id: answer.id, text: answer.text, isCorrect: answer.isCorrect, ...(index === 0 ? { picture: { name: picture.name, alt: 'El producto abierto' } } : {}) })),
    },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(edit.status(), await edit.text()).toBe(200);
  const documentNumber = String(stamp % 10_000_000_000);
  // At "Productos" Ana misses questions 2 and 4 (picks their second answer); at "Historia" she gets all four.
  await syncRankedResults(page, await playBundle(page, products.id), ['Ana Historial'], 30, [documentNumber], (q) => (q % 2 === 1 ? 1 : 0));
  await syncRankedResults(page, await playBundle(page, history.id), ['Ana Historial'], 30, [documentNumber]);

  // From the trivia's admin ranking, by keyboard.
  await page.goto(`/ranking-admin?id=${products.id}`);
  const historyLink = page.getByRole('link', { name: 'Historial de Ana Historial' });
  await tabTo(page, historyLink);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/players\/\d+\/history$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Historial: Ana Historial' })).toBeVisible();
  await expect(page.getByTestId('history-attempts')).toHaveText('2');
  await expect(page.getByTestId('history-counted')).toHaveText('2');

  const attempts = page.getByTestId('history-attempt');
  // Newest first: "Historia" was synced last.
  await expect(attempts.getByRole('heading', { level: 2 })).toHaveText([`Historia ${stamp}`, `Productos ${stamp}`]);
  const productsRound = page.getByRole('region', { name: `Productos ${stamp}` });
  await expect(productsRound.getByTestId('attempt-standing')).toHaveText('Cuenta en los rankings');
  await expect(productsRound).toContainText('50%');
  await expect(productsRound).toContainText('2/4');
  await expect(productsRound).toContainText('Stand Historial');

  // Its answers open by keyboard: the four questions in the order shown, two right and two wrong.
  const disclosure = productsRound.getByText('Ver respuestas (4)');
  await tabTo(page, disclosure);
  await page.keyboard.press('Enter');
  const rows = productsRound.getByTestId('history-answer');
  await expect(rows).toHaveCount(4);
  await expect(rows.getByRole('cell').nth(3)).toHaveText('Correcta');
  await expect(productsRound.getByRole('cell', { name: 'Incorrecta' })).toHaveCount(2);
  await expect(productsRound.getByRole('cell', { name: 'Correcta', exact: true })).toHaveCount(2);
  // The first question's picture and its answer's, as thumbnails beside their text.
  for (const alt of ['La caja del producto', 'El producto abierto']) {
    const thumbnail = rows.first().getByRole('img', { name: alt });
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }

  await reviewScreen(page, 'player-history');

  // At 200 % zoom on a phone (195 px) the answers' table scrolls inside its region, which a keyboard
  // reaches and scrolls (axe's scrollable-region-focusable), in light and dark.
  await page.setViewportSize({ width: 195, height: 422 });
  const answersTable = productsRound.getByRole('region', { name: 'Respuestas de esta ronda' });
  await tabTo(page, answersTable);
  for (let press = 0; press < 8; press++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => answersTable.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousViolations(page, `player history at 195 px (${colorScheme})`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 720 });

  // The way back leads to the ranking it came from.
  await page.getByRole('link', { name: 'Volver al ranking' }).click();
  await expect(page).toHaveURL(new RegExp(`/ranking-admin\\?id=${products.id}$`));

  // From "Datos personales": the same history.
  await page.goto('/player-data');
  await page.getByLabel('Tipo de documento').selectOption({ index: 1 });
  await page.getByLabel('Número de documento').fill(documentNumber);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('link', { name: 'Ver historial' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Historial: Ana Historial' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Datos personales' }).first()).toBeVisible();
});

test('a history that does not exist says so, and a bad link says it is not valid', async ({ page }) => {
  await signInThroughApi(page);
  await page.goto('/players/999999/history');
  await expect(page.getByRole('heading', { level: 1, name: 'No se pudo abrir el historial' })).toBeVisible();
  await expect(page.getByText('No se encontró el jugador')).toBeVisible();
  await page.goto('/players/abc/history');
  await expect(page.getByText('El enlace no es válido.')).toBeVisible();
});
