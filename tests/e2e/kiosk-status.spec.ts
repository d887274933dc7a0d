import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PlayerPage } from './pages/player-page';
import { seriousViolations } from './support/axe';
import { PersistentKiosk } from './support/persistent-kiosk';
import { PHONE } from './support/player-round';
import { DOCS_SCREENSHOTS, docsScreenshot } from './support/screenshot';
import { testBundle } from './support/test-bundle';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

const DEMO_TRIVIA = 1;
/** How soon the connection status must follow the truth (web/offline/connection-probe.ts). */
const STATUS_WITHIN_MS = 2_000;
const OFFLINE_NOTICE_TEXT = 'Sin conexión: tu resultado se guarda y se enviará al volver la conexión.';

/** Every API call fails as a stopped server's would, while the network stays up (no `offline` event). */
const stopServer = (page: Page) => page.route('**/api/**', (route) => route.abort('connectionrefused'));
const startServer = (page: Page) => page.unroute('**/api/**');

test.describe('the connection status is true within 2 s', () => {
  test('a kiosk badge, on its attract screen and mid-round, with the network lost or only the server gone', async ({ page, context }) => {
    const player = new PlayerPage(page);
    await page.goto(`/play-trivia/${DEMO_TRIVIA}?kiosk=1`);
    await expect(player.attract()).toBeVisible();
    await expect(player.connection()).toHaveText('En línea');

    await context.setOffline(true);
    await expect(player.connection()).toHaveText('Sin conexión', { timeout: STATUS_WITHIN_MS });
    await context.setOffline(false);
    await expect(player.connection()).toHaveText('En línea', { timeout: STATUS_WITHIN_MS });

    await player.tapToPlay().click();
    await expect(player.validate()).toBeVisible();
    await stopServer(page);
    await expect(player.connection()).toHaveText('Sin conexión', { timeout: STATUS_WITHIN_MS });
    await startServer(page);
    await expect(player.connection()).toHaveText('En línea', { timeout: STATUS_WITHIN_MS });
  });

  test('a phone\'s offline line shows within 2 s on its document step, before anyone taps "Validar Documento"', async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'es-CO' });
    const page = await context.newPage();
    const player = new PlayerPage(page);
    await player.goto(DEMO_TRIVIA);
    await expect(player.offlineNotice()).toBeEmpty();

    await context.setOffline(true);
    await expect(player.offlineNotice()).toHaveText(OFFLINE_NOTICE_TEXT, { timeout: STATUS_WITHIN_MS });
    await context.setOffline(false);
    await expect(player.offlineNotice()).toBeEmpty({ timeout: STATUS_WITHIN_MS });

    await stopServer(page);
    await expect(player.offlineNotice()).toHaveText(OFFLINE_NOTICE_TEXT, { timeout: STATUS_WITHIN_MS });
    await startServer(page);
    await expect(player.offlineNotice()).toBeEmpty({ timeout: STATUS_WITHIN_MS });
    await context.close();
  });
});

const staffPanel = (page: Page) => page.getByRole('dialog', { name: 'Panel del personal' });

/** Opens the badge, then "Panel del personal" (a kiosk never set up has no PIN to ask for). */
async function openStaffPanel(page: Page) {
  await new PlayerPage(page).statusBadge().click();
  await page.getByRole('button', { name: 'Panel del personal' }).click();
  await expect(staffPanel(page)).toBeVisible();
}

