import { testBundle } from './support/test-bundle';
import { expect as baseExpect, type Browser, type Page } from '@playwright/test';
import { test } from './fixtures';
import type { Company, QuestionGroup, TriviaRankingEntry } from '../../contract';
import { PlayerPage } from './pages/player-page';
import { QuestionsPage } from './pages/questions-page';
import { createFourQuestionTrivia, postJson, signInThroughApi } from './support/admin-api';
import { seriousViolations, tabTo } from './support/axe';
import { DOCS_SCREENSHOTS, docsScreenshot } from './support/screenshot';


// The admin screens load their code on first visit: give a shared, busy machine time.
const expect = baseExpect.configure({ timeout: 30_000 });
test.setTimeout(240_000);

/** The questions screen of a trivia, once its questions (or the empty state) show. */
async function openQuestions(page: Page, groupId: number) {
  await page.goto(`/packages/${groupId}/questions`);
  await expect(new QuestionsPage(page).cards().first().or(page.getByText('No hay preguntas en esta trivia. ¡Crea una nueva!'))).toBeVisible();
}

// axe is injected as a script, which the app's strict CSP would refuse.
test.use({ bypassCSP: true });

/** A template filled in by hand: three good rows and three with problems. */
const FILE = [
  'Pregunta;Respuesta 1;Respuesta 2;Respuesta 3;Correcta',
  '¿Cuál es el río más largo de Sudamérica?;Amazonas;Orinoco;Paraná;1',
  '¿En qué año llegó el ser humano a la Luna?;1969;1972;;1',
  '¿Qué ave es símbolo de los Andes?;Águila;Cóndor;Ñandú;2',
  '¿Cuántos continentes hay?;Cinco;;;1',
  '¿Color del cielo?;Azul;Gris;Verde;',
  '¿Capital de Chile?;Santiago;Valparaíso;;1 y 2',
].join('\r\n');

