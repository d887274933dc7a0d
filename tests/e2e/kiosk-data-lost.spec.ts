import { randomInt } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import type { Campaign, Company, Location, QuestionGroup } from '../../contract';
import { expect, test } from './fixtures';
import { PlayerPage } from './pages/player-page';
import { QuestionGroupsPage } from './pages/question-groups-page';
import { createFourQuestionTrivia, postJson, signInThroughApi } from './support/admin-api';
import { appQuery } from './support/app-database';
import { seriousViolations } from './support/axe';
import { completeKioskSetup } from './support/kiosk-setup-link';
import { DOCS_SCREENSHOTS, docsFullPageScreenshot, docsScreenshot } from './support/screenshot';
import { testBundle } from './support/test-bundle';
import { isoDay } from '../support/iso-day';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

/**
 * A kiosk whose browser loses its site data (storage cleared or evicted; its cookies kept, as an
 * eviction keeps them) says so: the player screen tells staff to set it up again, and the admin's
 * "Dispositivos" lists that kiosk first, flagged, beside what the server received from it.
 */

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 1024, height: 768 };
const DESKTOP = { width: 1366, height: 900 };
const WRITE = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
const KIOSK = 'Stand 9 · salida';
const PIN = '135790';
const TITLE = 'Este kiosco perdió sus datos: vuelve a configurarlo';
const DESCRIPTION = `Esta tableta era el kiosco «${KIOSK}» y su navegador borró sus datos: lo que no había enviado se perdió. Pide al personal que la configure de nuevo; en «Dispositivos» está lo que el servidor recibió de ella.`;

/** The one-time setup link an admin makes from the trivia's card ('Configurar kiosco'), signed in already. */
async function linkFromCard(page: Page, trivia: QuestionGroup, companyName: string): Promise<string> {
  const groups = new QuestionGroupsPage(page);
  await groups.goto();
  await groups.selectCompany(companyName);
  await (await groups.cardAction(trivia.name, 'Configurar kiosco')).click();
  const link = page.getByTestId('kiosk-setup-link');
  await expect(link).toHaveValue(new RegExp(`/play-trivia/${trivia.id}\\?kiosk=[A-Za-z0-9_-]{32}$`));
  const value = await link.inputValue();
  await page.keyboard.press('Escape');
  return value;
}

/** Another kiosk of the trivia, set up through the API and silent for 2 h 10 min: "Sin conexión", which otherwise comes first. */
async function silentKiosk(browser: Browser, baseURL: string, admin: Page, trivia: QuestionGroup, name: string) {
  const context = await browser.newContext({ baseURL });
  const device = (await (await context.request.post('/api/devices', { headers: WRITE, data: {} })).json()) as { deviceId: string; secret: string };
  const link = await postJson<{ path: string }>(admin, `/api/question-groups/${trivia.id}/kiosk-setup`, {});
  const token = new URL(link.path, 'http://kiosk.test').searchParams.get('kiosk');
  const setup = await context.request.post('/api/kiosk-setup', {
    headers: { ...WRITE, 'X-Device-Id': device.deviceId, 'X-Device-Secret': device.secret },
    data: { token, questionGroupId: trivia.id, name },
  });
  expect(setup.status()).toBe(200);
  await context.close();
  await appQuery(`UPDATE devices SET last_seen_at = now() - interval '130 minutes', kiosk_setup_at = now() - interval '190 minutes' WHERE id = $1`, [device.deviceId]);
}

/**
 * What an eviction leaves: the origin's IndexedDB, local storage, caches and service worker gone,
 * its cookies kept. The page first leaves the app, so no connection of the app holds the database.
 */
async function wipeSiteData(page: Page, origin: string) {
  await page.goto('about:blank');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'indexeddb,local_storage,cache_storage,service_workers' });
  await cdp.detach();
}

