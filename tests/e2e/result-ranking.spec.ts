import { randomInt } from 'node:crypto';
import type { Campaign } from '../../contract';
import { isoDay } from '../support/iso-day';
import { expect, test, E2E_ADMIN } from './fixtures';
import { PlayerPage } from './pages/player-page';
import { createFourQuestionTrivia, postJson, signInThroughApi } from './support/admin-api';
import { seriousViolations } from './support/axe';
import { setUpKioskByLink } from './support/kiosk-setup-link';
import { decodeQr } from './support/qr';
import { testBundle } from './support/test-bundle';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

const DEMO_TRIVIA = 1;
const freshDocument = () => String(randomInt(1_000_000_000, 9_999_999_999));

/** A new player plays a whole round of the demo trivia, three of five right. */
async function playRound(player: PlayerPage, fullName: string) {
  const bundle = await testBundle(DEMO_TRIVIA);
  await player.enterDocument(bundle.documentTypes[0]!.name, freshDocument());
  await player.registerAs(fullName, 'Stand Principal');
  await player.start().click();
  await player.playRoundFrom(bundle, 1, [true, true, true, false, false]);
  await expect(player.score()).toHaveText('60%');
  await expect(player.place()).toHaveText(/^Tu puesto en el ranking: \d+\.º$/);
}

test('the result screen points to the public ranking: a link on a phone, a QR code for the player\'s own phone on a kiosk; axe clean in light and dark', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const phone = new PlayerPage(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await phone.goto(DEMO_TRIVIA);
  await playRound(phone, 'Rosa Enlace');
  const link = page.getByRole('link', { name: 'Ver el ranking', exact: true });
  await expect(link).toHaveAttribute('href', `/ranking/${DEMO_TRIVIA}`);
  await expect(page.getByTestId('result-ranking-qr')).toHaveCount(0);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousViolations(page, `phone result with the ranking link (${colorScheme})`)).toEqual([]);
  }
  // By keyboard, the link opens the ranking, where the player is.
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/ranking/${DEMO_TRIVIA}$`));
  await expect(page.getByText('Rosa Enlace').first()).toBeVisible();

  // A kiosk never leaves the trivia: a QR code of the same ranking, for the player's phone.
  const tablet = await browser.newContext({ baseURL, locale: 'es-CO', viewport: { width: 1024, height: 768 } });
  try {
    const screen = await tablet.newPage();
    const kiosk = new PlayerPage(screen);
    await setUpKioskByLink(screen, baseURL!, E2E_ADMIN, DEMO_TRIVIA);
    await kiosk.toDocumentStep();
    await playRound(kiosk, 'Tomás Código');
    await expect(screen.getByRole('link', { name: /Ver el ranking/ })).toHaveCount(0);
    const qr = screen.getByRole('img', { name: 'Código QR del ranking de esta trivia' });
    await expect(qr.locator('svg')).toBeVisible();
    await expect(screen.getByText('Escanéalo con tu teléfono para ver el ranking')).toBeVisible();
    expect(await decodeQr(qr)).toBe(`${baseURL}/ranking/${DEMO_TRIVIA}`);
    for (const colorScheme of ['light', 'dark'] as const) {
      await screen.emulateMedia({ colorScheme });
      expect(await seriousViolations(screen, `kiosk result with the ranking's QR code (${colorScheme})`)).toEqual([]);
    }
  } finally {
    await tablet.close();
  }
});

test("a trivia that counts in a running campaign: the result says the player's place there too, and links to the campaign's ranking; axe clean in light and dark", async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  const organiser = await browser.newContext({ baseURL, locale: 'es-CO' });
  const cupName = `Copa del stand ${randomInt(100, 999)}`;
  let triviaId: number;
  let campaignId: number;
  try {
    // Requests only, in the context's own cookie jar: no page is opened.
    await signInThroughApi(organiser);
    triviaId = (await createFourQuestionTrivia(organiser, 1, 'Trivia de la copa')).id;
    const campaign = await postJson<Campaign>(organiser, '/api/campaigns', { name: cupName, companyId: 1, startDate: isoDay(-1), endDate: isoDay(1) });
    campaignId = campaign.id;
    await postJson(organiser, '/api/campaign-question-groups', { campaignId, questionGroupId: triviaId });
  } finally {
    await organiser.close();
  }

  const phone = new PlayerPage(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await phone.goto(triviaId);
  const bundle = await testBundle(triviaId);
  await phone.enterDocument(bundle.documentTypes[0]!.name, freshDocument());
  await phone.registerAs('Inés Copa', 'Stand Principal');
  await phone.start().click();
  await phone.playRoundFrom(bundle, 1, [true, true, true, false], 4);
  await expect(phone.place()).toHaveText('Tu puesto en el ranking: 1.º');
  await expect(page.getByTestId('result-campaign-place')).toHaveText(`Tu puesto en «${cupName}»: 1.º`);
  const cupLink = page.getByRole('link', { name: `Ver el ranking de «${cupName}»` });
  await expect(cupLink).toHaveAttribute('href', `/public/campaigns/${campaignId}/ranking`);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousViolations(page, `phone result with its campaign place (${colorScheme})`)).toEqual([]);
  }
  // By keyboard: from the trivia's link, Tab reaches the campaign's, which opens its public ranking with the player in it.
  await page.getByRole('link', { name: 'Ver el ranking', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(cupLink).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/public/campaigns/${campaignId}/ranking$`));
  await expect(page.getByText('Inés Copa').first()).toBeVisible();
});
