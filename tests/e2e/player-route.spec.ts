import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { expect, test } from './fixtures';
import { CHROMIUM_ARGS, findChromium } from '../support/chromium';
import { signInThroughApi } from './support/admin-api';
import { PlayerPage } from './pages/player-page';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

/** The demo trivia: its theme uses Poppins (db/seed/demo-content.ts). */
const DEMO_TRIVIA = 1;
const DEMO_FONT_FILE = /\/assets\/fonts\/poppins-latin-\d00-normal-[\w-]+\.woff2$/;

test.describe('the player route on a phone that never opened the app', () => {
  test('downloads the player alone and the trivia\'s own font, installs as this trivia, and plays offline after a reload', async ({ page, context, baseURL }) => {
    const requested: string[] = [];
    context.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const player = new PlayerPage(page);

    await page.goto(`/play-trivia/${DEMO_TRIVIA}`);
    await expect(player.validate()).toBeVisible();
    await expect(page.locator('.player-screen')).toHaveCSS('font-family', /Poppins/);
    // The theme font is in use: its file is fetched (by the page or the service worker).
    await expect.poll(() => requested.filter((p) => DEMO_FONT_FILE.test(p)).length).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');

    // Nothing of the admin app: no admin chunk, no admin page, no other theme's font.
    const assets = requested.filter((p) => p.startsWith('/assets/'));
    expect(assets.filter((p) => !p.startsWith('/assets/play/') && !p.startsWith('/assets/fonts/'))).toEqual([]);
    expect(assets.filter((p) => p.startsWith('/assets/fonts/') && !DEMO_FONT_FILE.test(p))).toEqual([]);
    expect(requested).not.toContain('/index.html');

    // The service worker controls this first visit, without a reload.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 20_000 }).toBe(`${baseURL}/sw.js`);

    // Nothing of the kiosk's either (its badge, PIN, staff panel): no kiosk chunk fetched by the
    // page or precached by its service worker, and no kiosk code inside what was.
    expect(requested.filter((p) => p.startsWith('/assets/play/kiosk/'))).toEqual([]);
    const withKioskCode = await page.evaluate(async () => {
      const found: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          if (request.url.includes('.js') && (await (await cache.match(request))!.text()).includes('Panel del personal')) found.push(request.url);
        }
      }
      return found;
    });
    expect(withKioskCode).toEqual([]);

    // Installing from here installs this trivia.
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe(`/api/play/${DEMO_TRIVIA}/manifest.webmanifest`);
    const manifest = await (await page.request.get(manifestHref!)).json();
    expect(manifest).toMatchObject({ id: `/play-trivia/${DEMO_TRIVIA}`, start_url: `/play-trivia/${DEMO_TRIVIA}`, display: 'standalone' });

    // Offline, a reload still opens the trivia from the service worker's precache and the device's copy.
    await context.setOffline(true);
    await page.reload();
    await expect(player.validate()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Sin conexión');
    await expect(page.locator('.player-screen')).toHaveCSS('font-family', /Poppins/);
    // The font itself comes from the service worker's font cache.
    const loaded = await page.evaluate(async () => (await document.fonts.load("400 16px 'Poppins'")).map((face) => face.status));
    expect(loaded).toEqual(['loaded']);
    // A staff bookmark with a query opens offline too.
    await page.goto(`/play-trivia/${DEMO_TRIVIA}?kiosk=0`);
    await expect(player.validate()).toBeVisible();
    await context.setOffline(false);
  });

  test("the dashboard's 'Jugar Trivia' opens the player page itself, not a screen of the admin app", async ({ page }) => {
    await signInThroughApi(page);
    await page.goto('/');
    await page.getByRole('link', { name: 'Jugar Trivia' }).first().click();
    await expect(page).toHaveURL(/\/play-trivia\/\d+$/);
    await expect(new PlayerPage(page).validate()).toBeVisible();
    const scripts = await page.locator('script[type="module"]').evaluateAll((nodes) => nodes.map((node) => new URL((node as HTMLScriptElement).src).pathname));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((src) => !src.startsWith('/assets/play/'))).toEqual([]);
  });

  test('Chromium finds the trivia installable, as an app whose id is the trivia\'s address', async ({ baseURL }) => {
    // A profile on disk: Chromium never offers to install from an incognito context (a test's default).
    const profile = mkdtempSync(path.join(tmpdir(), 'install-profile-'));
    const context = await chromium.launchPersistentContext(profile, { executablePath: findChromium(), args: CHROMIUM_ARGS, baseURL });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`/play-trivia/${DEMO_TRIVIA}`);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
      const cdp = await context.newCDPSession(page);
      expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
      expect(await cdp.send('Page.getAppId')).toMatchObject({ appId: `${baseURL}/play-trivia/${DEMO_TRIVIA}` });
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