test('leaving kiosk mode from its attract screen confirms and shows the player screen at once, from the staff panel or the badge', async ({ page }) => {
  const player = new PlayerPage(page);
  await player.gotoKiosk(DEMO_TRIVIA);
  // 'Cerrar' in the staff panel leaves the kiosk on its attract screen, as after an idle round.
  await openStaffPanel(page);
  await staffPanel(page).getByRole('button', { name: 'Cerrar' }).click();
  await expect(player.attract()).toBeVisible();

  await openStaffPanel(page);
  await staffPanel(page).getByRole('button', { name: 'Salir del modo kiosco' }).click();
  await expect(player.notice()).toContainText('Modo kiosco desactivado');
  await expect(player.live()).toContainText('Modo kiosco desactivado');
  await expect(player.attract()).toBeHidden();
  await expect(player.validate()).toBeVisible();
  await expect(player.statusBadge()).toHaveCount(0);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousViolations(page, `kiosk mode off (${colorScheme})`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  // Only for the pictures: without the switch the widths are not visited.
  for (const [width, height, name] of DOCS_SCREENSHOTS ? ([[390, 844, 'phone'], [1024, 768, 'tablet'], [1366, 768, 'desktop']] as const) : []) {
    await page.setViewportSize({ width, height });
    await docsScreenshot(page, `kiosk-mode-off-${name}`);
  }

  // The badge's switch, by keyboard, from the attract screen: the same.
  await page.goto(`/play-trivia/${DEMO_TRIVIA}?kiosk=1`);
  await openStaffPanel(page);
  await staffPanel(page).getByRole('button', { name: 'Cerrar' }).click();
  await expect(player.attract()).toBeVisible();
  await player.statusBadge().click();
  await player.kioskSwitch().focus();
  await page.keyboard.press('Enter');
  await expect(player.notice()).toContainText('Modo kiosco desactivado');
  await expect(player.attract()).toBeHidden();
  await expect(player.validate()).toBeVisible();
});

test('the kiosk badge never covers a field that takes focus, at 200 % zoom too', async ({ page }) => {
  const player = new PlayerPage(page);
  // A 1024 × 768 kiosk at 200 % zoom is a 512 × 384 page.
  await page.setViewportSize({ width: 512, height: 384 });
  await player.gotoKiosk(DEMO_TRIVIA);
  await page.evaluate(() => window.scrollTo(0, 0));
  const covered = async () =>
    page.evaluate(() => {
      const field = document.activeElement!.getBoundingClientRect();
      const badge = document.querySelector('[data-testid="kiosk-status"] > button')!.getBoundingClientRect();
      const across = Math.max(0, Math.min(field.right, badge.right) - Math.max(field.left, badge.left));
      const down = Math.max(0, Math.min(field.bottom, badge.bottom) - Math.max(field.top, badge.top));
      return (across * down) / (field.width * field.height);
    });
  for (const field of [player.documentType(), player.documentNumber(), player.validate()]) {
    await field.focus();
    await expect.poll(covered, { message: 'the focused field is clear of the badge' }).toBe(0);
  }
  // By keyboard from the top of the page, each field in turn.
  await page.evaluate(() => window.scrollTo(0, 0));
  await player.documentType().focus();
  for (let i = 0; i < 2; i++) {
    await page.keyboard.press('Tab');
    await expect.poll(covered).toBe(0);
  }
  await player.documentType().focus();
  await docsScreenshot(page, 'kiosk-badge-focus-zoom-200');
});

test('a kiosk without Web Locks killed mid-round resumes its round by itself on the restart, and its result is queued without a tap', async ({ baseURL }) => {
  test.setTimeout(120_000);
  const bundle = await testBundle(DEMO_TRIVIA);
  const kiosk = new PersistentKiosk({ baseUrl: baseURL! }, 'kiosk-crash');
  const noWebLocks = () => Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined, configurable: true });

  let { context, page } = await kiosk.launch();
  await context.addInitScript(noWebLocks);
  let player = new PlayerPage(page);
  await player.gotoKiosk(DEMO_TRIVIA);
  expect(await page.evaluate(() => navigator.locks === undefined)).toBe(true);
  await player.enterDocument(bundle.documentTypes[0]!.name, `5${Date.now() % 1_000_000_000}`);
  await player.registerAs('Kiosco Reiniciado', 'Stand Principal');
  await player.start().click();
  for (const n of [1, 2]) {
    await expect(player.counter()).toHaveText(`${n} / 5`, { timeout: 15_000 });
    await player.answerCurrent(bundle, true);
  }
  await expect(player.counter()).toHaveText('3 / 5', { timeout: 15_000 });
  // The browser dies mid-round: no tab is left to give the play lease back.
  await context.close();

  ({ context, page } = await kiosk.launch());
  await context.addInitScript(noWebLocks);
  player = new PlayerPage(page);
  await page.goto(`/play-trivia/${DEMO_TRIVIA}`);
  // The lease the killed tab left is still unexpired: nobody answers for it, so the round resumes at once.
  await expect(player.counter()).toHaveText('3 / 5', { timeout: 5_000 });
  await expect(player.otherTabHeading()).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Trivia disponible' })).toHaveCount(0);
  await player.playRoundFrom(bundle, 3, [true, false, true]);
  await expect(player.score()).toHaveText('80%');
  await context.close();
});
