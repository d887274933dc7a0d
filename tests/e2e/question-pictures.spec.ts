import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { PICTURE_ALT_MISSING_MESSAGE, PICTURE_MISSING_MESSAGE, PICTURE_NOT_IMAGE_MESSAGE, type Company, type QuestionGroup, type QuestionWithAnswersInput } from '../../contract';
import { photo } from '../support/picture-uploads';
import { QuestionsPage } from './pages/questions-page';
import { postJson, signInThroughApi } from './support/admin-api';
import { tabTo } from './support/axe';
import { reviewScreen } from './support/screen-review';

/**
 * Chooses `file` in a picture control whose button has the focus: what the file chooser its Enter
 * opens would give (set on the control's file input: waiting for the chooser itself was flaky).
 */
async function chooseFile(control: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  await expect(control.getByRole('button', { name: /^(Agregar|Cambiar) imagen$/ })).toBeFocused();
  await control.locator('input[type="file"]').setInputFiles(file);
}

const jpeg = async (name: string, width: number, height: number, tone: number) => ({ name, mimeType: 'image/jpeg', buffer: await photo(width, height, tone) });

/** Every picture inside `scope` has arrived (so a screenshot shows them, not their empty boxes). */
async function picturesLoaded(scope: Locator) {
  await expect
    .poll(() => scope.locator('img').evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
}

/**
 * Pictures in a question and its answers, from the editor: their buttons reached by keyboard, uploaded through the
 * signed URL (saving waits meanwhile), each with its alt text, required; a file that is no image is
 * refused at its control in Spanish; the question card shows them as thumbnails; an edit replaces
 * one and removes another, sending every picture explicitly. The editor with its pictures passes
 * axe in light and dark at a phone's, a tablet's and a desktop's width and at 200 % zoom.
 */
test('an organiser puts pictures in a question and its answers, each with its alt text, then replaces and removes them', async ({ page }) => {
  test.setTimeout(150_000);
  await signInThroughApi(page);
  const stamp = Date.now();
  const company = await postJson<Company>(page, '/api/companies', { name: `Imágenes ${stamp}`, description: 'Feria' });
  const trivia = await postJson<QuestionGroup>(page, `/api/companies/${company.id}/question-groups`, {
    name: `Trivia con imágenes ${stamp}`,
    description: 'Preguntas con fotos',
    companyId: company.id,
    questionsPerRound: 1,
    randomizeQuestions: false,
    randomizeAnswers: false,
    maxAttempts: 0,
  });
  const screen = new QuestionsPage(page);
  await screen.goto(trivia.id);
  await screen.openCreate();
  const dialog = screen.dialog();
  const create = dialog.getByRole('button', { name: 'Crear Pregunta', exact: true });
  await page.keyboard.type('¿Qué paisaje muestra la foto?');

  // The question's picture, by keyboard; the upload is held back to see that saving waits for it.
  const questionPicture = dialog.getByRole('group', { name: 'Imagen (opcional)' });
  await tabTo(page, questionPicture.getByRole('button', { name: 'Agregar imagen' }));
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/pictures/uploads/*', async (route) => {
    await held;
    await route.continue();
  });
  await chooseFile(questionPicture, await jpeg('paisaje.jpg', 1600, 1200, 1));
  await expect(questionPicture.getByText('Subiendo imagen...')).toBeVisible();
  await expect(create).toBeDisabled();
  release();
  // Uploaded: shown at its shape (cut to 1,200 px wide), the focus on its alt text, which it still lacks.
  const questionAlt = questionPicture.getByLabel('Texto alternativo');
  await expect(questionAlt).toBeFocused();
  // Only now: a route removed while its handler still waits is continued twice.
  await page.unroute('**/api/pictures/uploads/*');
  await expect(questionAlt).toHaveValue('');
  await expect(questionPicture.getByText('Describe la imagen para quien no puede verla')).toBeVisible();
  // Its alt text still empty, the preview is no image to a screen reader yet: found by its tag.
  const preview = questionPicture.locator('img');
  await expect(preview).toHaveAttribute('width', '1200');
  await expect(preview).toHaveAttribute('height', '900');
  await expect(preview).toHaveAttribute('src', /^\/api\/pictures\/p[0-9a-f]{24}-400\.webp$/);
  await expect(create).toBeEnabled();

  // The answers: the first with a picture; a file that is not an image is refused at the second's control.
  await screen.answerInput(1).fill('Una montaña');
  await screen.answerInput(2).fill('Una playa');
  await screen.correctRadio(1).check();
  const firstPicture = dialog.getByRole('group', { name: 'Imagen de la respuesta 1' });
  const secondPicture = dialog.getByRole('group', { name: 'Imagen de la respuesta 2' });
  await tabTo(page, firstPicture.getByRole('button', { name: 'Agregar imagen' }));
  await chooseFile(firstPicture, await jpeg('montaña.jpg', 900, 600, 2));
  await expect(firstPicture.getByLabel('Texto alternativo')).toBeFocused();
  await page.keyboard.type('Montaña nevada bajo un cielo despejado');
  const addSecond = secondPicture.getByRole('button', { name: 'Agregar imagen' });
  await tabTo(page, addSecond);
  await chooseFile(secondPicture, { name: 'playa.png', mimeType: 'image/png', buffer: Buffer.from('no soy una imagen') });
  await expect(secondPicture.getByRole('alert')).toHaveText(PICTURE_NOT_IMAGE_MESSAGE);
  await expect(addSecond).toBeFocused();
  await chooseFile(secondPicture, await jpeg('playa.jpg', 800, 800, 3));
  await expect(secondPicture.getByLabel('Texto alternativo')).toBeFocused();
  await expect(secondPicture.getByRole('alert')).toHaveCount(0);
  await page.keyboard.type('Playa de arena blanca con palmeras');

  // The question's alt text is missing: said at its field, which gets the focus.
  await create.click();
  await expect(questionPicture.getByRole('alert')).toHaveText(PICTURE_ALT_MISSING_MESSAGE);
  await expect(questionAlt).toBeFocused();
  await expect(questionAlt).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.type('Valle verde con un lago al fondo');
  await expect(questionPicture.getByRole('alert')).toHaveCount(0);

  // A refusal naming a picture (one swept meanwhile) shows at its control.
  await page.route(`**/api/question-groups/${trivia.id}/questions`, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ error: PICTURE_MISSING_MESSAGE, message: PICTURE_MISSING_MESSAGE, code: 'validation_failed', issues: [{ path: 'answers.1.picture', message: PICTURE_MISSING_MESSAGE }] }),
        })
      : route.fallback(),
  );
  await create.click();
  await expect(secondPicture.getByRole('alert')).toHaveText(PICTURE_MISSING_MESSAGE);
  await page.unroute(`**/api/question-groups/${trivia.id}/questions`);

  await create.click();
  await expect(dialog).toHaveCount(0);
  await screen.toast().filter({ hasText: 'Pregunta creada correctamente' }).getByRole('button', { name: 'Cerrar' }).click();

  // The card: the question's thumbnail and one beside each answer that has a picture.
  const card = screen.card('¿Qué paisaje muestra la foto?');
  await expect(card.getByRole('img', { name: 'Valle verde con un lago al fondo' })).toBeVisible();
  const answers = card.getByRole('list', { name: 'Respuestas' }).getByRole('listitem');
  await expect(answers.nth(0).getByRole('img', { name: 'Montaña nevada bajo un cielo despejado' })).toBeVisible();
  await expect(answers.nth(1).getByRole('img', { name: 'Playa de arena blanca con palmeras' })).toBeVisible();
  await picturesLoaded(card);

  // The editor with its pictures, as an organiser sees it.
  const edit = card.getByRole('button', { name: 'Editar pregunta 1' });
  await tabTo(page, edit);
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('heading', { name: 'Editar Pregunta' })).toBeVisible();
  await expect(questionAlt).toHaveValue('Valle verde con un lago al fondo');
  await picturesLoaded(dialog);
  await reviewScreen(page, 'question-editor-picture');

  // Replaced: the new picture starts without alt text (the old text described the old one).
  const oldSource = await preview.getAttribute('src');
  await tabTo(page, questionPicture.getByRole('button', { name: 'Cambiar imagen' }));
  await chooseFile(questionPicture, await jpeg('lago.jpg', 1400, 1000, 5));
  await expect(questionAlt).toBeFocused();
  await expect(questionAlt).toHaveValue('');
  await expect(preview).not.toHaveAttribute('src', oldSource!);
  await page.keyboard.type('Lago azul entre montañas');
  // Removed: the focus goes to the button that adds one again.
  await tabTo(page, secondPicture.getByRole('button', { name: 'Quitar imagen' }));
  await page.keyboard.press('Enter');
  await expect(secondPicture.locator('img')).toHaveCount(0);
  await expect(secondPicture.getByRole('button', { name: 'Agregar imagen' })).toBeFocused();

  // Every picture is sent explicitly: the object, or null for the one removed.
  const [saved] = await Promise.all([
    page.waitForRequest((request) => request.method() === 'PUT' && /\/api\/questions\/\d+$/.test(request.url())),
    dialog.getByRole('button', { name: 'Guardar Cambios' }).click(),
  ]);
  const body = saved.postDataJSON() as QuestionWithAnswersInput;
  expect(body.picture).toEqual({ name: expect.stringMatching(/^p[0-9a-f]{24}$/), alt: 'Lago azul entre montañas' });
  expect(body.answers.map((answer) => answer.picture?.alt ?? answer.picture)).toEqual(['Montaña nevada bajo un cielo despejado', null]);
  await expect(dialog).toHaveCount(0);
  await expect(card.getByRole('img', { name: 'Lago azul entre montañas' })).toBeVisible();
  await expect(answers.nth(0).getByRole('img', { name: 'Montaña nevada bajo un cielo despejado' })).toBeVisible();
  await expect(answers.nth(1).getByRole('img')).toHaveCount(0);
});