test('a kiosk whose browser lost its data says so on its screen, and "Dispositivos" lists it first, flagged, beside what the server received; axe light and dark', async ({ page, browser, baseURL }) => {
  test.setTimeout(60_000);
  const origin = new URL(baseURL!).origin;
  const suffix = randomInt(100_000, 999_999);

  // The admin: a company of its own, a trivia in a campaign running today, and a kiosk silent for 2 h.
  await signInThroughApi(page);
  const company = await postJson<Company>(page, '/api/companies', { name: `Feria perdida ${suffix}` });
  await postJson<Location>(page, '/api/locations', { name: 'Pabellón verde', companyId: company.id });
  const trivia = await createFourQuestionTrivia(page, company.id, `Trivia del stand ${suffix}`);
  const campaign = await postJson<Campaign>(page, '/api/campaigns', { name: `Feria de hoy ${suffix}`, companyId: company.id, startDate: isoDay(-1), endDate: isoDay(1) });
  await postJson(page, '/api/campaign-question-groups', { campaignId: campaign.id, questionGroupId: trivia.id });
  await silentKiosk(browser, origin, page, trivia, 'Acceso norte');
  const link = await linkFromCard(page, trivia, company.name);

  // The tablet, set up through the link as staff do; one round played and sent.
  const tablet = await browser.newContext({ baseURL, locale: 'es-CO', viewport: TABLET, reducedMotion: 'reduce', bypassCSP: true });
  const kiosk = await tablet.newPage();
  const player = new PlayerPage(kiosk);
  await kiosk.goto(link);
  await completeKioskSetup(kiosk, KIOSK, PIN);
  const bundle = await testBundle(trivia.id);
  await player.toDocumentStep();
  await player.enterDocument(bundle.documentTypes[0]!.name, `7${String(suffix).padStart(9, '0')}`);
  await player.registerAs(`Rosa Perdida ${suffix}`, 'Pabellón verde');
  await player.start().click();
  await player.playRoundFrom(bundle, 1, [true, true, false, true], 4);
  await expect
    .poll(() => appQuery(`SELECT 1 FROM player_attempts a JOIN players p ON p.id = a.player_id WHERE p.full_name = $1 AND a.completed_at IS NOT NULL`, [`Rosa Perdida ${suffix}`]), {
      message: 'the round reached the server',
    })
    .toHaveLength(1);
  const oldDevice = (await player.storedDeviceId())!;

  // The browser evicts the site's storage; the kiosk's mark (a cookie) stays.
  await wipeSiteData(kiosk, origin);
  expect((await tablet.cookies(`${origin}/api/devices`)).map((c) => c.name)).toContain('trivia.kiosk');
  await kiosk.goto(`/play-trivia/${trivia.id}`);

  // The screen says what happened, with the kiosk's name; it plays as any phone's would, no kiosk badge.
  const notice = player.notice();
  await expect(notice).toBeVisible();
  await expect(notice.getByText(TITLE, { exact: true })).toBeVisible();
  await expect(notice.getByText(DESCRIPTION, { exact: true })).toBeVisible();
  await expect(notice).toHaveAttribute('data-tone', 'error');
  await expect(player.validate()).toBeVisible();
  await expect(player.statusBadge()).toHaveCount(0);
  await expect.poll(() => player.storedDeviceId(), { message: 'a new device registered' }).not.toBeNull();
  expect(await player.storedDeviceId()).not.toBe(oldDevice);
  // A reload keeps saying it: the browser knows it until it is set up again.
  await kiosk.reload();
  await expect(notice.getByText(TITLE, { exact: true })).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await kiosk.emulateMedia({ colorScheme });
    expect(await seriousViolations(kiosk, `player, kiosk data lost (${colorScheme})`)).toEqual([]);
  }
  await kiosk.emulateMedia({ colorScheme: 'light' });
  if (DOCS_SCREENSHOTS) {
    for (const [size, viewport] of [['phone', PHONE], ['tablet', TABLET]] as const) {
      await kiosk.setViewportSize(viewport);
      await expect(notice).toBeVisible();
      await docsScreenshot(kiosk, `kiosk-data-lost-player-${size}`, { fullPage: true });
    }
    await kiosk.setViewportSize(TABLET);
  }

  // The admin: the kiosk first, before the silent one, flagged, with what the server received below.
  await page.setViewportSize(DESKTOP);
  await page.goto(`/devices?company=${company.id}`);
  await expect(page.getByRole('heading', { name: 'Dispositivos', level: 1 })).toBeVisible();
  const kiosks = page.getByRole('list', { name: 'Kioscos' }).getByRole('article');
  await expect(kiosks).toHaveCount(2);
  await expect(kiosks.getByRole('heading', { level: 3 })).toHaveText([KIOSK, 'Acceso norte']);
  const lost = kiosks.nth(0);
  await expect(lost.getByText('Perdió sus datos', { exact: true })).toBeVisible();
  const block = lost.getByTestId('kiosk-data-lost');
  await expect(block.getByText(TITLE, { exact: true })).toBeVisible();
  await expect(block).toContainText('Su navegador volvió sin sus datos (');
  await expect(block).toContainText('lo que aún no había enviado se perdió en la tableta. Lo que el servidor recibió de él está abajo. Configúralo de nuevo con un enlace de configuración.');
  const counts = lost.getByRole('table');
  await expect(counts.getByRole('row', { name: /^Registros/ })).toHaveText(/^Registros\s*1\s*0\s*0\s*0$/);
  await expect(counts.getByRole('row', { name: /^Resultados/ })).toHaveText(/^Resultados\s*1\s*0\s*0\s*0$/);
  await expect(kiosks.nth(1).getByText('Sin conexión desde hace 2 h', { exact: true })).toBeVisible();
  await expect(kiosks.nth(1).getByText('Perdió sus datos', { exact: true })).toHaveCount(0);
  expect(await seriousViolations(page, 'devices, kiosk data lost (light)')).toEqual([]);
  if (DOCS_SCREENSHOTS) {
    await docsFullPageScreenshot(page, 'kiosk-data-lost-devices-desktop');
    await page.setViewportSize({ width: PHONE.width, height: 900 });
    await expect(block).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await docsFullPageScreenshot(page, 'kiosk-data-lost-devices-phone');
  }
  // Dark mode is read at load (the system's choice).
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.locator('html.dark')).toHaveCount(1);
  await expect(block).toBeVisible();
  expect(await seriousViolations(page, 'devices, kiosk data lost (dark)')).toEqual([]);
  await docsFullPageScreenshot(page, 'kiosk-data-lost-devices-phone-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(DESKTOP);

  // Staff set the tablet up again: a kiosk once more (its badge says so), its screen no longer says it lost its data.
  await kiosk.goto(await linkFromCard(page, trivia, company.name));
  await completeKioskSetup(kiosk, KIOSK, PIN);
  await kiosk.reload();
  await player.toDocumentStep();
  await player.statusBadge().click();
  await expect(player.kioskMode()).toHaveText(`Modo kiosco: activado · ${KIOSK}`);
  await expect(player.notice()).toHaveCount(0);

  // The set-up-again tablet is a kiosk of its own in "Dispositivos", not flagged.
  await page.goto(`/devices?company=${company.id}`);
  await expect(kiosks.filter({ has: page.getByRole('heading', { name: KIOSK, level: 3 }) }).filter({ hasNotText: 'Perdió sus datos' })).toHaveCount(1);
  await tablet.close();
});
