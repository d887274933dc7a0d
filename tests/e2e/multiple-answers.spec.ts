import { randomInt } from 'node:crypto';
import { expect, test, E2E_ADMIN } from './fixtures';
import { scoreText, type QuestionGroup, type TriviaRankingEntry } from '../../contract';
import { PlayerPage } from './pages/player-page';
import { boothWithTrivia, postJson, signInThroughApi } from './support/admin-api';
import { seriousViolations, seriousViolationsWhilePaused, tabTo } from './support/axe';
import { offlineKioskTablet } from './support/kiosk-setup-link';
import { kioskPointsSynced, readShownPoints } from './support/points-round';
import { reviewScreen } from './support/screen-review';

// A kiosk and its offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

const newDocument = () => String(randomInt(1_000_000_000, 9_999_999_999));
const PLANETS = '¿Cuáles de estos son planetas?';

/**
 * The game as organisers know it, in one trivia: a clock of 10 s per question and points for
 * speed, a true/false question, a "Varias correctas" question the organiser makes by keyboard, two
 * choices and a poll. A phone's player votes, asks for more time, marks the planets by keyboard and
 * confirms, misses one question and lets another run out, and sees their points and their place; an
 * offline kiosk plays the same round, one planet short, and the server ranks it with the points the
 * kiosk showed, above the phone's.
 */
