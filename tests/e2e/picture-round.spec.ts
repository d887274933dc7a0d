import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Company, PlayBundle, QuestionGroup } from '../../contract';
import { photo } from '../support/picture-uploads';
import { PlayerPage } from './pages/player-page';
import { QuestionsPage } from './pages/questions-page';
import { postJson, signInThroughApi, uploadPicture, type Requester } from './support/admin-api';
import { seriousViolations } from './support/axe';
import { completeKioskSetup } from './support/kiosk-setup-link';
import { PHONE } from './support/player-round';
import { reviewScreen } from './support/screen-review';
import { docsScreenshot } from './support/screenshot';
import { kioskShellKept } from './support/kiosk-shell';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

const PIN = '135790';
const SITE = 'Stand Fotos';
const ALT = 'El stand azul de la feria, con su letrero encendido';

/** A company with one site and a trivia of `questionsPerRound`, through the API. */
async function pictureTrivia(page: Requester, label: string, questionsPerRound: number): Promise<QuestionGroup> {
  const company = await postJson<Company>(page, '/api/companies', { name: `${label} ${Date.now()}`, description: 'Feria' });
  await postJson(page, '/api/locations', { name: SITE, companyId: company.id });
  return postJson<QuestionGroup>(page, `/api/companies/${company.id}/question-groups`, {
    name: `Trivia ${label} ${Date.now()}`,
    companyId: company.id,
    questionsPerRound,
    randomizeQuestions: false,
    maxAttempts: 0,
  });
}

/**
 * A tablet set up by staff as a kiosk of the trivia through a one-time link, online, its service
 * worker in control; `prepare` runs on its context first (a route the test needs).
 */
async function setUpTablet(page: Requester, browser: Browser, baseURL: string | undefined, triviaId: number, name: string, prepare?: (tablet: BrowserContext) => Promise<unknown>) {
  const link = await postJson<{ path: string }>(page, `/api/question-groups/${triviaId}/kiosk-setup`, {});
  const tablet = await browser.newContext({ baseURL, locale: 'es-CO', viewport: { width: 1024, height: 768 } });
  await prepare?.(tablet);
  const kiosk = await tablet.newPage();
  await kiosk.goto(link.path);
  await completeKioskSetup(kiosk, name, PIN);
  await kioskShellKept(kiosk);
  return { tablet, kiosk, player: new PlayerPage(kiosk) };
}

/** The question on screen shows its picture, loaded (not its alt text in a frame), with its alt text. */
async function expectPictureShown(page: Page) {
  const image = page.locator('.player-question-picture img');
  await expect(image).toHaveAttribute('alt', ALT);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
  await expect(page.getByTestId('picture-missing')).toHaveCount(0);
}

/**
 * A picture from the editor to a kiosk without connection and to a phone: the organiser adds a
 * question with a picture and its alt text in the editor; a kiosk set up by staff downloads the
 * trivia's pictures with its bundle ("Imágenes listas 1 de 1" in the staff panel), loses its
 * connection, is reloaded and plays the round with the picture shown, which reaches the server once
 * the connection is back; a phone plays it online; the analysis counts both rounds and shows the
 * picture with the question. axe finds nothing serious on those screens.
 */
