import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { TriviaRankingEntry } from '../../contract';
import { PlayerPage } from './pages/player-page';
import { tabTo } from './support/axe';
import { feedbackOnScreen } from './support/answer-feedback';
import { fourQuestionTrivia, playerContext, questionNumber, recordAnnouncements } from './support/player-round';

/** Presses ArrowDown on the focused select until it shows `label`. */
async function arrowTo(page: Page, select: Locator, label: string) {
  for (let i = 0; i < 10; i++) {
    if ((await select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent)) === label) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`${label} not reached with the arrow keys`);
}

test('a player finishes a trivia with the keyboard alone: focus follows each question, the live region speaks Spanish, no alert flashes at the end', async ({ browser }) => {
  test.setTimeout(120_000);
  const trivia = await fourQuestionTrivia(browser, 'Teclado');
  // The device asks for reduced motion: the screen has no animation or transition then.
  const context = await playerContext(browser, { reducedMotion: 'reduce' });
  const page = await context.newPage();
  const player = new PlayerPage(page);
  const heard = await recordAnnouncements(page);
  const documentNumber = `5${Date.now() % 1_000_000_000}`;
  const fullName = `Teclado ${documentNumber.slice(-5)}`;

  await player.goto(trivia.id);
  await expect(page.getByRole('heading', { name: 'Identifícate para jugar' })).toBeFocused();
  await tabTo(page, player.documentType());
  await arrowTo(page, player.documentType(), 'Cédula de ciudadanía');
  await tabTo(page, player.documentNumber());
  await page.keyboard.type(documentNumber);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Completa tu registro' })).toBeFocused();
  await tabTo(page, player.fullName());
  await page.keyboard.type(fullName);
  await tabTo(page, player.location());
  await arrowTo(page, player.location(), 'Stand Principal');
  await tabTo(page, player.register());
  await page.keyboard.press('Space');

  await expect(page.getByRole('heading', { name: '¡Bienvenido a la trivia!' })).toBeFocused();
  await tabTo(page, player.start());
  await page.keyboard.press('Enter');

  // Right, wrong, right, wrong: the first answer of each question is the correct one.
  const pattern = [true, false, true, false];
  for (const [i, right] of pattern.entries()) {
    await expect(player.questionText()).toBeFocused({ timeout: 15_000 });
    await expect(player.counter()).toHaveText(`${i + 1} / 4`);
    if (i === 0) {
      const motion = await page.evaluate(() =>
        [...document.querySelectorAll('.player-screen *')].filter((el) => {
          const css = getComputedStyle(el);
          return css.animationName !== 'none' || css.transitionDuration.split(',').some((d) => parseFloat(d) > 0);
        }).length,
      );
      expect(motion, 'elements still animated under prefers-reduced-motion').toBe(0);
    }
    await expect.poll(async () => (await heard.live()).at(-1)).toBe(`Pregunta ${i + 1} de 4`);
    const n = await questionNumber(page);
    const chosenIndex = right ? 0 : 1;
    const chosen = player.answers().nth(chosenIndex);
    const heardBefore = (await heard.live()).length;
    await tabTo(page, chosen);
    // Read in the page the moment the feedback shows: it lasts 2 s, a loaded machine may be slower than that.
    const feedback = feedbackOnScreen(page);
    await page.keyboard.press(right ? 'Enter' : 'Space');
    const shown = await feedback;
    // The chosen answer keeps the focus, locked with aria-disabled rather than disabled.
    expect(shown.focused).toBe(chosenIndex);
    expect(shown.answers.map((a) => [a.ariaDisabled, a.disabled])).toEqual(shown.answers.map(() => ['true', false]));
    if (right) {
      expect(shown.answers[0]).toMatchObject({ state: 'correct', word: 'Correcta', icon: true });
    } else {
      expect(shown.answers[1]).toMatchObject({ state: 'wrong', word: 'Tu respuesta: incorrecta', icon: true });
      // The correct one is marked in the list itself, with an icon and a word, not by colour alone.
      expect(shown.answers[0]).toMatchObject({ state: 'right-answer', word: 'Respuesta correcta', icon: true });
    }
    await expect
      .poll(async () => (await heard.live()).slice(heardBefore))
      .toContain(right ? 'Correcta' : `Incorrecta, la correcta es ${n + n}`);
  }

  await expect(page.getByRole('heading', { name: '¡Buen intento!' })).toBeFocused({ timeout: 15_000 });
  await expect(player.score()).toHaveText('50%');
  await expect(player.live()).toHaveText('Trivia completada. Tu puntaje: 50 %. 2 de 4 correctas.');
  expect(await heard.alerts(), 'no role=alert node appeared during the round').toEqual([]);
  const live = await heard.live();
  const expected = ['Pregunta 1 de 4', 'Correcta', 'Pregunta 2 de 4', 'Incorrecta, la correcta es', 'Pregunta 3 de 4', 'Correcta', 'Pregunta 4 de 4', 'Incorrecta, la correcta es', 'Trivia completada.'];
  let at = 0;
  for (const text of live) if (at < expected.length && text.startsWith(expected[at]!)) at++;
  expect(live.length > 0 && at, `the live region's texts in order: ${JSON.stringify(live)}`).toBe(expected.length);

  // The result reached the server once.
  await expect
    .poll(async () => {
      const reply = await page.request.get(`/api/ranking?questionGroupId=${trivia.id}&includeDuplicates=true`);
      return ((await reply.json()) as TriviaRankingEntry[]).filter((e) => `${e.firstName} ${e.lastName}` === fullName).map((e) => e.score);
    }, { timeout: 20_000 })
    .toEqual([50]);
  await context.close();
});
