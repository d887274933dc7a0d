import { chromium, expect, type BrowserContext, type Page } from '@playwright/test';
import type { PlayBundle } from '../../../contract';
import { PlayerPage } from '../../e2e/pages/player-page';
import type { ServerProcess } from '../../e2e/support/server-process';
import { CHROMIUM_ARGS, findTestChromium } from '../../support/chromium';
import { setUpThisBrowserEarlier } from '../../e2e/support/synced-kiosk';

/**
 * What the fault suite's browser tests share: SQL against a test server's embedded PostgreSQL and
 * one player's full round on a kiosk page.
 */

/** A kiosk set up by staff before the test's rounds (as tests/e2e/support/synced-kiosk.ts does on the browser tests' server), reloaded with the answer key. */
export const setUpKioskEarlier = (server: ServerProcess, player: PlayerPage, groupId: number) =>
  setUpThisBrowserEarlier(player, groupId, (text, values) => server.query(text, values));

/** Runs statements against the server's embedded PostgreSQL. */
export const serverSql = <T = Record<string, unknown>>(server: ServerProcess, text: string, values: unknown[] = []): Promise<T[]> => server.query<T>(text, values);

export interface KioskPlayer {
  fullName: string;
  documentNumber: string;
  site: string;
  /** Whether each of the round's five questions is answered correctly. */
  pattern: boolean[];
  score: number;
}

/**
 * One new player registers on the kiosk page, plays a whole round and leaves the page at the
 * document step. The result screen shows the score (a set-up kiosk judges with its key), or says it
 * comes with the connection (`pending`: a device nobody set up, offline).
 */
export async function playRound(page: Page, bundle: PlayBundle, who: KioskPlayer, result: 'score' | 'pending' = 'score'): Promise<void> {
  const player = new PlayerPage(page);
  await player.enterDocument(bundle.documentTypes[0]!.name, who.documentNumber);
  await player.registerAs(who.fullName, who.site);
  await player.start().click();
  await player.playRoundFrom(bundle, 1, who.pattern);
  if (result === 'score') await expect(player.score()).toHaveText(`${who.score}%`);
  else await expect(page.getByTestId('result-pending')).toBeVisible();
  await player.restart().click();
  await expect(player.validate()).toBeVisible();
}

/**
 * Online, on the kiosk page, "Previa Al Respaldo" (document 7770000) registers before the server's
 * database is rewound: the player the restore tests' backup predates.
 */
export async function registerBeforeTheBackup(player: PlayerPage, bundle: PlayBundle, groupId: number): Promise<void> {
  await player.gotoKiosk(groupId);
  await player.enterDocument(bundle.documentTypes[0]!.name, '7770000');
  await player.registerAs('Previa Al Respaldo', 'Stand Norte');
  await expect(player.start()).toBeVisible();
}

/** The server's completed attempts at a trivia with their players, by name. */
export async function storedResults(server: ServerProcess, groupId: number) {
  return serverSql<{ fullName: string; documentNumber: string; site: string | null; score: number; correctAnswers: number; deviceId: string | null }>(
    server,
    `SELECT p.full_name AS "fullName", p.document_number AS "documentNumber", l.name AS site, a.score, a.correct_answers AS "correctAnswers", a.device_id AS "deviceId"
       FROM player_attempts a JOIN players p ON p.id = a.player_id LEFT JOIN locations l ON l.id = a.location_id
      WHERE a.question_group_id = $1 AND a.completed_at IS NOT NULL
      ORDER BY p.full_name`,
    [groupId],
  );
}

/** A tablet-sized kiosk: starts the test server and a browser, and hands `run` the trivia's bundle and a fresh context. */
export async function withKiosk(
  server: ServerProcess,
  groupId: number,
  run: (kiosk: { bundle: PlayBundle; context: BrowserContext }) => Promise<void>,
): Promise<void> {
  await server.start();
  const bundle = await server.bundle(groupId);
  const browser = await chromium.launch({ executablePath: findTestChromium(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1024, height: 768 }, locale: 'es-CO' });
    await run({ bundle, context });
  } finally {
    await browser.close();
  }
}