test('a picture question reaches an offline kiosk and a phone', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  await signInThroughApi(page);
  const stamp = Date.now();
  const trivia = await pictureTrivia(page, 'con fotos', 2);

  // The organiser's question, in the editor: its picture and alt text.
  const questions = new QuestionsPage(page);
  await questions.goto(trivia.id);
  await questions.openCreate();
  await page.keyboard.type('¿Cuál es nuestro stand?');
  const control = questions.dialog().getByRole('group', { name: 'Imagen (opcional)' });
  await control.locator('input[type="file"]').setInputFiles({ name: 'stand.jpg', mimeType: 'image/jpeg', buffer: await photo(2000, 1300, 3) });
  await control.getByLabel('Texto alternativo').fill(ALT);
  await questions.fillQuestion('¿Cuál es nuestro stand?', ['El azul', 'El verde', 'El rojo'], 1);
  await questions.submitDialog('Crear Pregunta');
  await expect(questions.dialog()).toBeHidden();
  // A second question, its picture through the API (the editor's own test covers the rest).
  const second = await uploadPicture(page, trivia.id, await photo(1600, 1000, 5));
  await postJson(page, `/api/question-groups/${trivia.id}/questions`, {
    text: '¿Qué color tiene el logo?',
    groupId: trivia.id,
    picture: { name: second.name, alt: ALT },
    answers: [{ text: 'Azul', isCorrect: true }, { text: 'Verde' }],
  });

  // The kiosk: set up by staff through a one-time link, online once.
  const { tablet, kiosk, player } = await setUpTablet(page, browser, baseURL, trivia.id, 'Tableta Fotos');
  // Staff check that the pictures are on the device before the booth opens.
  await player.statusBadge().click();
  await kiosk.getByRole('button', { name: 'Panel del personal' }).click();
  await kiosk.getByTestId('kiosk-pin').getByLabel('PIN del kiosco').fill(PIN);
  await kiosk.getByTestId('kiosk-pin').getByRole('button', { name: 'Abrir el panel' }).click();
  const panel = kiosk.getByRole('dialog', { name: 'Panel del personal' });
  await expect(panel.getByTestId('staff-pictures')).toContainText(/Imágenes listas \d de 2/);
  // The download runs in the background as the kiosk opens: "Descargar imágenes" takes what is left.
  const download = panel.getByRole('button', { name: 'Descargar imágenes' });
  if (await download.isVisible()) await download.click();
  await expect(panel.getByTestId('staff-pictures')).toHaveText('Imágenes listas 2 de 2');
  await panel.getByRole('button', { name: 'Cerrar' }).click();

  // The connection is lost and the kiosk reloaded: the round plays with its pictures, from the device.
  await tablet.setOffline(true);
  await kiosk.reload();
  await expect(player.attract()).toBeVisible();
  await expect(kiosk.getByTestId('picture-notice')).toBeEmpty();
  await player.tapToPlay().click();
  const bundle = await (await page.request.get(`/api/play/${trivia.id}/bundle`)).json() as PlayBundle;
  await player.enterDocument(bundle.documentTypes[0]!.name, String(3_000_000_000 + (stamp % 1_000_000_000)));
  await player.registerAs('Rosa Sin Red', SITE);
  await player.start().click();
  await expect(player.counter()).toHaveText('1 / 2');
  await expectPictureShown(kiosk);
  expect(await seriousViolations(kiosk, 'offline kiosk question with a picture')).toEqual([]);
  await player.answers().first().click();
  await expect(player.counter()).toHaveText('2 / 2', { timeout: 10_000 });
  await expectPictureShown(kiosk);
  await player.answers().first().click();
  await expect(player.completed()).toBeVisible({ timeout: 10_000 });
  // The connection is back: the round played offline reaches the server.
  await tablet.setOffline(false);
  await kiosk.reload();
  await expect(player.pending()).toHaveText('Nada por sincronizar', { timeout: 30_000 });
  await tablet.close();

  // A phone, online, through the public link.
  const phone = await browser.newContext({ baseURL, locale: 'es-CO', viewport: PHONE, isMobile: true, hasTouch: true, colorScheme: 'dark' });
  const mobile = await phone.newPage();
  const visitor = new PlayerPage(mobile);
  await visitor.goto(trivia.id);
  await visitor.enterDocument(bundle.documentTypes[0]!.name, String(4_000_000_000 + (stamp % 1_000_000_000)));
  await visitor.registerAs('Luis En Línea', SITE);
  await visitor.start().click();
  await expect(visitor.counter()).toHaveText('1 / 2');
  await expectPictureShown(mobile);
  expect(await seriousViolations(mobile, 'phone question with a picture (dark)')).toEqual([]);
  for (const n of [1, 2]) {
    await expect(visitor.counter()).toHaveText(`${n} / 2`, { timeout: 10_000 });
    await visitor.answers().first().click();
  }
  await expect(visitor.completed()).toBeVisible({ timeout: 10_000 });
  await phone.close();

  // The organiser's analysis counts both rounds and shows the picture where it shows the question.
  await page.goto(`/packages/${trivia.id}/analysis`);
  const analysed = page.getByRole('region', { name: /¿Cuál es nuestro stand\?/ });
  await expect(analysed.getByRole('img', { name: ALT })).toBeVisible();
  await expect(page.getByTestId('analysis-summary')).toContainText('2 rondas contadas');
  // axe in light and dark, three widths, no sideways scroll at 200 % zoom.
  await reviewScreen(page, 'analysis-question-picture-page');
  await expect.poll(() => analysed.getByRole('img', { name: ALT }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await docsScreenshot(analysed, 'analysis-question-picture', { style: 'header { display: none !important; }' });

  // The questions with their pictures, as one file (its content: tests/api/pictures.test.ts).
  await questions.goto(trivia.id);
  await page.getByRole('button', { name: 'Exportar preguntas' }).click();
  const zipFile = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Excel con imágenes (ZIP)' }).click();
  expect((await zipFile).suggestedFilename()).toBe(`preguntas_${trivia.name}.zip`);
});

/**
 * A kiosk that could not download its pictures (the venue's network blocked them) and then loses its
 * connection says so before any round, and its questions show each picture's description instead.
 */
test('an offline kiosk without its pictures says so, and its round shows their descriptions', async ({ context: admin, browser, baseURL }) => {
  test.setTimeout(180_000);
  await signInThroughApi(admin);
  const stamp = Date.now();
  const trivia = await pictureTrivia(admin, 'sin descargar', 1);
  const picture = await uploadPicture(admin, trivia.id, await photo(1600, 1000, 9));
  await postJson(admin, `/api/question-groups/${trivia.id}/questions`, {
    text: '¿Qué muestra la foto?',
    groupId: trivia.id,
    picture: { name: picture.name, alt: ALT },
    answers: [{ text: 'El stand', isCorrect: true }, { text: 'La entrada' }],
  });
  // Every picture request of this tablet fails, as on a network that blocks them.
  const { tablet, kiosk, player } = await setUpTablet(admin, browser, baseURL, trivia.id, 'Tableta Sin Fotos', (context) =>
    context.route('**/api/pictures/p*', (route) => route.abort()),
  );
  await expect(kiosk.getByTestId('picture-notice')).toBeEmpty();

  await tablet.setOffline(true);
  await kiosk.reload();
  await expect(player.attract()).toBeVisible();
  await expect(kiosk.getByTestId('picture-notice')).toHaveText('Sin conexión: falta 1 imagen de esta trivia en este kiosco; se verá su descripción.');
  // The line passes axe in both schemes and wraps at 200 % zoom (a 1366 px laptop's 683 CSS px): nothing scrolls sideways.
  for (const scheme of ['light', 'dark'] as const) {
    await kiosk.emulateMedia({ colorScheme: scheme });
    expect(await seriousViolations(kiosk, `offline kiosk missing its pictures (${scheme})`)).toEqual([]);
  }
  await kiosk.setViewportSize({ width: 683, height: 450 });
  expect(await kiosk.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await kiosk.setViewportSize({ width: 1024, height: 768 });
  await player.tapToPlay().click();
  const bundle = (await (await admin.request.get(`/api/play/${trivia.id}/bundle`)).json()) as PlayBundle;
  await player.enterDocument(bundle.documentTypes[0]!.name, String(5_000_000_000 + (stamp % 1_000_000_000)));
  await player.registerAs('Ana Sin Fotos', SITE);
  await player.start().click();
  await expect(player.counter()).toHaveText('1 / 1');
  await expect(kiosk.getByTestId('picture-missing')).toHaveText(ALT);
  await tablet.close();
});
