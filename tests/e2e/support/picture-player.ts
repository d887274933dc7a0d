import { expect, type Page } from '@playwright/test';
import { PlayerPage } from '../pages/player-page';
import { tabTo } from './axe';

/** Registers a new player and starts the round, the start by keyboard. */
export async function startRound(page: Page, groupId: number, fullName: string) {
  const player = new PlayerPage(page);
  await player.goto(groupId);
  await player.enterDocument('Cédula de ciudadanía', `7${Date.now() % 1_000_000_000}`);
  await player.registerAs(fullName, 'Stand Principal');
  await tabTo(page, player.start());
  await page.keyboard.press('Enter');
  return player;
}

/** Waits until every picture of the step is decoded (an error counts as settled). */
export const picturesSettled = (page: Page) =>
  expect.poll(() => page.locator('.player-card .player-picture img').evaluateAll((imgs: HTMLImageElement[]) => imgs.every((img) => img.complete && img.naturalWidth > 0))).toBe(true);
