import { expect, test } from './fixtures';
import { PlayerPage } from './pages/player-page';
import { seriousViolations } from './support/axe';
import { fourQuestionTrivia, playerContext, questionNumber } from './support/player-round';

/**
 * axe on every step of the player flow (document, its errors, registration, instructions, a
 * question, the feedback after a wrong answer and after a right one, each result tier), on a phone,
 * with the device in dark mode and the admin app's saved dark choice at once, and in light mode
 * (the player screen follows neither: its theme decides every colour, so one run holds both).
 * The screen is loaded dark, with the saved choice: each step is checked so, then with the device
 * switched to light and the choice removed, on the same page, and switched back. The other specs
 * that run axe on the player's screens load them light.
 */

const DARK = 'dark device and saved dark choice';
const LIGHT = 'light device, no saved choice';

// The player's page has a strict CSP; axe is injected into it.
test.use({ bypassCSP: true });

test('every player step and result tier passes axe on a phone, dark and light', async ({ browser }) => {
  test.setTimeout(180_000);
  const trivia = await fourQuestionTrivia(browser, 'Axe');
  const context = await playerContext(browser, { dark: true, savedDark: true, bypassCSP: true });
  const page = await context.newPage();
  const player = new PlayerPage(page);
  const check = async (step: string) => {
    expect(await seriousViolations(page, `${step} (${DARK})`)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.evaluate(() => localStorage.removeItem('theme'));
    expect(await seriousViolations(page, `${step} (${LIGHT})`)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  };

  await player.goto(trivia.id);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await check('document step');
  await player.validate().click();
  await expect(page.getByTestId('field-error').first()).toBeVisible();
  await check('document step with errors');

  const documentNumber = `6${Date.now() % 1_000_000_000}`;
  await player.enterDocument('Cédula de ciudadanía', documentNumber);
  await expect(player.register()).toBeVisible();
  await check('registration step');
  await player.register().click();
  await expect(page.getByTestId('field-error').first()).toBeVisible();
  await check('registration step with errors');
  await player.registerAs('Axe Tester', 'Stand Principal');

  // Three rounds, one per result tier: 0 of 4, 2 of 4, 4 of 4.
  const rounds = [
    { correct: [false, false, false, false], heading: '¡Sigue practicando!' },
    { correct: [true, true, false, false], heading: '¡Buen intento!' },
    { correct: [true, true, true, true], heading: '¡Excelente trabajo!' },
  ];
  for (const [round, { correct, heading }] of rounds.entries()) {
    await expect(player.start()).toBeVisible();
    if (round === 0) await check('instructions step');
    await player.start().click();
    for (const [i, right] of correct.entries()) {
      await expect(player.counter()).toHaveText(`${i + 1} / 4`, { timeout: 15_000 });
      if (round === 0 && i === 0) await check('question step');
      const n = await questionNumber(page);
      await player.answers().filter({ hasText: right ? String(n + n) : String(n * 10) }).click();
      if (round === 0 && i === 0) {
        await expect(page.locator('.player-answer[data-state="right-answer"]')).toHaveCount(1);
        await check('feedback after a wrong answer');
      }
      if (round === 1 && i === 0) {
        await expect(page.locator('.player-answer[data-state="correct"]')).toHaveCount(1);
        await check('feedback after a right answer');
      }
    }
    await expect(page.getByRole('heading', { name: heading })).toBeVisible({ timeout: 15_000 });
    await check(`result ${heading}`);
    await player.restart().click();
    await player.enterDocument('Cédula de ciudadanía', documentNumber);
  }
  await context.close();
});
