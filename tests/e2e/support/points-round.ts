import { expect, type BrowserContext, type Page } from '@playwright/test';
import { scoreText } from '../../../contract';
import type { PlayerPage } from '../pages/player-page';

/** The points an answer's feedback shows ("+950 puntos"), added to `shown`. */
export async function readShownPoints(screen: Page, shown: number[]): Promise<void> {
  await expect(screen.getByTestId('answer-points')).toHaveText(/^\+\d{3,4} puntos$/);
  shown.push(Number((await screen.getByTestId('answer-points').textContent())!.replace(/\D/g, '')));
}

/**
 * An offline kiosk's finished round on a points trivia: its score is the sum of the points its
 * answers showed; then the tablet is back online and syncs everything. Resolves with the score as
 * the kiosk showed it.
 */
export async function kioskPointsSynced(tablet: BrowserContext, screen: Page, kiosk: PlayerPage, shown: number[]): Promise<string | null> {
  await expect(kiosk.completed()).toBeVisible({ timeout: 15_000 });
  await expect(kiosk.score()).toHaveText(scoreText(shown.reduce((sum, points) => sum + points, 0), 'points'));
  const score = await kiosk.score().textContent();
  await tablet.setOffline(false);
  await screen.reload();
  await expect(kiosk.pending()).toHaveText('Nada por sincronizar', { timeout: 30_000 });
  return score;
}
