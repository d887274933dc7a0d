import { randomInt } from 'node:crypto';
import { expect, test, E2E_ADMIN } from './fixtures';
import { TIMED_OUT_LABEL } from '../../contract';
import { PlayerPage } from './pages/player-page';
import { QuestionGroupsPage } from './pages/question-groups-page';
import { boothWithTrivia, signInThroughApi } from './support/admin-api';
import { seriousViolations, tabTo } from './support/axe';
import { reviewScreen } from './support/screen-review';
import { offlineKioskTablet } from './support/kiosk-setup-link';
import { docsScreenshot } from './support/screenshot';

// A kiosk and its offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

/**
 * A clock per question: the organiser gives the trivia 10 s a question in its dialog, and its last
 * question 30 s of its own in the question editor; a phone's player reads them in the rules, asks for more time by keyboard (20 s), answers the first question,
 * lets the second run out ("Tiempo agotado", the correct answer shown and said) and answers the
 * rest; the server scores the timed-out question as wrong.
 */
test('an organiser sets a clock per question; a phone player asks for more time, lets one question run out and gets the score the server counts', async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  await signInThroughApi(page);
  const { company, trivia } = await boothWithTrivia(page, { company: 'Reloj', site: 'Stand Reloj', trivia: 'Trivia con reloj' });
  const dialog = await new QuestionGroupsPage(page).openSettings(company.name, trivia.name);
  const clock = dialog.getByLabel('Tiempo por pregunta');
  await expect(clock).toHaveValue('');
  await clock.selectOption({ label: '10 segundos' });
  await reviewScreen(page, 'trivia-clock-setting');
  await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(dialog).toHaveCount(0);

  // The last question gets a clock of its own: 30 s.
  await page.goto(`/packages/${trivia.id}/questions`);
  await page.getByRole('button', { name: 'Editar pregunta 4' }).click();
  const question = page.getByRole('dialog', { name: 'Editar Pregunta' });
  const own = question.getByLabel('Tiempo de esta pregunta');
  await expect(own.locator('option:checked')).toHaveText('El de la trivia (10 segundos)');
  await own.selectOption({ label: '30 segundos' });
  await reviewScreen(page, 'question-clock-setting');
  await question.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(question).toHaveCount(0);

  const phone = await browser.newContext({ baseURL, locale: 'es-CO', viewport: { width: 390, height: 844 } });
  try {
    const screen = await phone.newPage();
    await screen.clock.install();
    const player = new PlayerPage(screen);
    await player.goto(trivia.id);
    await player.enterDocument('Cédula de ciudadanía', String(randomInt(1_000_000_000, 9_999_999_999)));
    await player.registerAs('Clara Reloj', 'Stand Reloj');

    // The rules say the clock; "Necesito más tiempo", by keyboard, doubles it before the round starts.
    const rule = screen.getByTestId('question-clock-rule');
    await expect(rule).toContainText('Cada pregunta tiene su tiempo: de 10 a 30 segundos.');
    const more = screen.getByRole('checkbox', { name: 'Necesito más tiempo' });
    await tabTo(screen, more);
    await screen.keyboard.press('Space');
    await expect(more).toBeChecked();
    await expect(rule).toContainText('Cada pregunta tiene su tiempo: de 20 a 60 segundos.');
    for (const colorScheme of ['light', 'dark'] as const) {
      await screen.emulateMedia({ colorScheme });
      expect(await seriousViolations(screen, `the rules of a timed trivia (${colorScheme})`)).toEqual([]);
    }
    await screen.emulateMedia({ colorScheme: 'light' });
    await player.start().click();

    // Question 1: the clock counts 20 s down; answered at once, right.
    const timer = screen.getByRole('timer');
    await expect(timer).toHaveAccessibleName('Tiempo restante: 20 segundos');
    for (const colorScheme of ['light', 'dark'] as const) {
      await screen.emulateMedia({ colorScheme });
      expect(await seriousViolations(screen, `a timed question (${colorScheme})`)).toEqual([]);
    }
    await screen.emulateMedia({ colorScheme: 'light' });
    await expect(player.counter()).toHaveText('1 / 4');
    // The trivia's answers keep their order: the first is the correct one.
    await player.answers().first().click();
    await expect(player.answers().first()).toHaveAttribute('data-state', 'correct');

    // Question 2: at half the clock the live region says what is left; then it runs out.
    await expect(player.counter()).toHaveText('2 / 4');
    await screen.clock.runFor(10_100);
    await expect(player.live()).toHaveText('Quedan 10 segundos');
    await expect(timer).toHaveAccessibleName(/^Tiempo restante: (9|10) segundos$/);
    await screen.clock.runFor(10_100);
    await expect(screen.getByTestId('timed-out')).toHaveText('Tiempo agotado');
    await expect(player.live()).toHaveText('Tiempo agotado, la correcta es 4');
    await expect(player.answers().first()).toHaveAttribute('data-state', 'right-answer');
    await expect(screen.locator('[data-state="wrong"], [data-state="correct"]')).toHaveCount(0);

    // Questions 3 and 4: right. Each feedback runs its 2 s as the server's clock does (a round
    // shorter than its feedbacks would be held as implausible).
    for (const position of [3, 4]) {
      await expect(player.counter()).toHaveText(`${position} / 4`);
      // The last question runs on its own clock, doubled too.
      await expect(timer).toHaveAccessibleName(`Tiempo restante: ${position === 4 ? 60 : 20} segundos`);
      await player.answers().first().click();
      await expect(player.answers().first()).toHaveAttribute('data-state', 'correct');
    }
    await expect(player.completed()).toBeVisible({ timeout: 15_000 });
    await expect(player.score()).toHaveText('75%');
  } finally {
    await phone.close();
  }

  // The server counted it the same: three of four, the round played with more time.
  // Read until the phone's completion has reached the server (a loaded machine once read it before).
  let entries: { firstName: string; score: number; correctAnswers: number; playerId: number }[] = [];
  await expect(async () => {
    entries = await (await page.request.get(`/api/ranking?questionGroupId=${trivia.id}`)).json();
    expect(entries.map((e) => [e.firstName, e.score, e.correctAnswers])).toEqual([['Clara', 75, 3]]);
  }).toPass({ timeout: 15_000 });

  // The organiser's screens say it too: the ranking marks the round played with more time, the
  // analysis counts the question that ran out, and the player's history names it.
  await page.goto(`/ranking-admin?id=${trivia.id}`);
  await expect(page.getByText('Stand Reloj · Con más tiempo')).toBeVisible();
  await docsScreenshot(page, 'ranking-extra-time');
  await page.goto(`/packages/${trivia.id}/analysis`);
  const timedOutCards = page.getByTestId('question-analysis').filter({ hasText: 'sin tiempo' });
  await expect(timedOutCards).toHaveCount(1);
  await expect(timedOutCards).toContainText('1 sin tiempo');
  await docsScreenshot(timedOutCards, 'analysis-timed-out');
  await page.goto(`/players/${entries[0]!.playerId}/history`);
  await page.getByText('Ver respuestas (4)').click();
  await expect(page.getByText(TIMED_OUT_LABEL, { exact: true })).toBeVisible();
  await docsScreenshot(page, 'history-timed-out', { fullPage: true });
});

