import { testBundle } from './support/test-bundle';
import { randomInt } from 'node:crypto';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PlayerPage } from './pages/player-page';
import { E2E_ADMIN } from './fixtures';
import { createFourQuestionTrivia, signInThroughApi } from './support/admin-api';
import { seriousViolations } from './support/axe';
import { expectFocusVisible } from './support/focus';
import { setUpKioskByLink } from './support/kiosk-setup-link';
import { syncRankedResults } from './support/ranked-results';
import { DOCS_SCREENSHOTS, docsScreenshot } from './support/screenshot';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

/** The PIN setUpKioskByLink gives the kiosk. */
const PIN = '246810';
const KIOSK = 'Tableta Pabellón Azul';
const WIDTHS = { phone: { width: 390, height: 844 }, tablet: { width: 1024, height: 768 }, desktop: { width: 1366, height: 900 } } as const;


const panel = (page: Page) => page.getByRole('dialog', { name: 'Panel del personal' });

async function openPanel(page: Page, player: PlayerPage) {
  await player.statusBadge().click();
  await page.getByRole('button', { name: 'Panel del personal' }).click();
  const gate = page.getByTestId('kiosk-pin');
  await gate.getByLabel('PIN del kiosco').fill(PIN);
  await gate.getByRole('button', { name: 'Abrir el panel' }).click();
  await expect(panel(page)).toBeVisible();
  await expect(page.getByTestId('staff-receipt-status')).toContainText('Servidor consultado');
}

const kioskCard = (page: Page) => page.getByRole('article', { name: KIOSK });

test('a result held for review reads the same on the kiosk, its staff panel, "Dispositivos" and the ranking; after "Aprobar" all say confirmed', async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInThroughApi(page);
  const demo = await testBundle(1);
  const group = await createFourQuestionTrivia(page, demo.group.companyId, `Trivia en revisión ${Date.now()}`, 1);
  const bundle = await testBundle(group.id);
  const document = String(randomInt(1_000_000_000, 9_999_999_999));

  // The player's one try, played and ranked first (another device, online).
  await syncRankedResults(page, bundle, ['Ana Revisión'], 30, [document]);

  // The kiosk, offline, plays the same player again: it cannot know the try was used.
  const tablet = await browser.newContext({ baseURL, locale: 'es-CO', viewport: WIDTHS.tablet });
  const kiosk = await tablet.newPage();
  const player = new PlayerPage(kiosk);
  await setUpKioskByLink(kiosk, baseURL!, E2E_ADMIN, group.id, KIOSK);
  await player.toDocumentStep();
  await tablet.setOffline(true);
  await player.enterDocument(bundle.documentTypes[0]!.name, document);
  await player.registerAs('Ana Revisión', bundle.locations[0]!.name);
  await player.start().click();
  await player.playRoundFrom(bundle, 1, [true, true, true, false], 4);
  await expect(player.place()).toHaveText('Tu puesto llega con la conexión');

  // Back online, still on the result screen: the player reads that the server holds the result, and why.
  await tablet.setOffline(false);
  await expect(kiosk.getByTestId('result-held')).toHaveText(/^Tu resultado quedó en revisión: llegó por encima del límite de intentos\./, { timeout: 30_000 });
  // A held result has no place, though the player's first try ranks.
  await expect(player.place()).toHaveCount(0);
  await expect(player.pending()).toHaveText('Nada por sincronizar', { timeout: 30_000 });

  // The staff panel: confirmed 0 of the result, 1 in review, with the reason in Spanish; nothing marked ✓ that is not.
  await openPanel(kiosk, player);
  const results = kiosk.getByTestId('staff-receipt-completion');
  await expect(results).toHaveAttribute('data-in-review', '1');
  await expect(results).toContainText('registrados en este dispositivo 1 · confirmados por el servidor 0 · en revisión 1');
  await expect(results).not.toContainText('✓');
  await expect(kiosk.getByTestId('staff-review-reason')).toHaveText('Llegó por encima del límite de intentos: 1');
  for (const colorScheme of ['light', 'dark'] as const) {
    await kiosk.emulateMedia({ colorScheme });
    expect(await seriousViolations(kiosk, `staff panel in review (${colorScheme})`, '[data-testid="staff-panel"]')).toEqual([]);
  }
  await kiosk.emulateMedia({ colorScheme: 'light' });
  for (const [name, size] of Object.entries(DOCS_SCREENSHOTS ? WIDTHS : {})) {
    await kiosk.setViewportSize(size);
    await kiosk.getByTestId('staff-receipt').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await docsScreenshot(kiosk, `staff-panel-in-review-${name}`);
  }
  await kiosk.setViewportSize(WIDTHS.tablet);
  await panel(kiosk).getByRole('button', { name: 'Cerrar' }).click();

  // "Dispositivos": the kiosk's card says the same, with the reason and the way to the review.
  await page.goto('/devices');
  const card = kioskCard(page);
  await expect(card.getByTestId('kiosk-in-review')).toHaveText('1 resultado en revisión');
  await expect(card.getByTestId('kiosk-completion-inReview')).toHaveText('1');
  await expect(card.getByTestId('kiosk-completion-confirmed')).toHaveText('0');
  await expect(card.getByTestId('kiosk-review-reasons')).toContainText('Llegó por encima del límite de intentos: 1');
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.reload();
    await expect(card.getByTestId('kiosk-in-review')).toBeVisible();
    expect(await seriousViolations(page, `devices in review (${colorScheme})`, 'main')).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await expect(card.getByTestId('kiosk-in-review')).toBeVisible();
  for (const [name, size] of Object.entries(DOCS_SCREENSHOTS ? WIDTHS : {})) {
    await page.setViewportSize(size);
    await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await docsScreenshot(page, `devices-in-review-${name}`);
  }
  await page.setViewportSize(WIDTHS.desktop);
  // By keyboard: the link to the review is reached with Tab and followed with Enter.
  const review = card.getByRole('link', { name: `Revisar en el ranking de ${group.name}` });
  await review.focus();
  await expectFocusVisible(review);
  await page.keyboard.press('Enter');

  // The admin ranking: one result in review, approved there.
  await expect(page).toHaveURL(new RegExp(`/ranking-admin\\?id=${group.id}$`));
  const held = page.getByRole('region', { name: /Resultados en revisión/ });
  await expect(held).toContainText('1 pendiente');
  await held.getByRole('button', { name: 'Aprobar el resultado de Ana Revisión' }).click();
  await expect(held.getByRole('button', { name: 'Aprobar el resultado de Ana Revisión' })).toHaveCount(0);

  // All three say confirmed.
  await page.goto('/devices');
  await expect(card.getByTestId('kiosk-completion-confirmed')).toHaveText('1');
  await expect(card.getByTestId('kiosk-completion-inReview')).toHaveText('0');
  await expect(card.getByTestId('kiosk-in-review')).toHaveCount(0);
  await openPanel(kiosk, player);
  await expect(results).toHaveAttribute('data-in-review', '0');
  await expect(results).toContainText('registrados en este dispositivo 1 · confirmados por el servidor 1 ✓');
  await expect(kiosk.getByTestId('staff-review')).toHaveCount(0);
  await tablet.close();
});
