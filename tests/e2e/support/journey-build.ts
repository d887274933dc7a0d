import { expect, type Locator, type Page } from '@playwright/test';
import { CompaniesPage } from '../pages/companies-page';
import { QuestionGroupsPage } from '../pages/question-groups-page';
import { QuestionsPage } from '../pages/questions-page';
import { signInThroughApi } from './admin-api';
import { solidPng } from './png';

/**
 * The admin journey's first half (tests/e2e/admin-journey.spec.ts): a new admin builds a company
 * with two sites and a logo, a trivia with its settings, questions by hand and by AI, edits one,
 * themes the trivia and renames it. Each step checks what the admin sees; journey-results.ts has
 * the second half.
 */

/** Written into the trivia's instructions: the bold text must show, the image handler and the script must not run. */
const HOSTILE_INSTRUCTIONS = '<b>Lee bien</b><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';

/** What the journey made so far, on data of its own (the seeded demo trivia, which other specs play, is not touched). */
export interface Journey {
  page: Page;
  toast: Locator;
  stamp: string;
  companyName: string;
  /** Renamed on the way. */
  triviaName: string;
  playerName: string;
  companies: CompaniesPage;
  groups: QuestionGroupsPage;
  questions: QuestionsPage;
  /** The trivia's id and its player link's path, once it exists. */
  triviaId: number;
  playHref: string;
}

/** The journey's names, made unique by a stamp, with the admin signed in. */
export async function startJourney(page: Page): Promise<Journey> {
  const toast = page.getByTestId('toast');
  const stamp = Date.now().toString(36);
  const companyName = `Expo Andina ${stamp}`;
  const triviaName = `Trivia Seguridad ${stamp}`;
  const playerName = `=1+1 Ana Ruiz ${stamp}`;
  // Signed in through the API: the journey starts on its first screen, /company (the form has tests of its own).
  await signInThroughApi(page);
  return {
    page,
    toast,
    stamp,
    companyName,
    triviaName,
    playerName,
    companies: new CompaniesPage(page),
    groups: new QuestionGroupsPage(page),
    questions: new QuestionsPage(page),
    triviaId: 0,
    playHref: '',
  };
}

/** A company with two sites. */
export async function companyWithTwoSites(journey: Journey) {
  const { toast, companies, companyName } = journey;
  await companies.goto();
  await companies.addCompany().click();
  await companies.dialog().getByRole('button', { name: 'Crear' }).click();
  await expect(companies.dialog()).toContainText('El nombre es requerido');
  await companies.dialog().getByRole('button', { name: 'Cancelar' }).click();
  await companies.createCompany(companyName, 'Feria de seguridad industrial');
  await expect(toast).toContainText('Empresa creada correctamente');
  await expect(companies.row(companyName)).toBeVisible();
  await companies.openLocations(companyName);
  await expect(companies.locationsPanel()).toContainText('No hay sedes. Agrega la primera arriba.');
  await companies.addLocation('Stand Sur');
  await expect(toast).toContainText('Sede creada correctamente');
  await companies.addLocation('Stand Oriente');
  await expect(companies.locationsPanel().getByRole('cell', { name: 'Stand Oriente', exact: true })).toBeVisible();
  await expect(companies.locationsPanel().getByRole('cell', { name: 'Stand Sur', exact: true })).toBeVisible();
}

