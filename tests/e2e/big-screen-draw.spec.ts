import { expect, test } from './fixtures';
import type { Campaign, DrawRecord, ScreenFeed } from '../../contract';
import { LoginPage } from './pages/login-page';
import { createFourQuestionTrivia, postJson } from './support/admin-api';
import { playBundle, syncRankedResults } from './support/ranked-results';

/** The big screen's "Ganadores del sorteo": a draw run by an admin shows its winners on the trivia's and the campaign's screens. */

const TV = { width: 1920, height: 1080 };
const DEMO_COMPANY = 1;
const PLAYERS = ['Ana María Gómez', 'Beto Ruiz', 'Carla Pérez Ñúñez', 'Darío Salas', 'Elena Ríos', 'Fabio Quintero', 'Gloria Torres'];
/** Where to write the screenshot of the winners on the screen (docs/draws.md); none unless set. */
const SHOTS = process.env.DRAW_SCREENSHOTS_DIR;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

test('a draw run through the API shows its winners on the big screen, in prize order (trivia and campaign)', async ({ browser, page }) => {
  test.setTimeout(120_000);
  await new LoginPage(page).signInAsAdmin();
  const suffix = Date.now();
  // A name fit for the screenshot (trivia names need not be unique).
  const trivia = await createFourQuestionTrivia(page, DEMO_COMPANY, 'Trivia Expo Innovación');
  await syncRankedResults(page, await playBundle(page, trivia.id), PLAYERS);
  const campaign = await postJson<Campaign>(page, '/api/campaigns', { name: `Feria con sorteo ${suffix}`, companyId: DEMO_COMPANY, startDate: isoDay(-1), endDate: isoDay(1) });
  await postJson(page, '/api/campaign-question-groups', { campaignId: campaign.id, questionGroupId: trivia.id });

  const tv = await browser.newContext({ viewport: TV, locale: 'es-CO', reducedMotion: 'reduce' });
  const screen = await tv.newPage();
  await screen.goto(`/pantalla/trivia/${trivia.id}`);
  await expect(screen.getByTestId('screen-row')).toHaveCount(PLAYERS.length);
  // No draw yet: no panel.
  await expect(screen.getByTestId('screen-draw-winners')).toHaveCount(0);

  const draw = await postJson<DrawRecord>(page, `/api/question-groups/${trivia.id}/draws`, { prizes: 3 });
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
  if (SHOTS) await screen.screenshot({ path: `${SHOTS}/big-screen-draw-1920.png` });

  // A campaign's draw shows on the campaign's screen.
  const campaignDraw = await postJson<DrawRecord>(page, `/api/campaigns/${campaign.id}/draws`, { prizes: 2 });
  await screen.goto(`/pantalla/campana/${campaign.id}`);
  const campaignPanel = screen.getByTestId('screen-draw-winners');
  await expect(campaignPanel.getByRole('listitem')).toHaveCount(2);
  const campaignFeed = (await (await screen.request.get(`/api/public/screens/campaign/${campaign.id}`)).json()) as ScreenFeed;
  expect(campaignFeed.drawWinners!.drawId).toBe(campaignDraw.id);
  await expect(campaignPanel.getByRole('listitem')).toHaveText(campaignFeed.drawWinners!.winners.map((w) => w.name));
  await tv.close();
});