/**
 * The same clock on a kiosk without connection: the kiosk deals and judges the round itself, keeps
 * a question's clock through a reload, lets it run out the same way, and the server, once the kiosk
 * is back, counts what it counted.
 */
test('a kiosk without connection plays a timed round the same way, and the server counts it the same once it is back', async ({ context: admin, browser, baseURL }) => {
  test.setTimeout(150_000);
  await signInThroughApi(admin);
  const { trivia } = await boothWithTrivia(admin, { company: 'Reloj kiosco', site: 'Stand Kiosco', trivia: 'Kiosco con reloj' });
  const { name, description, companyId, questionsPerRound, randomizeQuestions, randomizeAnswers, maxAttempts } = trivia;
  const clocked = await admin.request.patch(`/api/question-groups/${trivia.id}`, {
    data: { name, description, companyId, questionsPerRound, randomizeQuestions, randomizeAnswers, maxAttempts, questionSeconds: 10 },
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(clocked.ok(), await clocked.text()).toBe(true);

  // The kiosk's clock is not moved (a kiosk's times are anchored to the server's): the question's 10 s run out for real.
  const { tablet, screen, kiosk } = await offlineKioskTablet(browser, baseURL!, E2E_ADMIN, trivia.id);
  try {
    await kiosk.enterDocument('Cédula de ciudadanía', String(randomInt(1_000_000_000, 9_999_999_999)));
    await kiosk.registerAs('Kiko Reloj', 'Stand Kiosco');
    await expect(screen.getByTestId('question-clock-rule')).toContainText('Tienes 10 segundos para cada pregunta.');
    await kiosk.start().click();

    await expect(screen.getByRole('timer')).toHaveAccessibleName('Tiempo restante: 10 segundos');
    await kiosk.answers().first().click();
    await expect(kiosk.answers().first()).toHaveAttribute('data-state', 'correct');
    await expect(kiosk.counter()).toHaveText('2 / 4');
    // A reload in the middle of the question resumes it with its clock where it was, not afresh.
    await screen.waitForTimeout(3_000);
    await screen.reload();
    await expect(kiosk.counter()).toHaveText('2 / 4');
    await expect(screen.getByRole('timer')).toHaveAccessibleName(/^Tiempo restante: [1-7] segundos$/);
    await expect(screen.getByTestId('timed-out')).toHaveText('Tiempo agotado', { timeout: 15_000 });
    await expect(kiosk.live()).toHaveText('Tiempo agotado, la correcta es 4');
    await expect(kiosk.answers().first()).toHaveAttribute('data-state', 'right-answer');
    for (const position of [3, 4]) {
      await expect(kiosk.counter()).toHaveText(`${position} / 4`);
      await kiosk.answers().first().click();
    }
    await expect(kiosk.completed()).toBeVisible({ timeout: 15_000 });
    await expect(kiosk.score()).toHaveText('75%');
    await expect(kiosk.place()).toHaveText('Tu puesto llega con la conexión');

    await tablet.setOffline(false);
    await screen.reload();
    await expect(kiosk.pending()).toHaveText('Nada por sincronizar', { timeout: 30_000 });
  } finally {
    await tablet.close();
  }
  const ranking = await admin.request.get(`/api/ranking?questionGroupId=${trivia.id}`);
  expect(((await ranking.json()) as { firstName: string; score: number; correctAnswers: number }[]).map((e) => [e.firstName, e.score, e.correctAnswers])).toEqual([
    ['Kiko', 75, 3],
  ]);
});