/** Its logo: refused when it is not an image, shown once uploaded. */
export async function companyLogo(journey: Journey) {
  const { toast, companies, companyName } = journey;
  await companies.openEdit(companyName);
  await companies.uploadLogo({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('no soy una imagen') });
  await expect(toast).toContainText('El archivo no es una imagen JPG, PNG, GIF, WebP o AVIF');
  await companies.uploadLogo({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(32, [109, 40, 217]) });
  await expect(toast).toContainText('Logo subido correctamente');
  const preview = companies.dialog().getByRole('img', { name: 'Logo actual' });
  await expect(preview).toHaveAttribute('src', /^\/api\/uploads\/company-\d+-[a-z0-9-]+\.png\?t=\d+$/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(32);
  await companies.dialog().getByRole('button', { name: 'Cancelar' }).click();
  await expect(companies.rowLogo(companyName)).toHaveAttribute('src', /^\/api\/uploads\/company-\d+-[a-z0-9-]+\.png$/);
  await expect.poll(() => companies.rowLogo(companyName).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(32);
}

/** A trivia with its settings; a bad redirect URL is refused with the spec's message first. Sets the journey's trivia id and link. */
export async function triviaWithSettings(journey: Journey) {
  const { page, toast, groups, companyName, triviaName } = journey;
  await groups.goto();
  await expect(page.getByText('Selecciona una empresa para ver sus trivias')).toBeVisible();
  await groups.selectCompany(companyName);
  await expect(page.getByText('No hay trivias para esta empresa. ¡Crea una nueva!')).toBeVisible();
  await groups.create().click();
  await groups.fillTrivia({
    name: triviaName,
    description: 'Normas básicas de la planta',
    instructions: HOSTILE_INSTRUCTIONS,
    questionsPerRound: 3,
    maxAttempts: 2,
    completionRedirectUrl: 'ftp://example.com/fin',
    randomizeQuestions: false,
  });
  await groups.submitTrivia();
  await expect(groups.dialog().getByRole('alert').last()).toContainText('Configuración: Debe ser una URL válida');
  await groups.dialog().getByRole('tab', { name: 'Configuración' }).click();
  await groups.dialog().getByLabel('URL de redirección al terminar').fill('https://example.com/fin');
  await groups.submitTrivia();
  await expect(toast).toContainText('Trivia creada correctamente');
  await expect(groups.card(triviaName)).toContainText('Normas básicas de la planta');
  await expect(groups.card(triviaName).getByRole('img', { name: `Logo de ${companyName}` })).toBeVisible();

  // The chosen company is kept when coming back (a fresh load of the page).
  await groups.goto();
  await expect(groups.companySelect()).toHaveValue(/\d+/);
  await expect(groups.card(triviaName)).toBeVisible();
  // The card shows its two main actions; the rest, 'Ver Trivia' among them, are under 'Más acciones'.
  await expect(groups.cardLink(triviaName, 'Ver Preguntas')).toBeVisible();
  await expect(groups.cardLink(triviaName, 'Ver Trivia')).toHaveCount(0);
  const playHref = await (await groups.cardAction(triviaName, 'Ver Trivia')).getAttribute('href');
  await page.keyboard.press('Escape');
  await expect(groups.menu()).toHaveCount(0);
  expect(playHref).toMatch(/^\/play-trivia\/\d+$/);
  const triviaId = Number(playHref!.split('/').pop());
  journey.playHref = playHref!;
  journey.triviaId = triviaId;
}

/** Three questions by hand (the form's checks first). */
export async function questionsByHand(journey: Journey) {
  const { page, groups, questions, triviaName } = journey;
  await groups.cardLink(triviaName, 'Ver Preguntas').click();
  await expect(questions.heading()).toHaveText(triviaName);
  await expect(page.getByText('No hay preguntas en esta trivia. ¡Crea una nueva!')).toBeVisible();
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

  await questions.createQuestion('¿Cuál es la capital de Francia?', ['Lyon', 'París', 'Marsella'], 2);
  await questions.createQuestion('¿Cuántas patas tiene una araña?', ['6', '8'], 2);
  await questions.createQuestion('¿De qué color es el cielo despejado?', ['Azul', 'Verde', 'Rojo', 'Gris'], 1);
  await expect(questions.cards()).toHaveCount(3);
  await expect.poll(() => questions.answersOf(questions.card('capital de Francia'))).toEqual(['Lyon', 'París ✓', 'Marsella']);
}

/** Two with AI (the test's own OpenAI-compatible service). */
export async function questionsWithAi(journey: Journey) {
  const { toast, questions } = journey;
  await questions.openAi();
  const ai = questions.dialog();
  await ai.getByRole('button', { name: 'Generar Preguntas' }).click();
  await expect(ai).toContainText('Por favor proporciona un contexto para generar las preguntas');
  await ai.getByLabel('Contexto').fill('Normas de seguridad en una planta industrial');
  const count = ai.getByLabel('Número de preguntas');
  await expect(count).toHaveValue('5');
  await count.fill('abc');
  await count.blur();
  await expect(count).toHaveValue('5');
  await count.fill('2');
  await ai.getByRole('button', { name: 'Generar Preguntas' }).click();
  await expect(toast).toContainText('Se generaron 2 preguntas correctamente');
  await expect(questions.cards()).toHaveCount(5);
  await expect.poll(() => questions.answersOf(questions.card('Pregunta IA 2'))).toEqual(['Correcta 2 ✓', 'Incorrecta 2a', 'Incorrecta 2b']);
}

/** Edit one question's answers; not before they are loaded. */
export async function answersEditedOnceLoaded(journey: Journey) {
  const { page, toast, questions } = journey;
  const spider = questions.card('patas tiene una araña');
  const editSpider = spider.getByRole('button', { name: /^Editar pregunta/ });
  let releaseAnswers!: () => void;
  const answersHeld = new Promise<void>((resolve) => (releaseAnswers = resolve));
  await page.route('**/api/questions/*/all-answers', async (route) => {
    await answersHeld;
    await route.continue();
  });
  await page.reload();
  await expect(spider.getByText('Cargando respuestas...')).toBeVisible();
  await expect(editSpider).toBeDisabled();
  releaseAnswers();
  await expect(editSpider).toBeEnabled();
  await page.unroute('**/api/questions/*/all-answers');
  await editSpider.click();
  await expect(questions.dialog().getByRole('heading', { name: 'Editar Pregunta' })).toBeVisible();
  await expect(questions.answerInput(1)).toHaveValue('6');
  await expect(questions.answerInput(2)).toHaveValue('8');
  await expect(questions.correctRadio(2)).toBeChecked();
  await questions.fillQuestion('¿Cuántas patas tiene una araña?', ['Seis', 'Ocho', 'Diez'], 2);
  await questions.submitDialog('Guardar Cambios');
  await expect(toast).toContainText('Pregunta actualizada correctamente');
  await expect.poll(() => questions.answersOf(spider)).toEqual(['Seis', 'Ocho ✓', 'Diez']);
}

/** The theme: the preview follows each edit before saving; saving stores it. */
export async function themePreviewedThenSaved(journey: Journey) {
  const { page, toast, questions, triviaId, triviaName } = journey;
  const themeOf = async () => (await (await page.request.get(`/api/question-groups/${triviaId}`)).json()).theme;
  const original = await themeOf();
  await questions.openTheme();
  const editor = questions.dialog();
  await expect(editor.getByRole('heading', { name: `Editar Estilos de Trivia - ${triviaName}` })).toBeVisible();
  for (const tab of ['Colores', 'Tipografía', 'Contenedores', 'Elementos', 'Animaciones']) {
    await expect(editor.getByRole('tab', { name: tab })).toBeVisible();
  }
  await editor.getByRole('tab', { name: 'Elementos' }).click();
  await editor.getByRole('button', { name: 'Botones' }).click();
  await editor.getByLabel('Fondo del botón', { exact: true }).fill('#cc0000');
  await expect(questions.previewButton()).toHaveCSS('background-color', 'rgb(204, 0, 0)');
  await editor.getByRole('tab', { name: 'Tipografía' }).click();
  await editor.getByLabel('Fuente principal').selectOption('Montserrat');
  await expect(questions.preview()).toHaveCSS('font-family', /^"?Montserrat/);
  await editor.getByRole('tab', { name: 'Colores' }).click();
  await editor.getByLabel(/^Imagen de fondo/).fill('http://example.com/fondo.png');
  await editor.getByRole('button', { name: 'Guardar Tema' }).click();
  await expect(editor).toContainText('La imagen de fondo debe ser una URL https');
  // The preview does not ask for an image the player page could not load either.
  await expect(questions.preview()).not.toHaveCSS('background-image', /example\.com/);
  await editor.getByLabel(/^Imagen de fondo/).fill('');
  await editor.getByRole('button', { name: 'Aplicar degradado al fondo' }).click();
  await expect(editor.getByLabel('Color de fondo', { exact: true })).toHaveValue('linear-gradient(135deg, #f0f4ff, #ffffff)');
  await expect(questions.preview()).toHaveCSS('background-image', /linear-gradient/);
  // Not saved yet.
  expect((await themeOf()).buttonBackgroundColor).toBe(original.buttonBackgroundColor);
  await editor.getByRole('button', { name: 'Guardar Tema' }).click();
  await expect(toast).toContainText('Tema actualizado correctamente');
  expect(await themeOf()).toMatchObject({ buttonBackgroundColor: '#cc0000', fontFamily: 'Montserrat', backgroundColor: 'linear-gradient(135deg, #f0f4ff, #ffffff)' });
}

/** Back on the cards: the settings were stored; a rename shows on the questions page at once. */
export async function settingsKeptAndRenamed(journey: Journey) {
  const { page, toast, groups, questions } = journey;
  let { triviaName } = journey;
  await page.getByRole('main').getByRole('link', { name: 'Trivias', exact: true }).click();
  await (await groups.cardAction(triviaName, 'Editar')).click();
  await groups.dialog().getByRole('tab', { name: 'Configuración' }).click();
  await expect(groups.dialog().getByLabel('Preguntas por ronda')).toHaveValue('3');
  await expect(groups.dialog().getByLabel('Intentos máximos')).toHaveValue('2');
  await groups.dialog().getByRole('tab', { name: 'Opciones' }).click();
  await expect(groups.dialog().getByLabel('Preguntas aleatorias')).not.toBeChecked();
  await expect(groups.dialog().getByRole('tab', { name: 'Personalizar' })).toBeVisible();
  await groups.dialog().getByRole('tab', { name: 'General' }).click();
  // The pasted instructions were kept formatted: the bold text stays, the image and script went.
  await expect(groups.instructions().locator('strong')).toHaveText('Lee bien');
  await expect(groups.instructions().locator('img, script')).toHaveCount(0);
  triviaName = `${triviaName} v2`;
  await groups.dialog().getByLabel('Nombre').fill(triviaName);
  await groups.submitTrivia();
  await expect(toast).toContainText('Trivia actualizada correctamente');
  await groups.cardLink(triviaName, 'Ver Preguntas').click();
  await expect(questions.heading()).toHaveText(triviaName);
  await questions.openTheme();
  await expect(questions.dialog().getByRole('heading', { name: `Editar Estilos de Trivia - ${triviaName}` })).toBeVisible();
  await questions.dialog().getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('main').getByRole('link', { name: 'Trivias', exact: true }).click();
  journey.triviaName = triviaName;
}
