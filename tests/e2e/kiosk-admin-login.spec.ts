import { E2E_ADMIN, expect, test } from './fixtures';
import { LoginPage } from './pages/login-page';
import { seriousViolations } from './support/axe';
import { setUpKioskByLink } from './support/kiosk-setup-link';
import { DOCS_SCREENSHOTS, docsScreenshot } from './support/screenshot';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

const DEMO_TRIVIA = 1;
/** The PIN setUpKioskByLink gives the kiosk. */
const PIN = '246810';
/** The widths of the docs' pictures (DOCS_SCREENSHOTS=1). */
const WIDTHS = [
  [390, 844, 'phone'],
  [1024, 768, 'tablet'],
  [1366, 900, 'desktop'],
] as const;

test('a kiosk’s browser cannot sign in to the admin: its sign-in screen says so, the server refuses it, and it signs in only after dropping the kiosk role with the PIN', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const tablet = await browser.newContext({ baseURL, locale: 'es-CO', viewport: { width: 1024, height: 768 } });
  const page = await tablet.newPage();
  await setUpKioskByLink(page, baseURL!, E2E_ADMIN, DEMO_TRIVIA, 'Stand Entrada');

  // The sign-in screen: the notice and "Dejar de ser kiosco" instead of the form.
  await page.goto('/auth');
  const notice = page.getByTestId('kiosk-browser-notice');
  await expect(notice.getByRole('alert')).toContainText('Este dispositivo es un kiosco: no se puede iniciar sesión en la administración mientras lo sea.');
  await expect(notice).toContainText('Kiosco «Stand Entrada»');
  await expect(page.getByLabel('Usuario')).toHaveCount(0);
  expect(await seriousViolations(page, 'kiosk sign-in notice (light)')).toEqual([]);
  for (const [width, height, name] of DOCS_SCREENSHOTS ? WIDTHS : []) {
    await page.setViewportSize({ width, height });
    await docsScreenshot(page, `kiosk-sign-in-refused-${name}`, { fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(notice).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await seriousViolations(page, 'kiosk sign-in notice (dark)')).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });

  // The server refuses this browser whatever its screen shows.
  const refused = await page.request.post('/api/login', { data: E2E_ADMIN, headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('kiosk_browser');

  // A wrong PIN is refused and counted; the kiosk stays.
  await notice.getByLabel('PIN del kiosco').fill('000000');
  await notice.getByRole('button', { name: 'Dejar de ser kiosco' }).click();
  await expect(notice).toContainText('PIN incorrecto. Quedan 4 intentos.');
  expect(await seriousViolations(page, 'kiosk sign-in notice, wrong PIN')).toEqual([]);

  // The right PIN drops the role: the form, then the dashboard.
  await notice.getByLabel('PIN del kiosco').fill(PIN);
  await notice.getByRole('button', { name: 'Dejar de ser kiosco' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Este navegador ya no es un kiosco. Ya puedes iniciar sesión.' })).toBeVisible();
  const login = new LoginPage(page);
  await login.signIn(E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/$/);

  // The kiosk left the server too, and the player screen plays as a phone's.
  const devices = await (await page.request.get('/api/devices')).text();
  expect(devices).not.toContain('Stand Entrada');
  await tablet.close();
});
