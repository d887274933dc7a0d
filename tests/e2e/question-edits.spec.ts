import { expect, test } from './fixtures';
import type { Company } from '../../contract';
import { createFourQuestionTrivia, postJson, signInThroughApi } from './support/admin-api';
import { tabTo } from './support/axe';
import { playBundle, syncRankedResults } from './support/ranked-results';
import { reviewScreen } from './support/screen-review';

/**
 * Editing a played question, its share right shown beside it: the text fixed
 * is kept under "Textos anteriores", and moving the correct mark asks first, saying how many played
 * rounds it turns; by keyboard, axe clean in light and dark, at a phone's, a tablet's and a desktop's width.
 */
test('an organiser fixes a played question: its old text is kept, and moving the correct answer asks first with the rounds it turns', async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughApi(page);
  const stamp = Date.now();
  const company = await postJson<Company>(page, '/api/companies', { name: `Edición ${stamp}`, description: 'Feria' });
  await postJson(page, '/api/locations', { name: 'Stand Edición', companyId: company.id });
  const trivia = await createFourQuestionTrivia(page, company.id, `Trivia Edición ${stamp}`);
  // Five rounds: at question 1, three chose the right answer (2) and two chose 3.
  await syncRankedResults(page, await playBundle(page, trivia.id), ['Ana', 'Beto', 'Carla', 'Dani', 'Eva'], 30, undefined, (q, p) => (q === 0 && p >= 3 ? 1 : 0));

  await page.goto(`/packages/${trivia.id}/questions`);
  // Each question's share right beside it: question 1, 3 of 5.
  const firstInsight = page.getByTestId('question-card').first().getByTestId('question-insight');
  await expect(firstInsight).toHaveText('Acierto 60 % en 5 rondas');
  await reviewScreen(page, 'questions-insight');
  const edit = page.getByRole('button', { name: 'Editar pregunta 1' });
  await tabTo(page, edit);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Editar Pregunta' });
  await dialog.getByLabel('Pregunta', { exact: true }).fill(`¿Cuánto suman 1 y 1? (${trivia.name})`);
  await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`¿Cuánto suman 1 y 1? (${trivia.name})`)).toBeVisible();
  // The "Pregunta actualizada" notice closed, as the organiser would, before the screenshots below.
  await page.getByTestId('toast').filter({ hasText: 'Pregunta actualizada correctamente' }).getByRole('button', { name: 'Cerrar' }).click();

  // Again: the old text is there, folded; then the mark moves from "2" to "3".
  await edit.click();
  const history = dialog.getByText('Textos anteriores (1)');
  await history.click();
  await expect(dialog.getByText(`¿Cuánto es 1 + 1? (${trivia.name})`)).toBeVisible();
  await expect(dialog.getByText(/^Cambiado el .+ por Administrador/)).toBeVisible();
  const second = dialog.getByRole('radio', { name: 'Respuesta 2 es la correcta' });
  await second.focus();
  await page.keyboard.press('Space');
  await expect(second).toBeChecked();
  await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();

  // Every round chose "2" (the old key) or "3" (the new one): five.
  const confirm = page.getByRole('dialog', { name: '¿Cambiar la respuesta correcta?' });
  await expect(confirm).toContainText('5 resultados ya jugados eligieron la respuesta correcta de antes o la nueva');
  await expect(confirm).toContainText('Sus puntajes guardados no cambian');
  await expect(confirm.getByRole('button', { name: 'Cancelar' })).toBeVisible();
  await reviewScreen(page, 'question-edit-confirm');

  // Cancelled, nothing changed; confirmed, the new key is stored.
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  const save = dialog.getByRole('button', { name: 'Guardar Cambios' });
  await expect(save).toBeFocused();
  await page.keyboard.press('Enter');
  const apply = confirm.getByRole('button', { name: 'Cambiar la respuesta correcta' });
  await tabTo(page, apply, 5);
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  const answers = page.getByTestId('question-card').first().getByRole('list', { name: 'Respuestas' }).getByRole('listitem');
  await expect(answers).toHaveText(['2', '3(respuesta correcta)', '10']);
  // Read again by the new key: the two rounds that chose 3 are now the right ones.
  await expect(firstInsight).toHaveText('Acierto 40 % en 5 rondas');
});

test('a trivia nobody played shows no share right; one whose analysis cannot be read says so, never a spinner that does not end', async ({ page }) => {
  await signInThroughApi(page);
  const company = await postJson<Company>(page, '/api/companies', { name: `Sin análisis ${Date.now()}`, description: 'Feria' });
  const trivia = await createFourQuestionTrivia(page, company.id, `Trivia sin análisis ${Date.now()}`);
  await page.goto(`/packages/${trivia.id}/questions`);
  await expect(page.getByTestId('question-card')).toHaveCount(4);
  await expect(page.getByTestId('question-card').getByRole('list', { name: 'Respuestas' })).toHaveCount(4);
  await expect(page.getByTestId('question-insight')).toHaveCount(0);

  await page.route(/\/analysis\?/, (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Base de datos no disponible', message: 'Base de datos no disponible', code: 'database_unavailable' }) }),
  );
  await page.reload();
  await expect(page.getByTestId('question-card').first().getByTestId('question-insight')).toHaveText('No se pudo leer el acierto.');
});