test('a timed points trivia with a true/false, a "Varias correctas" and a poll question: a phone with more time and an offline kiosk, ranked by points', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  await signInThroughApi(page);
  const { trivia: base } = await boothWithTrivia(page, { company: 'Juego', site: 'Stand Juego', trivia: 'Base' });
  const companyId = base.companyId;
  const trivia = await postJson<QuestionGroup>(page, `/api/companies/${companyId}/question-groups`, {
    name: `Juego completo ${Date.now()}`,
    companyId,
    questionsPerRound: 4,
    randomizeQuestions: false,
    randomizeAnswers: false,
    maxAttempts: 0,
    questionSeconds: 10,
    scoring: 'points',
  });
  const question = (body: Record<string, unknown>) => postJson(page, `/api/question-groups/${trivia.id}/questions`, { groupId: trivia.id, ...body });
  await question({ text: 'El Sol es una estrella.', kind: 'true_false', answers: [{ text: 'Verdadero', isCorrect: true }, { text: 'Falso' }] });

  // "Varias correctas" by keyboard in the editor: a checkbox per answer, two of them marked.
  await page.goto(`/packages/${trivia.id}/questions`);
  await page.getByRole('button', { name: 'Crear Pregunta' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Crear Pregunta' });
  await dialog.getByLabel('Pregunta', { exact: true }).fill(PLANETS);
  await tabTo(page, dialog.getByRole('radio', { name: /Opción única/ }));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: /Varias correctas/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: /es la correcta/ })).toHaveCount(0);
  for (const [n, text] of ['Marte', 'Luna', 'Venus', 'Sol'].entries()) {
    if (n >= 2) await dialog.getByRole('button', { name: 'Agregar Respuesta' }).click();
    await dialog.getByLabel(`Respuesta ${n + 1}`, { exact: true }).fill(text);
  }
  for (const n of [1, 3]) {
    await tabTo(page, dialog.getByRole('checkbox', { name: `Respuesta ${n} es correcta` }));
    await page.keyboard.press('Space');
  }
  await expect(dialog.getByRole('checkbox', { checked: true })).toHaveCount(2);
  await reviewScreen(page, 'question-multiple-dialog');
  await dialog.getByRole('button', { name: 'Crear Pregunta' }).click();
  await expect(dialog).toHaveCount(0);
  const card = page.getByTestId('question-card').last();
  await expect(card.getByTestId('question-kind')).toHaveText('Varias correctas');
  await expect(card.getByText('(respuesta correcta)')).toHaveCount(2);

  await question({ text: '¿Cuánto es 2 + 2?', answers: [{ text: '4', isCorrect: true }, { text: '5' }, { text: '6' }] });
  await question({ text: '¿Cuánto es 3 + 3?', answers: [{ text: '6', isCorrect: true }, { text: '7' }, { text: '8' }] });
  await question({ text: '¿Qué color prefieres?', kind: 'poll', answers: [{ text: 'Rojo' }, { text: 'Azul' }] });

  const phone = await browser.newContext({ baseURL, locale: 'es-CO', viewport: { width: 390, height: 844 } });
  try {
    const screen = await phone.newPage();
    await screen.clock.install();
    const player = new PlayerPage(screen);
    await player.goto(trivia.id);
    await player.enterDocument('Cédula de ciudadanía', newDocument());
    await player.registerAs('Paula Planetas', 'Stand Juego');
    // The poll comes before the round.
    await player.answers().filter({ hasText: 'Azul' }).click();
    await screen.getByRole('button', { name: 'Continuar' }).click();
    await screen.getByRole('checkbox', { name: 'Necesito más tiempo' }).check();
    await player.start().click();

    // 1 (true/false): right at once.
    await expect(player.counter()).toHaveText('1 / 4');
    await player.answers().filter({ hasText: 'Verdadero' }).click();
    await expect(screen.getByTestId('answer-points')).toHaveText(/^\+\d{3,4} puntos$/);

    // 2 ("Varias correctas"): marked by keyboard, each mark pressed, sent with "Confirmar respuesta".
    await expect(player.counter()).toHaveText('2 / 4', { timeout: 5_000 });
    await expect(player.questionText()).toHaveAccessibleDescription(/Marca todas las respuestas correctas y confirma\./);
    const confirm = screen.getByRole('button', { name: 'Confirmar respuesta' });
    await expect(confirm).toHaveAttribute('aria-disabled', 'true');
    for (const planet of ['Marte', 'Luna', 'Venus']) {
      await tabTo(screen, player.answers().filter({ hasText: planet }));
      await screen.keyboard.press('Space');
    }
    // Luna is taken off again.
    await tabTo(screen, player.answers().filter({ hasText: 'Luna' }));
    await screen.keyboard.press('Enter');
    await expect(player.answers().filter({ hasText: 'Marte' })).toHaveAttribute('aria-pressed', 'true');
    await expect(player.answers().filter({ hasText: 'Luna' })).toHaveAttribute('aria-pressed', 'false');
    await expect(player.answers().filter({ hasText: 'Venus' })).toHaveAttribute('aria-pressed', 'true');
    // Its doubled clock (20 s) runs on while axe reads the marks; the page's clock then stands still while the verdict is read.
    for (const colorScheme of ['light', 'dark'] as const) {
      await screen.emulateMedia({ colorScheme });
      expect(await seriousViolations(screen, `a "Varias correctas" question with marks (${colorScheme})`)).toEqual([]);
    }
    await screen.emulateMedia({ colorScheme: 'light' });
    // At 200 % zoom of a phone (195 px) the marks and the confirmation fit, nothing scrolls sideways, axe finds nothing.
    await screen.setViewportSize({ width: 195, height: 422 });
    expect(await screen.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    expect(await seriousViolations(screen, 'a "Varias correctas" question with marks at 200 % zoom')).toEqual([]);
    await screen.setViewportSize({ width: 390, height: 844 });
    await tabTo(screen, confirm);
    await screen.clock.pauseAt(new Date(Date.now() + 300));
    await screen.waitForTimeout(400);
    await screen.keyboard.press('Enter');
    await expect(screen.getByTestId('multiple-verdict')).toHaveText('¡Marcaste todas las correctas!');
    await expect(screen.getByTestId('answer-points')).toHaveText(/^\+\d{3,4} puntos$/);
    for (const colorScheme of ['light', 'dark'] as const) {
      await screen.emulateMedia({ colorScheme });
      expect(await seriousViolationsWhilePaused(screen, `a "Varias correctas" verdict (${colorScheme})`)).toEqual([]);
    }
    await screen.emulateMedia({ colorScheme: 'light' });
    await screen.clock.resume();
    await expect(player.live()).toHaveText(/^Correcta, \d{3,4} puntos$/);

    // 3: wrong, the correct one said; 4: its doubled clock (20 s) runs out.
    await expect(player.counter()).toHaveText('3 / 4', { timeout: 5_000 });
    await player.answers().filter({ hasText: '5' }).click();
    await expect(player.live()).toHaveText('Incorrecta, la correcta es 4');
    await expect(player.counter()).toHaveText('4 / 4', { timeout: 5_000 });
    await screen.clock.runFor(20_100);
    await expect(screen.getByTestId('timed-out')).toHaveText('Tiempo agotado');
    await expect(player.completed()).toBeVisible({ timeout: 15_000 });
    await expect(player.correct()).toHaveText('2 / 4');
    await expect(player.score()).toHaveText(/^\d\.?\d{3} pts$/);
    await expect(player.place()).toHaveText('Tu puesto en el ranking: 1.º');
  } finally {
    await phone.close();
  }

  // An offline kiosk: Venus left unmarked, so the planets question is wrong (Venus shown as the right answer it missed).
  const { tablet, screen, kiosk } = await offlineKioskTablet(browser, baseURL!, E2E_ADMIN, trivia.id);
  let kioskScore: string | null;
  try {
    await kiosk.enterDocument('Cédula de ciudadanía', newDocument());
    await kiosk.registerAs('Kevin Kiosco', 'Stand Juego');
    await kiosk.answers().filter({ hasText: 'Rojo' }).click();
    await screen.getByRole('button', { name: 'Continuar' }).click();
    await kiosk.start().click();
    const shownPoints: number[] = [];
    const pointsShown = () => readShownPoints(screen, shownPoints);
    await kiosk.answers().filter({ hasText: 'Verdadero' }).click();
    await pointsShown();
    await expect(kiosk.counter()).toHaveText('2 / 4', { timeout: 5_000 });
    await kiosk.answers().filter({ hasText: 'Marte' }).click();
    await screen.getByRole('button', { name: 'Confirmar respuesta' }).click();
    await expect(screen.getByTestId('multiple-verdict')).toHaveText('Incorrecta: cuenta solo si marcas todas las correctas y ninguna más');
    await expect(kiosk.answers().filter({ hasText: 'Marte' }).getByTestId('answer-state')).toHaveText('Correcta');
    await expect(kiosk.answers().filter({ hasText: 'Venus' }).getByTestId('answer-state')).toHaveText('Respuesta correcta');
    await expect(kiosk.live()).toHaveText('Incorrecta, las correctas son Marte y Venus');
    for (const position of [3, 4]) {
      await expect(kiosk.counter()).toHaveText(`${position} / 4`, { timeout: 5_000 });
      await kiosk.answers().first().click();
      await pointsShown();
    }
    await expect(kiosk.completed()).toBeVisible({ timeout: 15_000 });
    await expect(kiosk.correct()).toHaveText('3 / 4');
    kioskScore = await kioskPointsSynced(tablet, screen, kiosk, shownPoints);
  } finally {
    await tablet.close();
  }

  // The server ranks the kiosk's round with the points the kiosk showed, above the phone's.
  const entries = (await (await page.request.get(`/api/ranking?questionGroupId=${trivia.id}`)).json()) as TriviaRankingEntry[];
  expect(entries.map((e) => [e.firstName, e.correctAnswers])).toEqual([
    ['Kevin', 3],
    ['Paula', 2],
  ]);
  expect(scoreText(entries[0]!.score, 'points')).toBe(kioskScore);

  // The analysis counts the planets question right for the phone's whole set only (the kiosk's Marte alone is wrong).
  await page.goto(`/packages/${trivia.id}/analysis`);
  const planets = page.getByTestId('question-analysis').filter({ hasText: PLANETS });
  await expect(planets.getByTestId('multiple-shares-note')).toBeVisible();
  await expect(planets.getByText('1 correcta', { exact: true })).toBeVisible();
  await reviewScreen(page, 'analysis-multiple');
});
