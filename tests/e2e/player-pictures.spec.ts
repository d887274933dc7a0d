import type { Browser, Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import type { PlacedPicture, QuestionGroup, QuestionWithAnswers } from '../../contract';
// The rule the player and a kiosk's download share: the test expects exactly its URLs.
import { pictureChoice } from '../../web/offline/picture-choice';
import { postJson, signInThroughApi, uploadPicture } from './support/admin-api';
import { feedbackOnScreen } from './support/answer-feedback';
import { seriousViolations, tabTo } from './support/axe';
import { DEMO_COMPANY, PHONE, TABLET, playerContext } from './support/player-round';
import { picturesSettled, startRound } from './support/picture-player';
import { docsScreenshot } from './support/screenshot';
import { photo } from '../support/picture-uploads';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

/**
 * Pictures on the player screen (docs/pictures.md, "On the player screen"): a question's picture
 * above its text, read with it; picture answers as a grid of cards with the text answers' buttons
 * and feedback; a picture that cannot be loaded as its alt text in a frame; the next question's
 * pictures fetched ahead; no layout shift; axe in light and dark; the screenshots of the docs (with
 * DOCS_SCREENSHOTS=1).
 */

const QUESTION_ALT = 'Un círculo verde y un rectángulo morado sobre un degradado';
const ANSWERS = [
  { text: 'Naranja', alt: 'Foto en tonos naranjas con un círculo', size: [800, 600], tone: 0, isCorrect: true },
  { text: 'Azul', alt: 'Foto en tonos azules, vertical', size: [600, 800], tone: 4, isCorrect: false },
  { text: 'Verde', alt: 'Foto cuadrada en tonos verdes', size: [800, 800], tone: 2, isCorrect: false },
] as const;
const BROKEN_QUESTION_ALT = 'Un faro blanco junto al mar al atardecer';
const BROKEN_ANSWER_ALT = 'Faro blanco de rayas rojas';

interface PictureTrivia {
  group: QuestionGroup;
  questionPicture: PlacedPicture;
  answerPictures: PlacedPicture[];
  broken: string[];
}

/**
 * Three questions in order: one with a picture (text answers); one with picture answers and a
 * text-only one (the first is correct); one whose picture and an answer's picture the test makes fail.
 */
async function pictureTrivia(browser: Browser, name: string): Promise<PictureTrivia> {
  // Requests only, in the context's own cookie jar: no page is opened.
  const admin = await browser.newContext();
  await signInThroughApi(admin);
  const label = `${name} ${Date.now() % 1_000_000}`;
  const group = await postJson<QuestionGroup>(admin, `/api/companies/${DEMO_COMPANY}/question-groups`, {
    name: label,
    description: 'Preguntas con imágenes',
    companyId: DEMO_COMPANY,
    questionsPerRound: 3,
    randomizeQuestions: false,
    randomizeAnswers: false,
    maxAttempts: 0,
  });
  const question = (text: string, picture: { name: string; alt: string } | null, answers: { text: string; isCorrect: boolean; picture?: { name: string; alt: string } }[]) =>
    postJson<QuestionWithAnswers>(admin, `/api/question-groups/${group.id}/questions`, { text: `${text} (${label})`, groupId: group.id, picture, answers });

  const cover = await uploadPicture(admin, group.id, await photo(1200, 800, 1));
  const first = await question('¿Qué figuras hay en la foto?', { name: cover.name, alt: QUESTION_ALT }, [
    { text: 'Un círculo y un rectángulo', isCorrect: true },
    { text: 'Solo triángulos', isCorrect: false },
    { text: 'Ninguna figura', isCorrect: false },
  ]);
  const answerPictures: { name: string; alt: string }[] = [];
  for (const answer of ANSWERS) answerPictures.push({ name: (await uploadPicture(admin, group.id, await photo(answer.size[0], answer.size[1], answer.tone))).name, alt: answer.alt });
  const second = await question('¿Cuál de estas fotos es la más cálida?', null, [
    ...ANSWERS.map((a, i) => ({ text: a.text, isCorrect: a.isCorrect, picture: answerPictures[i]! })),
    { text: 'Ninguna de ellas', isCorrect: false },
  ]);
  const lighthouse = await uploadPicture(admin, group.id, await photo(1000, 750, 6));
  const stripes = await uploadPicture(admin, group.id, await photo(700, 700, 7));
  await question('¿Qué muestra esta foto?', { name: lighthouse.name, alt: BROKEN_QUESTION_ALT }, [
    { text: 'Un faro', isCorrect: true, picture: { name: stripes.name, alt: BROKEN_ANSWER_ALT } },
    { text: 'Una montaña', isCorrect: false },
  ]);
  await admin.close();
  return { group, questionPicture: first.picture!, answerPictures: second.answers.map((a) => a.picture!).slice(0, ANSWERS.length), broken: [lighthouse.name, stripes.name] };
}

/** The pictures' requests fail, as on a link that drops them: their alt text must show instead. */
async function failPictures(page: Page, names: string[]) {
  for (const name of names) await page.route(`**/api/pictures/${name}-*`, (route) => route.abort('connectionfailed'));
}

/** Sums the layout shifts (without recent input) after `since` (performance.now() in the page). */
async function layoutShiftSince(page: Page, since: number): Promise<number> {
  return page.evaluate(
    (from) =>
      new Promise<number>((resolve) => {
        // Entries are delivered after a frame: wait two before reading.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const shifts = (window as unknown as { __shifts: { value: number; startTime: number }[] }).__shifts;
            resolve(shifts.filter((s) => s.startTime > from).reduce((sum, s) => sum + s.value, 0));
          }),
        );
      }),
    since,
  );
}

