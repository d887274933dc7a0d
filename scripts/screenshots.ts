/**
 * Screenshots of the main screens at phone, tablet and desktop widths, for the docs (docs/screenshots.md) and
 * for looking at what was built. Usage: tsx scripts/screenshots.ts <baseUrl> <username> <password> [outDir] [paths…]
 */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const [baseUrl = 'http://localhost:3000', username = 'admin', password = '', outDir = 'docs/screenshots', ...paths] = process.argv.slice(2);
const WIDTHS = { phone: 390, tablet: 1024, desktop: 1366 } as const;
const screens = paths.length ? paths : ['/auth', '/', '/does-not-exist'];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
mkdirSync(outDir, { recursive: true });
for (const [device, width] of Object.entries(WIDTHS)) {
  const context = await browser.newContext({ viewport: { width, height: device === 'phone' ? 844 : 800 }, locale: 'es-CO' });
  const page = await context.newPage();
  if (password) {
    await page.goto(`${baseUrl}/auth`);
    await page.getByLabel('Usuario').fill(username);
    await page.getByLabel('Contraseña').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${baseUrl}/`);
  }
  for (const path of screens) {
    if (path === '/auth' && password) {
      const fresh = await browser.newContext({ viewport: { width, height: device === 'phone' ? 844 : 800 } });
      const p = await fresh.newPage();
      await p.goto(`${baseUrl}/auth`);
      await p.waitForTimeout(400);
      await p.screenshot({ path: `${outDir}/login-${device}.png`, fullPage: true });
      await fresh.close();
      continue;
    }
    await page.goto(`${baseUrl}${path}`);
    await page.waitForTimeout(800);
    const name = path === '/' ? 'dashboard' : path.replace(/^\//, '').replace(/[/:]+/g, '-');
    await page.screenshot({ path: `${outDir}/${name}-${device}.png`, fullPage: true });
  }
  await context.close();
}
await browser.close();
console.log(`screenshots in ${outDir}`);
