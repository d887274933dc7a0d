import { setUpKioskByLink } from '../../e2e/support/kiosk-setup-link';
import { expect, test } from '@playwright/test';
import { PlayerPage } from '../../e2e/pages/player-page';
import { exportedScores, type ExportedScore } from '../../e2e/support/score-export';
import { ServerProcess } from '../../e2e/support/server-process';
import { PersistentKiosk } from '../../e2e/support/persistent-kiosk';
import { reportFigures } from '../support/figures';

const DEMO_TRIVIA = 1;
/** How soon after the server is back a kiosk must have synced on its own, without anyone touching it. */
const SYNC_WITHIN_SECONDS = 30;
/** How long the test keeps measuring before it gives up (so a slow kiosk still yields a figure). */
const MEASURE_FOR_SECONDS = 60;
const ADMIN = { username: 'admin', password: 'faults-browser-password' };
const server = new ServerProcess({ admin: ADMIN });
const kiosk = new PersistentKiosk(server, 'faults-kiosk-profile');

test.afterAll(async () => {
  await server.stop();
});

/** The five players of the outage: who they are, where they register and what they answer. */
const PLAYERS = [
  { fullName: 'Ana Torres', documentNumber: '6660001', site: 'Stand Principal', pattern: [true, true, true, false, false], score: 60 },
  { fullName: 'Bruno Díaz', documentNumber: '6660002', site: 'Stand Norte', pattern: [true, true, true, true, false], score: 80 },
  { fullName: 'Carla Méndez', documentNumber: '6660003', site: 'Stand Principal', pattern: [false, true, false, true, false], score: 40 },
  { fullName: 'Diego Ruiz', documentNumber: '6660004', site: 'Stand Norte', pattern: [true, true, true, true, true], score: 100 },
  { fullName: 'Elena Gil', documentNumber: '6660005', site: 'Stand Principal', pattern: [false, false, false, false, true], score: 20 },
];

test('a kiosk plays 5 rounds with the server process stopped, through reloads and a browser restart, and syncs them exactly once on its own when the server returns', async () => {
  await server.start();
  const bundle = await server.bundle(DEMO_TRIVIA);
  const documentType = bundle.documentTypes[0]!;

  // Online once: the trivia is opened, its bundle stored and the service worker installed.
  let { context, page } = await kiosk.launch();
  let player = new PlayerPage(page);
  // Set up by staff before the outage: its copy of the trivia holds the answer key it judges with offline.
  await setUpKioskByLink(page, server.baseUrl, ADMIN, DEMO_TRIVIA);
  await player.toDocumentStep();
  await page
    .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 })
    .catch(async (error) => {
      const state = await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).map((r) => ({ scope: r.scope, active: r.active?.state, installing: r.installing?.state, waiting: r.waiting?.state })));
      throw new Error(`${error}\nservice worker registrations: ${JSON.stringify(state)}`);
    });

  await server.stop();
  await page.reload();
  await player.toDocumentStep();

  /** One new player registers offline and plays; `reloadAfter` answers in, the page is reloaded and the round resumes. */
  const play = async (who: (typeof PLAYERS)[number], reloadAfter?: number) => {
    await player.enterDocument(documentType.name, who.documentNumber);
    await player.registerAs(who.fullName, who.site);
    await player.start().click();
    if (reloadAfter === undefined) await player.playRoundFrom(bundle, 1, who.pattern);
    else {
      await player.playRoundFrom(bundle, 1, who.pattern.slice(0, reloadAfter)).catch(() => undefined);
      await expect(player.counter()).toHaveText(`${reloadAfter + 1} / 5`, { timeout: 15_000 });
      const question = await player.questionText().textContent();
      await page.reload();
      await expect(player.counter()).toHaveText(`${reloadAfter + 1} / 5`);
      await expect(player.questionText()).toHaveText(question!);
      await player.playRoundFrom(bundle, reloadAfter + 1, who.pattern.slice(reloadAfter));
    }
    await expect(player.score()).toHaveText(`${who.score}%`);
    await player.restart().click();
  };

  await play(PLAYERS[0]!);
  await play(PLAYERS[1]!, 2); // reloaded mid-round
  await play(PLAYERS[2]!, 3); // reloaded mid-round again

  // The browser is closed and started again, the server still down.
  await context.close();
  ({ context, page } = await kiosk.launch());
  player = new PlayerPage(page);
  await player.goto(DEMO_TRIVIA);
  await expect(player.connection()).toHaveText('Sin conexión');
  await play(PLAYERS[3]!);
  await play(PLAYERS[4]!);
  // Five rounds (a player, an attempt and a completion each): nothing has reached the server.
  await expect(player.pending()).toHaveText('5 partidas por sincronizar');

  // The server process comes back; nobody touches the kiosk.
  await server.start();
  const back = Date.now();
  let scores: ExportedScore[] = [];
  while (Date.now() - back < MEASURE_FOR_SECONDS * 1000) {
    scores = await exportedScores(server.baseUrl, ADMIN, DEMO_TRIVIA);
    if (scores.length >= PLAYERS.length) break;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const synced = scores.length >= PLAYERS.length;
  const seconds = Math.round((Date.now() - back) / 100) / 10;
  const pendingAfter = await player.pending().textContent();
  await context.close();

  const expected = PLAYERS.map((p) => [p.fullName, p.documentNumber, p.site, p.score, p.pattern.filter(Boolean).length, 5]);
  const stored = scores.map((s) => [s.fullName, s.documentNumber, s.location, s.score, s.correctAnswers, s.totalQuestions]);
  const matched = expected.filter((row) => stored.some((s) => JSON.stringify(s) === JSON.stringify(row))).length;
  reportFigures('kiosk-browser', 'kiosk browser, server process stopped', {
    sent: PLAYERS.length,
    acknowledged: pendingAfter === 'Nada por sincronizar' ? PLAYERS.length : 0,
    stored: matched,
    duplicated: Math.max(0, scores.length - new Set(scores.map((s) => s.documentNumber)).size),
    lost: PLAYERS.length - matched,
    extra: { mutations: 15, reloadsMidRound: 2, browserRestarts: 1, secondsToSync: synced ? seconds : `not within ${MEASURE_FOR_SECONDS}`, badgeAfter: pendingAfter },
  });

  // Exactly the five rounds played, with their players, sites and scores...
  expect(stored.sort((a, b) => String(a[0]).localeCompare(String(b[0]))), `the server holds after ${seconds} s`).toEqual(expected);
  // ...on the server within 30 s of its return.
  expect(seconds, `the kiosk synced ${seconds} s after the server returned`).toBeLessThanOrEqual(SYNC_WITHIN_SECONDS);
});
