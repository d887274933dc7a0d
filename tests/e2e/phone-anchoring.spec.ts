import type { Page } from '@playwright/test';
import type { PlayBundle, TriviaRankingEntry } from '../../contract';
import { expect, test } from './fixtures';
import { PlayerPage } from './pages/player-page';
import { seriousViolations } from './support/axe';
import { appQuery } from './support/app-database';
import { PHONE } from './support/player-round';
import { DOCS_SCREENSHOTS, docsScreenshot } from './support/screenshot';
import { ServerProcess } from './support/server-process';
import { testBundle } from './support/test-bundle';
import { pauseClockSoon } from './support/page-clock';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

/**
 * A phone's offline round is anchored to a contact the server saw (docs/fair-play.md "Anchored
 * times"): the player screen registers its device and beats a heartbeat when it opens online, so a
 * round played after the signal drops ranks once it arrives; and a phone refused a device for a busy
 * address (DEVICE_RATE_LIMIT) is told the server is busy, not that it is offline, and its round,
 * dated by the refusal's contact ticket, ranks once the address may register again.
 */

const DEMO_TRIVIA = 1;
const TABLET = { width: 1024, height: 768 };
const OFFLINE_ANSWER = 'Respuesta guardada: el resultado llega con la conexión';
const BUSY_ANSWER = 'El servidor está ocupado, tu resultado se enviará';
const BUSY_RESULT = 'El servidor está ocupado, tu resultado se enviará: tu puntaje aparecerá aquí en cuanto califique tus respuestas.';
const OFFLINE_RESULT = 'Tu puntaje aparecerá aquí en cuanto vuelva la conexión y el servidor califique tus respuestas.';
const WRITE = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

const documentNumber = () => `9${String(Date.now() % 1_000_000_000).padStart(9, '0')}${Math.floor(Math.random() * 10)}`;

interface AttemptState {
  review_status: string;
  review_reason: string | null;
  score: number | null;
}

/** The player's attempts as the server stored them (what the public ranking shows only when clean). */
const attemptsOf = (query: (text: string, values: unknown[]) => Promise<AttemptState[]>, fullName: string) =>
  query(
    `SELECT a.review_status, a.review_reason, a.score FROM player_attempts a JOIN players p ON p.id = a.player_id
      WHERE p.full_name = $1 AND a.completed_at IS NOT NULL ORDER BY a.id`,
    [fullName],
  );

/** The trivia's public ranking scores of a player, every attempt listed. */
async function rankedScores(baseUrl: string, fullName: string): Promise<number[]> {
  const reply = await fetch(`${baseUrl}/api/ranking?questionGroupId=${DEMO_TRIVIA}&includeDuplicates=true&limit=500`);
  return ((await reply.json()) as TriviaRankingEntry[]).filter((e) => `${e.firstName} ${e.lastName}` === fullName).map((e) => e.score);
}

/**
 * Plays the round on screen, checking the words beside each answer kept without a verdict.
 * `held`, when given, runs on the first answer with the page's clock paused, so the answer's
 * feedback stays on screen while the test looks at it (it moves on after FEEDBACK_MS).
 */
async function playPending(player: PlayerPage, bundle: PlayBundle, pattern: boolean[], word: string, held?: () => Promise<void>) {
  const { page } = player;
  const state = page.locator('.player-answer[data-state="pending"]').getByTestId('answer-state');
  for (const [i, correct] of pattern.entries()) {
    await expect(player.counter()).toHaveText(`${i + 1} / ${pattern.length}`, { timeout: 15_000 });
    const hold = i === 0 && held !== undefined;
    if (hold) await pauseClockSoon(page);
    await player.answerCurrent(bundle, correct);
    await expect(state).toHaveText(word);
    if (!hold) continue;
    await held();
    await expect(state).toHaveText(word);
    await page.clock.resume();
  }
}

test('a phone that opened the trivia online and lost its signal before "INICIAR" plays offline, and its result ranks once it is back', async ({ page, context, baseURL }) => {
  test.setTimeout(60_000);
  const bundle = await testBundle(DEMO_TRIVIA);
  const player = new PlayerPage(page);
  const fullName = `Lía Anclada ${Date.now() % 10_000}`;

  // Online: the player screen registers this phone's device and tells the server it is there.
  await player.goto(DEMO_TRIVIA);
  await expect.poll(() => player.storedDeviceId(), { message: 'the device registered at page load' }).not.toBeNull();
  const deviceId = (await player.storedDeviceId())!;
  await expect
    .poll(async () => (await appQuery<{ drained_at: Date | null }>(`SELECT drained_at FROM devices WHERE id = $1`, [deviceId]))[0]?.drained_at ?? null, {
      message: "the server holds the phone's last contact",
    })
    .not.toBeNull();

  // The signal goes before the player even types a document: registration and round are the phone's own.
  await context.setOffline(true);
  await player.enterDocument(bundle.documentTypes[0]!.name, documentNumber());
  await player.registerAs(fullName, 'Stand Principal');
  await player.start().click();
  await playPending(player, bundle, [true, true, true, true, false], OFFLINE_ANSWER);
  await expect(page.getByTestId('result-pending')).toHaveText(OFFLINE_RESULT, { timeout: 15_000 });
  expect(await appQuery(`SELECT 1 FROM players WHERE full_name = $1`, [fullName])).toEqual([]);

  // Back online: the round reaches the server, anchored to the contact at page load, and ranks.
  await context.setOffline(false);
  await expect(player.score()).toHaveText('80%', { timeout: 30_000 });
  await expect.poll(() => attemptsOf(appQuery, fullName), { timeout: 20_000 }).toEqual([{ review_status: 'clean', review_reason: null, score: 80 }]);
  await expect.poll(() => rankedScores(baseURL!, fullName), { timeout: 20_000 }).toEqual([80]);
  // The same device pushed it: the one registered when the page opened.
  expect(await appQuery(`SELECT a.device_id FROM player_attempts a JOIN players p ON p.id = a.player_id WHERE p.full_name = $1`, [fullName])).toEqual([
    { device_id: deviceId },
  ]);
});

