import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { TriviaRankingEntry } from '../../contract';
import { PlayerPage } from './pages/player-page';
import { fourQuestionTrivia, playerContext, questionNumber } from './support/player-round';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

/** Registers and plays a round of the four-question trivia (first answer correct) with `pattern`. */
async function playRound(page: Page, triviaId: number, fullName: string, pattern: boolean[]) {
  const player = new PlayerPage(page);
  await player.enterDocument('Cédula de ciudadanía', `2${Date.now() % 1_000_000_000}`);
  await player.registerAs(fullName, 'Stand Principal');
  await player.start().click();
  for (const [i, right] of pattern.entries()) {
    await expect(player.counter()).toHaveText(`${i + 1} / 4`, { timeout: 15_000 });
    const n = await questionNumber(page);
    await player.answers().filter({ hasText: right ? String(n + n) : String(n * 10) }).click();
  }
  await expect(player.completed()).toBeVisible({ timeout: 15_000 });
}

test('one attempt per kiosk at a time: a second tab says the trivia is open in another tab, and takes over once the first closes', async ({ browser }) => {
  test.setTimeout(120_000);
  const trivia = await fourQuestionTrivia(browser, 'Pestañas');
  const context = await playerContext(browser, { viewport: { width: 1024, height: 768 } });
  const first = await context.newPage();
  const second = await context.newPage();
  const one = new PlayerPage(first);
  const two = new PlayerPage(second);
  const scoresOf = async (fullName: string) => {
    const reply = await first.request.get(`/api/ranking?questionGroupId=${trivia.id}&includeDuplicates=true`);
    return ((await reply.json()) as TriviaRankingEntry[]).filter((e) => `${e.firstName} ${e.lastName}` === fullName).map((e) => e.score);
  };

  await one.goto(trivia.id);
  await second.goto(`/play-trivia/${trivia.id}`);
  await expect(two.otherTabHeading()).toBeVisible();
  await expect(second.locator('[data-step="other-tab"]')).toContainText('Esta trivia está abierta en otra pestaña de este dispositivo.');
  await expect(two.live()).toHaveText('Esta trivia está abierta en otra pestaña de este dispositivo.');
  await expect(two.validate()).toHaveCount(0);

  // The first tab plays on; its result is stored once.
  const firstName = `Primera Pestaña ${Date.now() % 10_000}`;
  await playRound(first, trivia.id, firstName, [true, true, true, false]);
  await expect(one.score()).toHaveText('75%');
  await expect.poll(() => scoresOf(firstName), { timeout: 20_000 }).toEqual([75]);
  // Never a dead end: the second tab still says why and offers to play there.
  await expect(two.otherTabHeading()).toBeVisible();
  await expect(two.takeOver()).toBeEnabled();

  // The first tab closes: the second may play.
  await first.close();
  await expect(second.getByRole('heading', { name: 'Trivia disponible' })).toBeVisible({ timeout: 15_000 });
  await expect(two.live()).toHaveText('La otra pestaña se cerró. Ya puedes jugar aquí.');
  await two.takeOver().click();
  await expect(two.validate()).toBeVisible();
  const secondName = `Segunda Pestaña ${Date.now() % 10_000}`;
  await playRound(second, trivia.id, secondName, [true, false, false, false]);
  await expect(two.score()).toHaveText('25%');
  await expect.poll(() => scoresOf(secondName), { timeout: 20_000 }).toEqual([25]);
  expect(await scoresOf(firstName)).toEqual([75]);

  // A third tab may also take the trivia over at once; the tab that played then says so.
  const third = await context.newPage();
  const three = new PlayerPage(third);
  await third.goto(`/play-trivia/${trivia.id}`);
  await expect(three.otherTabHeading()).toBeVisible();
  await three.takeOver().click();
  await expect(three.validate()).toBeVisible();
  await expect(two.otherTabHeading()).toBeVisible();
  await context.close();
});