async function signedIn(browser: Browser, colorScheme: 'light' | 'dark', width = 1366) {
  const context = await browser.newContext({ colorScheme, reducedMotion: 'reduce', viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signInThroughApi(page);
  return { context, page };
}

async function companyWithSite(page: Page, name: string): Promise<Company> {
  const company = await postJson<Company>(page, '/api/companies', { name, description: 'Empresa de la prueba de importación' });
  await postJson(page, '/api/locations', { name: 'Stand Copia', companyId: company.id });
  return company;
}

async function emptyTrivia(page: Page, companyId: number, name: string): Promise<QuestionGroup> {
  return postJson<QuestionGroup>(page, `/api/companies/${companyId}/question-groups`, { name, description: 'Importación', companyId, questionsPerRound: 3 });
}

async function questionTexts(page: Page, groupId: number): Promise<string[]> {
  return ((await (await page.request.get(`/api/question-groups/${groupId}/questions`)).json()) as { text: string }[]).map((q) => q.text);
}

test('an admin imports a filled-in template: the preview names the bad rows, nothing is saved until confirmed', async ({ browser }) => {
  const { context, page } = await signedIn(browser, 'light');
  const company = await companyWithSite(page, `Importa ${Date.now()}`);
  const trivia = await emptyTrivia(page, company.id, 'Geografía importada');
  const screen = new QuestionsPage(page);
  await openQuestions(page, trivia.id);

  // Keyboard: the button opens the dialog.
  const opener = page.getByRole('button', { name: 'Importar preguntas' });
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = screen.dialog();
  await expect(dialog.getByRole('heading', { name: 'Importar preguntas' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Importar 0 preguntas' })).toBeDisabled();

  // The template comes from the server.
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Descargar plantilla (XLSX)' }).click();
  expect((await download).suggestedFilename()).toBe('plantilla_preguntas.xlsx');

  // A file that is not a spreadsheet, whatever its name, is refused with a clear message.
  await dialog.getByLabel('Archivo CSV, XLSX o ZIP').setInputFiles({ name: 'preguntas.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('%PDF-1.7 no es una hoja') });
  await expect(dialog.getByRole('alert')).toHaveText('El archivo no es una hoja de cálculo CSV o XLSX');

  await dialog.getByLabel('Archivo CSV, XLSX o ZIP').setInputFiles({ name: 'preguntas.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${FILE}`, 'utf-8') });
  await expect(dialog.getByRole('status')).toContainText('3 preguntas listas para importar · 3 filas con problemas');
  await expect(dialog.getByRole('status')).toContainText('Aún no se ha guardado nada.');
  const rows = dialog.getByRole('list', { name: 'Filas del archivo' });
  await expect(rows.getByRole('listitem', { name: 'Fila 5: con problemas' })).toContainText('Tiene una sola respuesta (mínimo 2)');
  await expect(rows.getByRole('listitem', { name: 'Fila 6: con problemas' })).toContainText('No indica la respuesta correcta (columna Correcta)');
  await expect(rows.getByRole('listitem', { name: 'Fila 7: con problemas' })).toContainText('Tiene 2 respuestas correctas (1, 2); marca solo una');
  await expect(rows.getByRole('listitem', { name: 'Fila 4: lista' })).toContainText('Cóndor (correcta)');
  expect(await questionTexts(page, trivia.id)).toEqual([]);

  const violations = await seriousViolations(page, 'light import preview');
  // The import preview's pictures (docs/question-import.md).
  if (DOCS_SCREENSHOTS) {
    for (const width of [390, 1024, 1366]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await docsScreenshot(page, `import-preview-${width}`);
    }
    await page.setViewportSize({ width: 1366, height: 900 });
  }

  const confirm = dialog.getByRole('button', { name: 'Importar 3 preguntas' });
  await tabTo(page, confirm);
  await page.keyboard.press('Enter');
  await expect(screen.toast()).toContainText('Se importaron 3 preguntas');
  await expect(screen.toast()).toContainText('Se omitieron 3 filas con problemas');
  await expect(dialog).toBeHidden();
  await expect(screen.cards()).toHaveCount(3);
  expect(await questionTexts(page, trivia.id)).toEqual([
    '¿Cuál es el río más largo de Sudamérica?',
    '¿En qué año llegó el ser humano a la Luna?',
    '¿Qué ave es símbolo de los Andes?',
  ]);

  // The dialog and its preview in dark mode: the same page, its colour scheme switched (docs/testing.md).
  await page.emulateMedia({ colorScheme: 'dark' });
  await openQuestions(page, trivia.id);
  await page.getByRole('button', { name: 'Importar preguntas' }).click();
  violations.push(...(await seriousViolations(page, 'dark import dialog')));
  await page.getByRole('dialog').getByLabel('Archivo CSV, XLSX o ZIP').setInputFiles({ name: 'p.csv', mimeType: 'text/csv', buffer: Buffer.from(FILE, 'utf-8') });
  await expect(page.getByRole('dialog').getByRole('status')).toContainText('3 filas con problemas');
  violations.push(...(await seriousViolations(page, 'dark import preview')));
  expect(violations).toEqual([]);
  await context.close();
});

test('an admin duplicates a trivia into another company and a player plays the copy', async ({ browser }) => {
  const { context, page } = await signedIn(browser, 'light');
  const stamp = Date.now();
  const source = await companyWithSite(page, `Origen ${stamp}`);
  const target = await companyWithSite(page, `Destino ${stamp}`);
  const original = await createFourQuestionTrivia(page, source.id, `Sumas ${stamp}`);
  const screen = new QuestionsPage(page);
  await openQuestions(page, original.id);

  await page.getByRole('button', { name: 'Duplicar' }).click();
  const dialog = screen.dialog();
  await expect(dialog.getByRole('heading', { name: `Duplicar «Sumas ${stamp}»` })).toBeVisible();
  await expect(dialog).toContainText('No lleva jugadores, resultados ni kioscos.');
  await dialog.getByLabel('Empresa de la copia').selectOption({ label: target.name });
  await dialog.getByRole('button', { name: 'Duplicar', exact: true }).click();
  await expect(screen.toast()).toContainText('Trivia duplicada');
  await expect(page).not.toHaveURL(new RegExp(`/packages/${original.id}/questions$`));
  await expect(screen.heading()).toHaveText(`Sumas ${stamp} (copia)`);
  const copyId = Number(/\/packages\/(\d+)\/questions/.exec(page.url())![1]);
  await expect(screen.cards()).toHaveCount(4);
  expect(await questionTexts(page, copyId)).toEqual(await questionTexts(page, original.id));

  // A player plays the copy on the player screen; the result ranks in the copy only.
  const bundle = await testBundle(copyId);
  expect(bundle.group.company.id).toBe(target.id);
  const player = new PlayerPage(page);
  await player.goto(copyId);
  await player.enterDocument(bundle.documentTypes[0]!.name, `77${String(stamp).slice(-7)}`);
  await player.registerAs('Copia Jugadora', 'Stand Copia');
  await player.start().click();
  await player.playRoundFrom(bundle, 1, [true, true, true, true], 4);
  await expect(player.score()).toContainText('100');
  await expect
    .poll(async () => ((await (await page.request.get(`/api/ranking?questionGroupId=${copyId}`)).json()) as TriviaRankingEntry[]).length, { timeout: 20_000 })
    .toBe(1);
  expect(await (await page.request.get(`/api/ranking?questionGroupId=${original.id}`)).json()).toEqual([]);
  await context.close();
});
