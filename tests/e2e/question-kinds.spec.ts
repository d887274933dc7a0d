import { randomInt } from 'node:crypto';
import { expect, test } from './fixtures';
import type { Company, QuestionGroup } from '../../contract';
import { PlayerPage } from './pages/player-page';
import { postJson, signInThroughApi } from './support/admin-api';
import { seriousViolations, tabTo } from './support/axe';
import { reviewScreen } from './support/screen-review';

/**
 * A true/false question, made by keyboard in the editor: "Tipo de pregunta" turns the answers into
 * «Verdadero» and «Falso», the organiser marks the right one, the list says the kind; a phone
 * shows the two answers side by side and judges them as any other.
 */
test('an organiser makes a true/false question by keyboard, and a phone plays it with its two answers side by side', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signInThroughApi(page);
  const stamp = Date.now();
  const company = await postJson<Company>(page, '/api/companies', { name: `Tipos ${stamp}`, description: 'Feria' });
  await postJson(page, '/api/locations', { name: 'Stand Tipos', companyId: company.id });
  const trivia = await postJson<QuestionGroup>(page, `/api/companies/${company.id}/question-groups`, {
    name: `Trivia de tipos ${stamp}`,
    description: 'Verdadero o falso',
    companyId: company.id,
    questionsPerRound: 1,
    randomizeQuestions: false,
    // Shuffled answers: «Verdadero» stays first all the same.
    randomizeAnswers: true,
    maxAttempts: 0,
  });

  await page.goto(`/packages/${trivia.id}/questions`);
  await page.getByRole('button', { name: 'Crear Pregunta' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Crear Pregunta' });
  await dialog.getByLabel('Pregunta', { exact: true }).fill('El Amazonas es el río más largo de Europa.');
  const trueFalse = dialog.getByRole('radio', { name: /Verdadero o falso/ });
  await tabTo(page, dialog.getByRole('radio', { name: /Opción única/ }));
  await page.keyboard.press('ArrowRight');
  await expect(trueFalse).toBeChecked();
  // The answers are the kind's: no text to write, none to add.
  await expect(dialog.getByRole('button', { name: 'Agregar Respuesta' })).toHaveCount(0);
  const falso = dialog.getByRole('radio', { name: 'Falso', exact: true });
  await falso.focus();
  await page.keyboard.press('Space');
  await expect(falso).toBeChecked();
  await reviewScreen(page, 'question-true-false-dialog');
  await dialog.getByRole('button', { name: 'Crear Pregunta' }).click();
  await expect(dialog).toHaveCount(0);

  const card = page.getByTestId('question-card').first();
  await expect(card.getByTestId('question-kind')).toHaveText('Verdadero o falso');
  await expect(card.getByRole('listitem')).toHaveText(['Verdadero', 'Falso(respuesta correcta)']);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousViolations(page, `the question list with a true/false question (${colorScheme})`)).toEqual([]);
  }

  // Opened again, it is still a true/false question with «Falso» marked.
  await page.getByRole('button', { name: 'Editar pregunta 1' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Pregunta' });
  await expect(edit.getByRole('radio', { name: /Verdadero o falso/ })).toBeChecked();
  await expect(edit.getByRole('radio', { name: 'Falso', exact: true })).toBeChecked();
  await page.keyboard.press('Escape');

  // The AI writes statements when asked for true/false questions.
  await page.getByRole('button', { name: 'Generar con IA' }).click();
  const ai = page.getByRole('dialog', { name: 'Generar Preguntas con IA' });
  await ai.getByLabel('Contexto').fill('Ríos y montañas del mundo');
  await ai.getByRole('radio', { name: /Verdadero o falso/ }).check();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousViolations(page, `the AI dialog asking for true/false questions (${colorScheme})`)).toEqual([]);
  }
  await ai.getByRole('button', { name: 'Generar Preguntas' }).click();
  await expect(ai).toHaveCount(0);
  await expect(page.getByTestId('question-card')).toHaveCount(6);
  await expect(page.getByTestId('question-kind')).toHaveText(Array(6).fill('Verdadero o falso'));

  const phone = await browser.newContext({ baseURL, locale: 'es-CO', viewport: { width: 390, height: 844 } });
  try {
    const screen = await phone.newPage();
    const player = new PlayerPage(screen);
    await player.goto(trivia.id);
    await player.enterDocument('Cédula de ciudadanía', String(randomInt(1_000_000_000, 9_999_999_999)));
    await player.registerAs('Vera Falsa', 'Stand Tipos');
    await player.start().click();
    const answers = screen.getByRole('group', { name: 'Respuestas' }).getByRole('button');
    await expect(answers).toHaveText([/Verdadero/, /Falso/]);
    // Both boxes read at one moment, once the question's entrance has settled (a scroll or an
    // animation between two separate reads once put them 13 px apart on a busy machine).
    await expect(async () => {
      const [left, right] = await answers.evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().toJSON() as DOMRect));
      expect(Math.abs(left!.y - right!.y)).toBeLessThan(1);
      expect(right!.x).toBeGreaterThan(left!.x + left!.width);
    }).toPass({ timeout: 5_000 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await screen.emulateMedia({ colorScheme });
      expect(await seriousViolations(screen, `a true/false question on a phone (${colorScheme})`)).toEqual([]);
    }
    await answers.nth(1).click();
    await expect(player.completed()).toBeVisible({ timeout: 15_000 });
    await expect(player.score()).toHaveText('100%');
  } finally {
    await phone.close();
  }
});