const recordLayoutShifts = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; startTime: number }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; startTime: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) w.__shifts.push({ value: entry.value, startTime: entry.startTime });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });

/** The URL path the browser shows an img from. */
const shownFrom = (page: Page, alt: string) => page.getByRole('img', { name: alt, exact: true }).evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);

// The player's page has a strict CSP; axe is injected into it.
test.use({ bypassCSP: true });

test('a phone shows a question picture with its alt text, picture answers as cards chosen by keyboard, fetched ahead, and the alt text of a picture that fails', async ({ browser }) => {
  test.setTimeout(180_000);
  const trivia = await pictureTrivia(browser, 'Imágenes');
  // No service worker: the test's routes see every picture request (Playwright does not route a worker's).
  const context = await playerContext(browser, { serviceWorkers: 'block', bypassCSP: true });
  const page = await context.newPage();
  await recordLayoutShifts(page);
  const requested: { path: string; at: number }[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/pictures/')) requested.push({ path, at: Date.now() });
  });
  await failPictures(page, trivia.broken);
  // The question's picture waits until the test has measured its box.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/pictures/${trivia.questionPicture.name}-*`, async (route: Route) => {
    await held;
    await route.continue();
  });
  const check = async (step: string) => expect(await seriousViolations(page, step)).toEqual([]);

  const player = await startRound(page, trivia.group.id, 'Imagen Teclado');

  // 1. The question's picture, above its text, read with it.
  await expect(player.questionText()).toBeFocused();
  const since = await page.evaluate(() => performance.now());
  const questionImg = page.getByRole('img', { name: QUESTION_ALT, exact: true });
  await expect(questionImg).toBeVisible();
  await expect(player.questionText()).toHaveAccessibleDescription(`${QUESTION_ALT} Pregunta 1 de 3`);
  const before = await questionImg.evaluate((img: HTMLImageElement) => ({ loaded: img.naturalWidth > 0, ...img.getBoundingClientRect().toJSON() }) as { loaded: boolean; width: number; height: number; top: number });
  expect(before.loaded, 'measured before the picture arrived').toBe(false);
  // Its box is already the picture's shape (1200 × 800), within the 35vh it may take.
  expect(before.width).toBeGreaterThan(200);
  expect(Math.abs(before.height - (before.width * 800) / 1200)).toBeLessThan(1.5);
  expect(before.height).toBeLessThanOrEqual(PHONE.height * 0.35 + 1);
  const textTop = (await player.questionText().boundingBox())!.y;
  release();
  await expect.poll(() => questionImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const after = await questionImg.evaluate((img) => img.getBoundingClientRect().toJSON() as { width: number; height: number; top: number });
  expect([after.width, after.height, after.top]).toEqual([before.width, before.height, before.top]);
  expect((await player.questionText().boundingBox())!.y).toBe(textTop);
  expect(await layoutShiftSince(page, since), 'no layout shift while the question and its picture appear').toBeLessThan(0.001);
  // The browser took the AVIF (else WebP) URL the shared rule names, at the phone's width.
  const cover = pictureChoice(trivia.questionPicture, 'question', PHONE.width, 1);
  expect([cover.avif, cover.webp]).toContain(await shownFrom(page, QUESTION_ALT));
  // The next question's pictures are fetched ahead, in the same format and width.
  const ahead = trivia.answerPictures.map((picture) => pictureChoice(picture, 'answer', PHONE.width, 1));
  const format = (await shownFrom(page, QUESTION_ALT)).endsWith('.avif') ? 'avif' : 'webp';
  await expect.poll(() => ahead.every((c) => requested.some((r) => r.path === c[format]))).toBe(true);
  expect(requested.filter((r) => r.path.endsWith('.jpg')), 'no JPEG fetched where AVIF or WebP shows').toEqual([]);
  await expect(page.getByTestId('next-pictures')).toHaveAttribute('aria-hidden', 'true');
  await check('question with a picture (light)');
  await page.mouse.move(0, 0);
  await docsScreenshot(page, 'player-question-picture-phone', { fullPage: true });

  await tabTo(page, player.answers().first());
  await page.keyboard.press('Enter');
  await expect(player.answers().first()).toHaveAttribute('data-state', 'correct');
  const secondShownAt = Date.now();

  // 2. Picture answers: a grid of cards, two columns, the text-only answer a card too.
  await expect(player.counter()).toHaveText('2 / 3', { timeout: 15_000 });
  await expect(player.questionText()).toBeFocused();
  const cards = page.locator('.player-answer-grid > .player-answer-card');
  await expect(cards).toHaveCount(4);
  for (const [i, answer] of ANSWERS.entries()) {
    await expect(cards.nth(i).getByRole('img', { name: answer.alt, exact: true })).toBeVisible();
    await expect(cards.nth(i).getByTestId('answer-text')).toHaveText(answer.text);
    await expect(player.answers().nth(i)).toHaveAccessibleName(`${answer.alt} ${answer.text}`);
  }
  await expect(cards.nth(3).locator('img')).toHaveCount(0);
  await expect(cards.nth(3).getByTestId('answer-text')).toHaveText('Ninguna de ellas');
  const boxes = await cards.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as { left: number; top: number }));
  expect(boxes[0]!.top).toBe(boxes[1]!.top);
  expect(boxes[1]!.left).toBeGreaterThan(boxes[0]!.left);
  expect(boxes[2]!.left).toBe(boxes[0]!.left);
  await picturesSettled(page);
  // What they show is what was fetched ahead, before the question appeared.
  for (const [i, answer] of ANSWERS.entries()) {
    const shown = await shownFrom(page, answer.alt);
    expect(shown).toBe(ahead[i]![format]);
    expect(requested.find((r) => r.path === shown)!.at).toBeLessThan(secondShownAt);
  }
  await check('answer pictures (light)');
  await page.mouse.move(0, 0);
  await docsScreenshot(page, 'player-answer-pictures-phone', { fullPage: true });

  // Chosen by keyboard: the same buttons, marks and words as text answers.
  const wrong = player.answers().nth(1);
  await tabTo(page, wrong);
  const feedback = feedbackOnScreen(page);
  await page.keyboard.press('Space');
  const shown = await feedback;
  expect(shown.focused, 'the chosen card keeps the focus').toBe(1);
  expect(shown.answers.map((a) => a.ariaDisabled)).toEqual(['true', 'true', 'true', 'true']);
  expect(shown.answers.map((a) => a.pressed)).toEqual(['false', 'true', 'false', 'false']);
  expect(shown.answers[1]).toMatchObject({ state: 'wrong', word: 'Tu respuesta: incorrecta', icon: true });
  expect(shown.answers[0]).toMatchObject({ state: 'right-answer', word: 'Respuesta correcta', icon: true });
  expect(shown.answers[2]).toMatchObject({ state: 'dimmed', word: null });
  await expect(player.live()).toHaveText('Incorrecta, la correcta es Naranja');

  // 3. Pictures whose requests fail show their alt text in a frame, never a broken image.
  await expect(player.counter()).toHaveText('3 / 3', { timeout: 15_000 });
  await expect(player.questionText()).toBeFocused();
  const missing = page.getByTestId('picture-missing');
  await expect(missing).toHaveText([BROKEN_QUESTION_ALT, BROKEN_ANSWER_ALT]);
  await expect(page.locator('.player-card img[alt]:not([alt=""])').filter({ visible: true })).toHaveCount(0);
  await expect(player.questionText()).toHaveAccessibleDescription(`${BROKEN_QUESTION_ALT} Pregunta 3 de 3`);
  await expect(player.answers().first()).toHaveAccessibleName(`${BROKEN_ANSWER_ALT} Un faro`);
  await check('pictures that failed (light)');
  await tabTo(page, player.answers().first());
  await page.keyboard.press('Enter');
  await expect(player.answers().first()).toHaveAttribute('data-state', 'correct');
  await expect(player.score()).toHaveText('67%', { timeout: 15_000 });
  await context.close();
});

