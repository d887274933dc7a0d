import { expect, test } from './fixtures';
import type { Campaign, DrawRecord, ScreenFeed } from '../../contract';
import { createFourQuestionTrivia, postJson, signInThroughApi } from './support/admin-api';
import { seriousViolations } from './support/axe';
import { playBundle, syncRankedResults } from './support/ranked-results';
import { docsScreenshot } from './support/screenshot';
import { isoDay } from '../support/iso-day';

/**
 * The big screen's "Ganadores del sorteo": a draw run by an admin shows its winners on the trivia's
 * and the campaign's screens; the same draw made again with filters spelt otherwise is marked
 * "Repetido" there, with who won the first time; and, when the organiser shows it, "Sorteos de hoy".
 */

const TV = { width: 1920, height: 1080 };
const DEMO_COMPANY = 1;
const PLAYERS = ['Ana María Gómez', 'Beto Ruiz', 'Carla Pérez Ñúñez', 'Darío Salas', 'Elena Ríos', 'Fabio Quintero', 'Gloria Torres'];

test('a draw run through the API shows its winners on the big screen, in prize order (trivia and campaign)', async ({ browser, context: admin }) => {
  test.setTimeout(120_000);
  await signInThroughApi(admin);
  const suffix = Date.now();
  // A name fit for the screenshot (trivia names need not be unique).
  const trivia = await createFourQuestionTrivia(admin, DEMO_COMPANY, 'Trivia Expo Innovación');
  await syncRankedResults(admin, await playBundle(admin, trivia.id), PLAYERS);
  const campaign = await postJson<Campaign>(admin, '/api/campaigns', { name: `Feria con sorteo ${suffix}`, companyId: DEMO_COMPANY, startDate: isoDay(-1), endDate: isoDay(1) });
  await postJson(admin, '/api/campaign-question-groups', { campaignId: campaign.id, questionGroupId: trivia.id });

  const tv = await browser.newContext({ viewport: TV, locale: 'es-CO', reducedMotion: 'reduce' });
  const screen = await tv.newPage();
  await screen.goto(`/pantalla/trivia/${trivia.id}`);
  await expect(screen.getByTestId('screen-row')).toHaveCount(PLAYERS.length);
  // No draw yet: no panel.
  await expect(screen.getByTestId('screen-draw-winners')).toHaveCount(0);

  const draw = await postJson<DrawRecord>(admin, `/api/question-groups/${trivia.id}/draws`, { prizes: 3 });
  expect(draw.winners).toHaveLength(3);
  // The screen's names are the public style of the winners' names (the feed says which), in prize order.
  const feed = (await (await screen.request.get(`/api/public/screens/trivia/${trivia.id}`)).json()) as ScreenFeed;
  const shown = feed.drawWinners!.winners.map((w) => w.name);
  expect(feed.drawWinners!.drawId).toBe(draw.id);
  shown.forEach((name, i) => expect(draw.winners[i]!.name!.startsWith(name.split(' ')[0]!)).toBe(true));

  // The open screen picks the draw up on its own (it polls), without a reload.
  const panel = screen.getByTestId('screen-draw-winners');
  await expect(panel).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByRole('heading', { name: 'Ganadores del sorteo' })).toBeVisible();
  await expect(panel.getByRole('listitem')).toHaveText(shown);
  await expect(screen.getByTestId('screen-row')).toHaveCount(PLAYERS.length);
  for (const item of await panel.getByRole('listitem').all()) await expect(item).toBeInViewport();
  await expect(panel.getByTestId('screen-draw-repeat')).toHaveCount(0);

  // The same draw again, its filters spelt otherwise (a minimum score of 0, a start long past): the screen marks it a repeat and says who won the first time.
  const again = await postJson<DrawRecord>(admin, `/api/question-groups/${trivia.id}/draws`, { prizes: 3, filters: { minScore: 0, dateFrom: '2000-01-01' } });
  expect(again).toMatchObject({ repeatOf: draw.id, repeatOfFirst: draw.id, repeatMatch: 'entries' });
  await expect(panel.getByTestId('screen-draw-repeat')).toHaveText('Repetido', { timeout: 15_000 });
  await expect(panel.getByTestId('screen-draw-repeat-of')).toContainText(/^Sorteo repetido: el primero fue el de las \d{1,2}:\d{2}.* y ganaron /);
  await expect(panel.getByTestId('screen-draw-repeat-of')).toContainText(shown[0]!);

  // The organiser shows the day's draws: both, newest first, the second marked.
  const put = await admin.request.put(`/api/question-groups/${trivia.id}/draws/screen`, { data: { showHistory: true }, headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  expect(put.status()).toBe(200);
  const history = screen.getByTestId('screen-draw-history');
  await expect(history.getByTestId('screen-history-draw')).toHaveCount(2, { timeout: 15_000 });
  await expect(history.getByTestId('screen-history-draw').first().getByTestId('screen-draw-repeat')).toHaveText('Repetido');
  await expect(history.getByTestId('screen-history-draw').last().getByTestId('screen-draw-repeat')).toHaveCount(0);
  // Everything fits the 1920×1080 screen: the marked panel, the day's draws, the newest finisher and the connection line.
  for (const part of [panel, history, screen.getByTestId('screen-newest'), screen.getByTestId('screen-status')]) await expect(part).toBeInViewport({ ratio: 1 });
  await docsScreenshot(screen, 'big-screen-draw-1920');
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await screen.emulateMedia({ colorScheme });
    found.push(...(await seriousViolations(screen, `big screen with a repeated draw (${colorScheme})`)));
  }
  expect(found).toEqual([]);

  // A campaign's draw shows on the campaign's screen.
  const campaignDraw = await postJson<DrawRecord>(admin, `/api/campaigns/${campaign.id}/draws`, { prizes: 2 });
  await screen.goto(`/pantalla/campana/${campaign.id}`);
  const campaignPanel = screen.getByTestId('screen-draw-winners');
  await expect(campaignPanel.getByRole('listitem')).toHaveCount(2);
  const campaignFeed = (await (await screen.request.get(`/api/public/screens/campaign/${campaign.id}`)).json()) as ScreenFeed;
  expect(campaignFeed.drawWinners!.drawId).toBe(campaignDraw.id);
  await expect(campaignPanel.getByRole('listitem')).toHaveText(campaignFeed.drawWinners!.winners.map((w) => w.name));
  await tv.close();
});