test.describe('a phone behind a busy address', () => {
  // One new device per address and hour: the test's own registration takes it, the phone is refused.
  const server = new ServerProcess({ env: { DEVICE_RATE_LIMIT: '1' } });
  test.beforeAll(async () => {
    // Its own embedded PostgreSQL starts as the worker's does (tests/e2e/fixtures.ts).
    test.setTimeout(180_000);
    await server.start();
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('is told the server is busy, not offline, beside each answer and on its result; its round ranks once the address may register again; axe clean in light and dark', async ({ browser }) => {
    test.setTimeout(60_000);
    const bundle = await server.bundle(DEMO_TRIVIA);
    const taken = await fetch(`${server.baseUrl}/api/devices`, { method: 'POST', headers: WRITE, body: '{}' });
    expect(taken.status).toBe(201);

    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: PHONE, locale: 'es-CO', bypassCSP: true, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const player = new PlayerPage(page);
    const fullName = `Bruno Ocupado ${Date.now() % 10_000}`;
    const refusals: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/devices') refusals.push(response.status());
    });

    await page.clock.install();
    await player.goto(DEMO_TRIVIA);
    // The phone asked for a device at load and was refused: it keeps the refusal's ticket.
    await expect.poll(() => refusals[0]).toBe(429);
    await expect.poll(() => player.storedContactTicket()).not.toBeNull();
    expect(await player.storedDeviceId()).toBeNull();

    await player.enterDocument(bundle.documentTypes[0]!.name, documentNumber());
    await player.registerAs(fullName, 'Stand Principal');
    await player.start().click();
    const check = async (screen: string, paused = false) => {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        const violations = seriousViolations(page, `${screen} (${colorScheme})`);
        expect(await (paused ? whileClockTicks(page, violations) : violations)).toEqual([]);
      }
      await page.emulateMedia({ colorScheme: 'light' });
    };
    const shoot = async (name: string) => {
      if (!DOCS_SCREENSHOTS) return;
      for (const [size, viewport] of [['phone', PHONE], ['tablet', TABLET]] as const) {
        await page.setViewportSize(viewport);
        await docsScreenshot(page, `${name}-${size}`);
      }
      await page.setViewportSize(PHONE);
    };

    await playPending(player, bundle, [true, false, true, true, true], BUSY_ANSWER, async () => {
      await expect(player.offlineNotice()).toHaveText('');
      await check('answer kept, server busy', true);
      await shoot('player-answer-server-busy');
    });
    await expect(page.getByTestId('result-pending')).toHaveText(BUSY_RESULT, { timeout: 15_000 });
    await expect(page.getByText(OFFLINE_RESULT)).toHaveCount(0);
    await expect(page.getByText(OFFLINE_ANSWER)).toHaveCount(0);
    await expect(player.offlineNotice()).toHaveText('');
    await expect(player.live()).toContainText(BUSY_RESULT);
    await check('result kept, server busy');
    await shoot('player-result-server-busy');
    expect(await server.query(`SELECT 1 FROM players WHERE full_name = $1`, [fullName])).toEqual([]);

    // The address's hour is over: the reloaded page registers with its ticket and sends the round.
    await server.query(`DELETE FROM rate_limits`);
    await page.reload();
    await expect.poll(() => player.storedDeviceId(), { timeout: 20_000 }).not.toBeNull();
    await expect
      .poll(() => attemptsOf((text, values) => server.query(text, values), fullName), { timeout: 20_000 })
      .toEqual([{ review_status: 'clean', review_reason: null, score: 80 }]);
    await expect.poll(() => rankedScores(server.baseUrl, fullName), { timeout: 20_000 }).toEqual([80]);
    // The device dates from the phone's first request, before the round it played.
    const [dated] = await server.query<{ before_round: boolean }>(
      `SELECT d.created_at < a.started_at AS before_round FROM devices d JOIN player_attempts a ON a.device_id = d.id JOIN players p ON p.id = a.player_id WHERE p.full_name = $1`,
      [fullName],
    );
    expect(dated).toEqual({ before_round: true });
    expect(refusals.at(-1)).toBe(201);
    await context.close();
  });
});

/**
 * Waits for `work` on a paused page clock, moving it a frame at a time meanwhile (axe waits for
 * frames and timers of the page): well under the answer's feedback time (FEEDBACK_MS) in all.
 */
async function whileClockTicks<T>(page: Page, work: Promise<T>, budgetMs = 600): Promise<T> {
  let done = false;
  const finished = work.finally(() => (done = true));
  for (let ticked = 0; !done; ticked += 16) {
    if (ticked > budgetMs) {
      void finished.catch(() => undefined);
      throw new Error(`Still running after ${budgetMs} ms of the page's clock`);
    }
    await page.clock.runFor(16);
  }
  
  return finished;
}
