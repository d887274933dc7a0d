import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config';
import { LoginPage } from './pages/login-page';
import { QuestionsPage } from './pages/questions-page';

/** The seeded demo trivia "Trivia de Cultura General" of "Demo Eventos". */
const DEMO_TRIVIA = 1;

test('an admin writes, generates, edits and deletes questions and restyles the trivia', async ({ page }) => {
  // One long journey (about 45 s alone); the machine is shared, so leave room beyond the 60 s default.
  test.setTimeout(180_000);
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/$/);

  const questions = new QuestionsPage(page);
  await questions.goto(DEMO_TRIVIA);
  await expect(questions.heading()).toHaveText('Trivia de Cultura General');
  const before = await questions.cards().count();
  expect(before).toBeGreaterThan(0);
  // The seeded answers show, the correct one marked.
  await expect.poll(() => questions.answersOf(questions.card('planeta más grande'))).toContain('Júpiter ✓');

  // The form refuses an empty question and keeps at least 2 answers.
  await questions.openCreate();
  await expect(questions.answerInput(1)).toHaveValue('');
  await expect(questions.answerInput(2)).toHaveValue('');
  await expect(questions.removeAnswer(1)).toBeDisabled();
  await questions.submitDialog('Crear Pregunta');
  await expect(questions.dialog()).toContainText('La pregunta es requerida');
  await expect(questions.dialog()).toContainText('El texto de la respuesta es requerido');
  await questions.addAnswer().click();
  await expect(questions.removeAnswer(1)).toBeEnabled();
  await questions.dialog().getByRole('button', { name: 'Cancelar' }).click();

  // Three questions by hand.
  await questions.createQuestion('¿Cuál es la capital de Francia?', ['Lyon', 'París', 'Marsella'], 2);
  await questions.createQuestion('¿Cuántas patas tiene una araña?', ['6', '8'], 2);
  await questions.createQuestion('¿De qué color es el cielo despejado?', ['Azul', 'Verde', 'Rojo', 'Gris'], 1);
  await expect(questions.cards()).toHaveCount(before + 3);
  await expect.poll(() => questions.answersOf(questions.card('capital de Francia'))).toEqual(['Lyon', 'París ✓', 'Marsella']);

  // Two with AI (the fake service the test server talks to).
  await questions.openAi();
  const ai = questions.dialog();
  await ai.getByRole('button', { name: 'Generar Preguntas' }).click();
  await expect(ai).toContainText('Por favor proporciona un contexto para generar las preguntas');
  await ai.getByLabel('Contexto').fill('Datos curiosos del sistema solar');
  const count = ai.getByLabel('Número de preguntas');
  await expect(count).toHaveValue('5');
  await count.fill('abc');
  await count.blur();
  await expect(count).toHaveValue('5');
  await count.fill('2');
  await ai.getByRole('button', { name: 'Generar Preguntas' }).click();
  await expect(questions.toast()).toContainText('Se generaron 2 preguntas correctamente');
  await expect(questions.cards()).toHaveCount(before + 5);
  await expect.poll(() => questions.answersOf(questions.card('Pregunta IA 2'))).toEqual(['Correcta 2 ✓', 'Incorrecta 2a', 'Incorrecta 2b']);

  // Edit one question's answers: rename one, add one, move the correct mark.
  const spider = questions.card('patas tiene una araña');
  await spider.getByRole('button', { name: /^Editar pregunta/ }).click();
  await expect(questions.dialog().getByRole('heading', { name: 'Editar Pregunta' })).toBeVisible();
  await expect(questions.answerInput(2)).toHaveValue('8');
  await questions.fillQuestion('¿Cuántas patas tiene una araña?', ['Seis', 'Ocho', 'Diez'], 2);
  await questions.submitDialog('Guardar Cambios');
  await expect(questions.toast()).toContainText('Pregunta actualizada correctamente');
  await expect.poll(() => questions.answersOf(spider)).toEqual(['Seis', 'Ocho ✓', 'Diez']);

  // The theme: the preview follows each edit before saving; saving stores it.
  const original = (await (await page.request.get(`/api/question-groups/${DEMO_TRIVIA}`)).json()).theme;
  await questions.openTheme();
  const editor = questions.dialog();
  await expect(editor.getByRole('heading', { name: 'Editar Estilos de Trivia - Trivia de Cultura General' })).toBeVisible();
  for (const tab of ['Colores', 'Tipografía', 'Contenedores', 'Elementos', 'Animaciones']) {
    await expect(editor.getByRole('tab', { name: tab })).toBeVisible();
  }
  await editor.getByRole('tab', { name: 'Elementos' }).click();
  await editor.getByRole('button', { name: 'Botones' }).click();
  await editor.getByLabel('Fondo del botón', { exact: true }).fill('#ff0000');
  await expect(questions.previewButton()).toHaveCSS('background-color', 'rgb(255, 0, 0)');
  await editor.getByRole('tab', { name: 'Tipografía' }).click();
  await editor.getByLabel('Fuente principal').selectOption('Montserrat');
  await expect(questions.preview()).toHaveCSS('font-family', /^"?Montserrat/);
  await editor.getByRole('tab', { name: 'Colores' }).click();
  await editor.getByRole('button', { name: 'Aplicar degradado al fondo' }).click();
  await expect(editor.getByLabel('Color de fondo', { exact: true })).toHaveValue('linear-gradient(135deg, #f0f4ff, #ffffff)');
  await expect(questions.preview()).toHaveCSS('background-image', /linear-gradient/);
  // Not saved yet.
  expect((await (await page.request.get(`/api/question-groups/${DEMO_TRIVIA}`)).json()).theme.buttonBackgroundColor).toBe(original.buttonBackgroundColor);
  await editor.getByRole('button', { name: 'Guardar Tema' }).click();
  await expect(questions.toast()).toContainText('Tema actualizado correctamente');
  const saved = (await (await page.request.get(`/api/question-groups/${DEMO_TRIVIA}`)).json()).theme;
  expect(saved).toMatchObject({ buttonBackgroundColor: '#ff0000', fontFamily: 'Montserrat', backgroundColor: 'linear-gradient(135deg, #f0f4ff, #ffffff)' });

  // Delete a question, after a confirmation that says its answers go too.
  const sky = questions.card('color es el cielo');
  await sky.getByRole('button', { name: /^Eliminar pregunta/ }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Se eliminarán también todas sus respuestas');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(questions.toast()).toContainText('Pregunta eliminada correctamente');
  await expect(questions.cards()).toHaveCount(before + 4);
  await expect(sky).toHaveCount(0);

  // Leave the demo trivia's look as it was for the other specs.
  const restored = await page.request.patch(`/api/question-groups/${DEMO_TRIVIA}/theme`, {
    data: { theme: original },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(restored.status()).toBe(200);
});
