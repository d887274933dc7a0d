import { randomInt } from 'node:crypto';
import { expect, test, E2E_ADMIN } from './fixtures';
import { scoreText, type TriviaRankingEntry } from '../../contract';
import { PlayerPage } from './pages/player-page';
import { QuestionGroupsPage } from './pages/question-groups-page';
import { boothWithTrivia, signInThroughApi } from './support/admin-api';
import { seriousViolations, seriousViolationsWhilePaused } from './support/axe';
import { reviewScreen } from './support/screen-review';
import { offlineKioskTablet } from './support/kiosk-setup-link';
import { kioskPointsSynced, readShownPoints } from './support/points-round';
import { docsScreenshot } from './support/screenshot';

// A kiosk and its offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

/**
 * Points for speed: the organiser gives a trivia a clock and "Puntos" in its dialog (points are
 * offered only with a clock); a phone's player asks for more time, answers two questions right at
 * once, one wrong and lets one run out, and the result screen shows the points the server counted;
 * an offline kiosk plays a round of the same trivia and shows the points the server ranks once it
 * is back; the organiser's ranking orders them by points.
 */
test('a timed trivia scored by points: a phone with more time and an offline kiosk get the points the server ranks, ordered by points', async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  await signInThroughApi(page);
  const { company, trivia } = await boothWithTrivia(page, { company: 'Puntos', site: 'Stand Puntos', trivia: 'Trivia por puntos' });
  const dialog = await new QuestionGroupsPage(page).openSettings(company.name, trivia.name);
  const scoring = dialog.getByLabel('Puntuación');
  // Without a clock, "Puntos" cannot be chosen, and the hint says why.
  await expect(scoring.locator('option', { hasText: 'Puntos' })).toBeDisabled();
  await expect(dialog.getByText('Para puntuar por puntos, elige antes un tiempo por pregunta.')).toBeVisible();
  await dialog.getByLabel('Tiempo por pregunta').selectOption({ label: '10 segundos' });
  await scoring.selectOption({ label: 'Puntos' });
  await expect(dialog.getByText(/cada acierto vale de 1000 \(al instante\) a 500/)).toBeVisible();
  await reviewScreen(page, 'trivia-scoring-setting');
  await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(dialog).toHaveCount(0);

  const phone = await browser.newContext({ baseURL, locale: 'es-CO', viewport: { width: 390, height: 844 } });
  try {
    const screen = await phone.newPage();
    await screen.clock.install();
    const player = new PlayerPage(screen);
    await player.goto(trivia.id);
    await player.enterDocument('Cédula de ciudadanía', String(randomInt(1_000_000_000, 9_999_999_999)));
    await player.registerAs('Paula Puntos', 'Stand Puntos');
    await screen.getByRole('checkbox', { name: 'Necesito más tiempo' }).check();
    await player.start().click();

    // 1: right at once, its points said and shown as the server counted them; 2: its doubled clock (20 s) runs out; 3: wrong; 4: right at once.
    // The page's clock stands still while the answer's feedback is read (the server's runs on).
    await screen.clock.pauseAt(new Date(Date.now() + 300));
    await screen.waitForTimeout(400);
    await player.answers().first().click();
    await expect(screen.getByTestId('answer-points')).toHaveText(/^\+\d{3,4} puntos$/);
    const firstPoints = (await screen.getByTestId('answer-points').textContent())!.replace(/\D/g, '');
    // The feedback with its points passes axe in both schemes, still on screen after both checks.
    for (const colorScheme of ['light', 'dark'] as const) {
      await screen.emulateMedia({ colorScheme });
      expect(await seriousViolationsWhilePaused(screen, `an answer's points (${colorScheme})`)).toEqual([]);
    }
    await screen.emulateMedia({ colorScheme: 'light' });
    await expect(screen.getByTestId('answer-points')).toBeVisible();
    // The live region speaks once the page's clock moves again (it clears, then says).
    await screen.clock.resume();
    await expect(player.live()).toHaveText(`Correcta, ${firstPoints} puntos`);
    await expect(player.counter()).toHaveText('2 / 4');
    await screen.clock.runFor(20_100);
    await expect(screen.getByTestId('timed-out')).toHaveText('Tiempo agotado');
    await expect(player.counter()).toHaveText('3 / 4');
    await player.answers().nth(1).click();
    await expect(player.counter()).toHaveText('4 / 4');
    await player.answers().first().click();
    await expect(player.completed()).toBeVisible({ timeout: 15_000 });
    await expect(player.correct()).toHaveText('2 / 4');
    // The server's points: two right answers, each answered within a few seconds of its 20 s clock.
    await expect(player.score()).toHaveText(/^\d\.?\d{3} pts$/);
    for (const colorScheme of ['light', 'dark'] as const) {
      await screen.emulateMedia({ colorScheme });
      expect(await seriousViolations(screen, `a points result (${colorScheme})`)).toEqual([]);
    }
    await screen.emulateMedia({ colorScheme: 'light' });
    await docsScreenshot(screen, 'result-points');
    // At 200 % zoom (195 px), in the dark scheme too, the figure stays inside its card and nothing scrolls sideways.
    await screen.setViewportSize({ width: 195, height: 422 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await screen.emulateMedia({ colorScheme });
      expect(await player.score().evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
      expect(await screen.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      expect(await seriousViolations(screen, `a points result at 200 % zoom (${colorScheme})`)).toEqual([]);
    }
    await screen.emulateMedia({ colorScheme: 'light' });
    await screen.setViewportSize({ width: 390, height: 844 });
    const phoneScore = await player.score().textContent();
    const [entry] = (await (await page.request.get(`/api/ranking?questionGroupId=${trivia.id}`)).json()) as TriviaRankingEntry[];
    expect(entry!.score).toBeGreaterThan(1_800);
    expect(entry!.score).toBeLessThanOrEqual(2_000);
    expect(phoneScore).toBe(scoreText(entry!.score, 'points'));
  } finally {
    await phone.close();
  }

  // An offline kiosk of the same trivia: it scores the round with its own key and measures.
  const { tablet, screen, kiosk } = await offlineKioskTablet(browser, baseURL!, E2E_ADMIN, trivia.id);
  let kioskScore: string | null;
  try {
    await kiosk.enterDocument('Cédula de ciudadanía', String(randomInt(1_000_000_000, 9_999_999_999)));
    await kiosk.registerAs('Kevin Kiosco', 'Stand Puntos');
    await kiosk.start().click();
    const shownPoints: number[] = [];
    for (const position of [1, 2, 3, 4]) {
      await expect(kiosk.counter()).toHaveText(`${position} / 4`);
      await kiosk.answers().first().click();
      await readShownPoints(screen, shownPoints);
    }
    // The round's points are the sum of those its answers showed.
    kioskScore = await kioskPointsSynced(tablet, screen, kiosk, shownPoints);
  } finally {
    await tablet.close();
  }

  // The server ranks the kiosk's round with the points the kiosk showed, above the phone's.
  const entries = (await (await page.request.get(`/api/ranking?questionGroupId=${trivia.id}`)).json()) as TriviaRankingEntry[];
  expect(entries.map((e) => e.firstName)).toEqual(['Kevin', 'Paula']);
  expect(scoreText(entries[0]!.score, 'points')).toBe(kioskScore);

  await page.goto(`/ranking-admin?id=${trivia.id}`);
  const shown = page.getByTestId('ranking-score');
  await expect(shown).toHaveText(entries.map((e) => scoreText(e.score, 'points')));
  await reviewScreen(page, 'ranking-points');
});
