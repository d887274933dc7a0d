import { testBundle } from './support/test-bundle';
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import type { Company, TriviaRankingEntry } from '../../contract';
import { postJson } from './support/admin-api';
import { CompaniesPage } from './pages/companies-page';
import { LoginPage } from './pages/login-page';
import { PlayerPage } from './pages/player-page';
import { QuestionGroupsPage } from './pages/question-groups-page';
import { QuestionsPage } from './pages/questions-page';
import { solidPng } from './support/png';
import { docsScreenshot } from './support/screenshot';

/** Written into the trivia's instructions: the bold text must show, the image handler and the script must not run. */
const HOSTILE_INSTRUCTIONS = '<b>Lee bien</b><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';

/**
 * The "Must show" journey, on data of its own (the seeded demo trivia, which other specs
 * play, is not touched): everything a new admin does to put a trivia in front of players, a player
 * playing it, and the admin getting the scores out, clearing them and removing it all again.
 */
test('a new admin builds a company, a trivia and its questions, a player plays it, and the admin exports, clears and removes it', async ({ page, context, baseURL }) => {
  // One long journey through every admin screen and the player screen; the machine is shared.
  test.setTimeout(300_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const toast = page.getByTestId('toast');
  const stamp = Date.now().toString(36);
  const companyName = `Expo Andina ${stamp}`;
  let triviaName = `Trivia Seguridad ${stamp}`;
  const playerName = `=1+1 Ana Ruiz ${stamp}`;

  await new LoginPage(page).signInAsAdmin();

  // ── A company with two sites ──────────────────────────────────────────────────────────────
  const companies = new CompaniesPage(page);
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

  // ── Its logo: refused when it is not an image, shown once uploaded ────────────────────────
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

  // ── A trivia with its settings; a bad redirect URL is refused with the spec's message first ─
  const groups = new QuestionGroupsPage(page);
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

  // The chosen company is kept when coming back.
  await page.goto('/');
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

  // ── Three questions by hand (the form's checks first) ────────────────────────────────────
  await groups.cardLink(triviaName, 'Ver Preguntas').click();
  const questions = new QuestionsPage(page);
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

  // ── Two with AI (the test's own OpenAI-compatible service) ───────────────────────────────
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

  // ── Edit one question's answers; not before they are loaded ──────────────────────────────
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

  // ── The theme: the preview follows each edit before saving; saving stores it ─────────────
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

  // ── Back on the cards: the settings were stored; a rename shows on the questions page at once ─
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

  // ── Copiar Link puts the public play link on the clipboard ───────────────────────────────
  await (await groups.cardAction(triviaName, 'Copiar Link')).click();
  await expect(toast).toContainText('Link copiado');
  const playLink = await page.evaluate(() => navigator.clipboard.readText());
  expect(playLink).toBe(`${baseURL}${playHref}`);
  await expect(groups.cardLink(triviaName, 'Ver Ranking')).toHaveAttribute('href', `/ranking/${triviaId}`);

  // ── A player opens the copied link on a kiosk of their own and plays a round ─────────────
  const kiosk = await context.browser()!.newContext({ baseURL, locale: 'es-CO' });
  const kioskPage = await kiosk.newPage();
  const player = new PlayerPage(kioskPage);
  const bundle = await testBundle(triviaId);
  await kioskPage.goto(playLink);
  await expect(player.validate()).toBeVisible();
  await player.enterDocument(bundle.documentTypes[0]!.name, `9${Date.now() % 1_000_000_000}`);
  await player.registerAs(playerName, 'Stand Sur');
  // The instructions: the bold text rendered, nothing of the image handler or the script.
  const instructions = kioskPage.getByTestId('group-instructions');
  await expect(instructions.locator('strong')).toHaveText('Lee bien');
  await expect(instructions.locator('img, script')).toHaveCount(0);
  await expect(kioskPage.locator('img[onerror]')).toHaveCount(0);
  expect(await kioskPage.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  await player.start().click();
  await player.playRoundFrom(bundle, 1, [true, false, true], 3);
  await expect(player.score()).toHaveText('67%');
  expect(await kioskPage.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  await expect
    .poll(async () => {
      const reply = await page.request.get(`/api/ranking?questionGroupId=${triviaId}`);
      return ((await reply.json()) as TriviaRankingEntry[]).length;
    }, { timeout: 20_000 })
    .toBe(1);
  await kiosk.close();

  // ── Ver Ranking shows the player ─────────────────────────────────────────────────────────
  await groups.cardLink(triviaName, 'Ver Ranking').click();
  await expect(page.getByTestId('ranking-row')).toHaveCount(1);
  await expect(page.getByTestId('ranking-row')).toContainText('Ana Ruiz');
  await expect(page.getByTestId('ranking-score')).toHaveText('67%');
  await page.goBack();

  // ── Descargar Puntajes: the dated name, a BOM, the Spanish header, the row made inert ────
  const downloading = page.waitForEvent('download');
  await (await groups.cardAction(triviaName, 'Descargar Puntajes')).click();
  const download = await downloading;
  // The name as written (filename*: spaces and accents kept), not the spec's ASCII fallback.
  expect(download.suggestedFilename()).toMatch(new RegExp(`^puntajes_Trivia Seguridad ${stamp} v2_\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const csv = await readFile((await download.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv.toString('utf8').slice(1).split('\r\n').filter(Boolean);
  expect(lines[0]).toMatch(/^Nombre completo,Tipo de documento,Número de documento,Sede,Puntaje \(%\)/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^'=1\\+1 Ana Ruiz ${stamp},[^,]+,9\\d+,Stand Sur,67,2,3,`));
  await expect(toast).toContainText('Archivo de puntajes descargado correctamente');

  // ── Limpiar Datos asks the browser to confirm, naming the trivia; the ranking then is empty ─
  page.once('dialog', async (dialog) => {
    expect(dialog.type()).toBe('confirm');
    expect(dialog.message()).toContain(`"${triviaName}"`);
    expect(dialog.message()).toContain('no se puede deshacer');
    await dialog.accept();
  });
  await (await groups.cardAction(triviaName, 'Limpiar Datos')).click();
  await expect(toast).toContainText('Datos eliminados');
  await expect(toast).toContainText('Se eliminó 1 intento de juego');
  await groups.cardLink(triviaName, 'Ver Ranking').click();
  await expect(page.getByText('No hay resultados para mostrar')).toBeVisible();
  await expect(page.getByTestId('ranking-row')).toHaveCount(0);
  await page.goBack();

  // ── A company that still has a trivia cannot be deleted ──────────────────────────────────
  await companies.goto();
  await companies.deleteCompany(companyName);
  await expect(toast).toContainText('No se pudo eliminar la empresa');
  await expect(toast).toContainText('todavía tiene trivias o campañas');

  // ── Delete a question, after a confirmation that says its answers go too ─────────────────
  await questions.goto(triviaId);
  const sky = questions.card('color es el cielo');
  await sky.getByRole('button', { name: /^Eliminar pregunta/ }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Se eliminarán también todas sus respuestas');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(toast).toContainText('Pregunta eliminada correctamente');
  await expect(questions.cards()).toHaveCount(4);
  await expect(sky).toHaveCount(0);

  // ── Delete the trivia, the sites and the company, each with its confirmation ─────────────
  await groups.goto();
  await groups.deleteTrivia(triviaName);
  await expect(toast).toContainText('Trivia eliminada correctamente');
  await expect(page.getByText('No hay trivias para esta empresa. ¡Crea una nueva!')).toBeVisible();
  expect((await page.request.get(`/api/question-groups/${triviaId}`)).status()).toBe(404);

  await companies.goto();
  await companies.openLocations(companyName);
  await companies.deleteLocation('Stand Sur');
  await expect(toast).toContainText('Sede eliminada correctamente');
  await companies.deleteLocation('Stand Oriente');
  await expect(companies.locationsPanel()).toContainText('No hay sedes. Agrega la primera arriba.');
  await companies.deleteCompany(companyName);
  await expect(toast).toContainText('Empresa eliminada correctamente');
  await expect(companies.row(companyName)).toHaveCount(0);
});

test('/packages at event size: 23 trivias fit in about 2,000 px at 1366 px and read on a phone without sideways scroll', async ({ browser, page }) => {
  test.setTimeout(240_000);
  await new LoginPage(page).signInAsAdmin();
  const stamp = Date.now().toString(36);
  const company = await postJson<Company>(page, '/api/companies', { name: `Feria del Libro ${stamp}`, description: 'Una feria con muchas trivias' });
  const topics = ['Historia de Colombia', 'Ciencia para niños', 'Fútbol mundial', 'Música latina', 'Geografía', 'Cine', 'Tecnología', 'Gastronomía'];
  for (let i = 0; i < 23; i++) {
    await postJson(page, `/api/companies/${company.id}/question-groups`, {
      name: `${topics[i % topics.length]}, día ${1 + (i % 3)}${i % 5 === 0 ? ' (edición especial para el público infantil)' : ''}`,
      description:
        i % 3 === 0
          ? 'Para el público general del stand: las normas de la feria, los premios de cada día, los horarios y lo que hay que saber antes de jugar, en la tableta del stand o desde el celular.'
          : `Trivia ${i + 1} de la feria`,
      companyId: company.id,
      questionsPerRound: 5,
      randomizeQuestions: true,
      randomizeAnswers: true,
      maxAttempts: 0,
    });
  }
  const groups = new QuestionGroupsPage(page);
  const size = () => page.evaluate(() => ({ height: document.documentElement.scrollHeight, sideways: document.documentElement.scrollWidth - window.innerWidth }));

  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto(`/packages?company=${company.id}`);
  await expect(page.getByRole('article')).toHaveCount(23, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Ver más' }).first()).toBeVisible();
  const desktop = await size();
  console.log(`/packages, 23 trivias at 1366 px: ${desktop.height} px tall`);
  expect(desktop.height).toBeLessThanOrEqual(2000);
  expect(desktop.sideways).toBeLessThanOrEqual(0);
  // Each card: three buttons and "Más acciones".
  const card = groups.card(`${topics[1]}, día 2`);
  await expect(card.getByRole('link')).toHaveText(['Ver Preguntas', 'Ver Ranking', 'Resultados']);
  await expect(card.getByRole('button', { name: /^Más acciones de / })).toBeVisible();
  await docsScreenshot(page, 'packages-desktop', { fullPage: true });

  const storageState = await page.context().storageState();
  for (const phone of [
    { width: 390, height: 900, colorScheme: 'dark' as const, shot: 'packages-phone-dark' },
    { width: 195, height: 422, colorScheme: 'light' as const, shot: null },
  ]) {
    const context = await browser.newContext({ viewport: { width: phone.width, height: phone.height }, deviceScaleFactor: phone.width === 195 ? 4 : 1, colorScheme: phone.colorScheme, storageState });
    const narrow = await context.newPage();
    await narrow.goto(`/packages?company=${company.id}`);
    await expect(narrow.getByRole('article')).toHaveCount(23, { timeout: 30_000 });
    const seen = await narrow.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(seen, `${phone.width} px: no sideways scroll`).toBeLessThanOrEqual(0);
    // The phone's first screen (the whole page is about 4,000 px).
    if (phone.shot) await docsScreenshot(narrow, phone.shot);
    await context.close();
  }
});
