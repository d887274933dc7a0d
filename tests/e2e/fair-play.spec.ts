import { type Page, type Response } from '@playwright/test';
import { expect, test } from './fixtures';
import type { TriviaRankingEntry } from '../../contract';
import { PlayerPage } from './pages/player-page';
import { seriousViolations } from './support/axe';
import { DEMO_TRIVIA_CARD, setupLinkFromCard } from './support/kiosk-setup-link';
import { testBundle } from './support/test-bundle';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

const DEMO_TRIVIA = DEMO_TRIVIA_CARD.id;
const documentNumber = () => `8${String(Date.now() % 1_000_000_000).padStart(9, '0')}${Math.floor(Math.random() * 10)}`;

/** Every API reply the page received, with its body, to check what reached the device. */
function recordApiReplies(page: Page): { url: string; body: string }[] {
  const replies: { url: string; body: string }[] = [];
  page.on('response', (response: Response) => {
    if (!new URL(response.url()).pathname.startsWith('/api/')) return;
    void response
      .text()
      .then((body) => replies.push({ url: response.url(), body }))
      .catch(() => undefined);
  });
  return replies;
}

/** The trivia's ranking entries of a player, every attempt listed. */
async function rankedScores(page: Page, fullName: string): Promise<number[]> {
  const reply = await page.request.get(`/api/ranking?questionGroupId=${DEMO_TRIVIA}&includeDuplicates=true&limit=500`);
  return ((await reply.json()) as TriviaRankingEntry[]).filter((e) => `${e.firstName} ${e.lastName}` === fullName).map((e) => e.score);
}

test('a phone never receives the answer key: each verdict comes from the server, and a round finished without signal ranks once it returns', async ({ page, context }) => {
  test.setTimeout(120_000);
  const bundle = await testBundle(DEMO_TRIVIA);
  const replies = recordApiReplies(page);
  const player = new PlayerPage(page);
  const fullName = `Pía Señal ${Date.now() % 10_000}`;

  await player.goto(DEMO_TRIVIA);
  await player.enterDocument(bundle.documentTypes[0]!.name, documentNumber());
  await player.registerAs(fullName, 'Stand Principal');
  await player.start().click();

  // Online: the server deals the round and judges each answer; the screen shows its verdict.
  await expect(player.counter()).toHaveText('1 / 5');
  await player.answerCurrent(bundle, true);
  await expect(page.locator('.player-answer[data-state="correct"]')).toContainText('Correcta');
  await expect(player.counter()).toHaveText('2 / 5', { timeout: 10_000 });
  await player.answerCurrent(bundle, false);
  await expect(page.locator('.player-answer[data-state="right-answer"]')).toContainText('Respuesta correcta');

  // The signal goes: the round goes on, each answer kept without a verdict, said in words.
  await expect(player.counter()).toHaveText('3 / 5', { timeout: 10_000 });
  await context.setOffline(true);
  for (const [i, correct] of [true, true, false].entries()) {
    await expect(player.counter()).toHaveText(`${3 + i} / 5`, { timeout: 10_000 });
    await player.answerCurrent(bundle, correct);
    await expect(page.locator('.player-answer[data-state="pending"]')).toContainText('Respuesta guardada');
  }
  await expect(page.getByTestId('result-pending')).toBeVisible({ timeout: 15_000 });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousViolations(page, `pending result (${colorScheme})`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // Back online: the round reaches the server, the screen shows the server's score, and it ranks once.
  await context.setOffline(false);
  await expect(player.score()).toHaveText('60%', { timeout: 30_000 });
  await expect(player.correct()).toHaveText('3 / 5');
  await expect.poll(() => rankedScores(page, fullName), { timeout: 20_000 }).toEqual([60]);

  const keyed = replies.filter((r) => r.body.includes('isCorrect'));
  expect(keyed.map((r) => r.url)).toEqual([]);
  expect(replies.some((r) => r.url.includes('/answers'))).toBe(true);
});

test('a kiosk gets the answer key only once staff set it up; offline it plays players through and each result ranks exactly once', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const bundle = await testBundle(DEMO_TRIVIA);
  const link = await setupLinkFromCard(page, DEMO_TRIVIA_CARD);

  const tablet = await browser.newContext({ baseURL, locale: 'es-CO', viewport: { width: 1024, height: 768 } });
  const kiosk = await tablet.newPage();
  const replies = recordApiReplies(kiosk);
  const player = new PlayerPage(kiosk);

  // Before its setup the tablet is any browser: the bundle it reads carries no key.
  await kiosk.goto(`/play-trivia/${DEMO_TRIVIA}`);
  await player.toDocumentStep();
  await expect.poll(() => replies.filter((r) => r.url.includes('/bundle')).length).toBeGreaterThan(0);
  expect(replies.filter((r) => r.body.includes('isCorrect'))).toEqual([]);

  await kiosk.goto(link);
  const form = kiosk.getByTestId('kiosk-setup');
  await form.getByLabel('Nombre del kiosco').fill('Stand juego limpio');
  await form.getByLabel('PIN (4 a 8 dígitos)').fill('357911');
  await form.getByLabel('Repite el PIN').fill('357911');
  await form.getByRole('button', { name: 'Configurar kiosco' }).click();
  await expect(player.attract()).toBeVisible();
  // Set up: its copy of the trivia comes again, with the key.
  await expect.poll(() => replies.filter((r) => r.url.includes('/bundle') && r.body.includes('isCorrect')).length, { timeout: 15_000 }).toBeGreaterThan(0);

  // The Wi-Fi drops: three players play through, judged by the kiosk's own key.
  await tablet.setOffline(true);
  const players = ['Ana Kiosco', 'Beto Kiosco', 'Caro Kiosco'].map((name, i) => ({ fullName: `${name} ${Date.now() % 10_000}`, documentNumber: documentNumber() + i }));
  await player.tapToPlay().click();
  for (const [i, { fullName, documentNumber: number }] of players.entries()) {
    await player.enterDocument(bundle.documentTypes[0]!.name, number);
    await player.registerAs(fullName, 'Stand Principal');
    await player.start().click();
    await player.playRoundFrom(bundle, 1, [true, true, true, i > 0, i > 1]);
    await expect(player.score()).toHaveText(`${60 + 20 * i}%`);
    await player.restart().click();
  }
  await expect(player.pending()).not.toHaveText('Nada por sincronizar');

  // Back: every result reaches the ranking, each exactly once.
  await tablet.setOffline(false);
  await expect(player.pending()).toHaveText('Nada por sincronizar', { timeout: 30_000 });
  for (const [i, { fullName }] of players.entries()) await expect.poll(() => rankedScores(page, fullName), { timeout: 20_000 }).toEqual([60 + 20 * i]);
  await tablet.close();
});