test('a tablet in dark mode passes axe with pictures, and at 200 % zoom the cards stack without sideways scroll', async ({ browser }) => {
  test.setTimeout(180_000);
  const trivia = await pictureTrivia(browser, 'Imágenes oscuro');
  const context = await playerContext(browser, { dark: true, viewport: TABLET, serviceWorkers: 'block', bypassCSP: true });
  const page = await context.newPage();
  await failPictures(page, trivia.broken);
  const check = async (step: string) => expect(await seriousViolations(page, step)).toEqual([]);
  const player = await startRound(page, trivia.group.id, 'Imagen Oscura');

  await expect(player.questionText()).toBeFocused();
  await picturesSettled(page);
  const cover = pictureChoice(trivia.questionPicture, 'question', TABLET.width, 1);
  expect([cover.avif, cover.webp]).toContain(await shownFrom(page, QUESTION_ALT));
  // Within its 35vh: a landscape picture narrower than the column, centred.
  const box = (await page.getByRole('img', { name: QUESTION_ALT }).boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(TABLET.height * 0.35 + 1);
  await check('question with a picture (dark)');
  await page.mouse.move(0, 0);
  await docsScreenshot(page, 'player-question-picture-tablet', { fullPage: true });
  await player.answers().first().click();

  await expect(player.counter()).toHaveText('2 / 3', { timeout: 15_000 });
  await picturesSettled(page);
  await check('answer pictures (dark)');
  await page.mouse.move(0, 0);
  await docsScreenshot(page, 'player-answer-pictures-tablet', { fullPage: true });
  // 200 % zoom on a 390 px phone: one card a row, nothing wider than the screen.
  await page.setViewportSize({ width: PHONE.width / 2, height: PHONE.height / 2 });
  const zoomed = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    lefts: [...document.querySelectorAll('.player-answer-card')].map((el) => Math.round(el.getBoundingClientRect().left)),
  }));
  expect(zoomed.scroll, 'no sideways scroll at 200 % zoom').toBeLessThanOrEqual(0);
  expect(new Set(zoomed.lefts).size, 'one card a row').toBe(1);
  await page.setViewportSize(TABLET);
  await player.answers().nth(2).click();
  await expect(player.answers().nth(2)).toHaveAttribute('data-state', 'wrong');

  await expect(player.counter()).toHaveText('3 / 3', { timeout: 15_000 });
  await expect(page.getByTestId('picture-missing')).toHaveCount(2);
  await check('pictures that failed (dark)');
  await context.close();
});
