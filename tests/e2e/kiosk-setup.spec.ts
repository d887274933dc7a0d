import { expect, test } from './fixtures';
import { PlayerPage } from './pages/player-page';
import { seriousViolations, tabTo } from './support/axe';
import { DEMO_TRIVIA_CARD, setupLinkFromCard } from './support/kiosk-setup-link';
import { decodeQr } from './support/qr';
import { DOCS_SCREENSHOTS, docsScreenshot } from './support/screenshot';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

const DEMO_TRIVIA = 1;
/** The widths of the docs' pictures; none visited without DOCS_SCREENSHOTS=1. */
const SHOT_SIZES = DOCS_SCREENSHOTS ? ([[390, 844, 'phone'], [1024, 768, 'tablet'], [1366, 768, 'desktop']] as const) : [];

async function openBadge(player: PlayerPage) {
  await player.statusBadge().click();
  await expect(player.kioskMode()).toBeVisible();
}

test.describe('kiosk setup and PIN', () => {
  test('an admin link sets a device up once as a named kiosk; leaving kiosk mode needs the PIN, a wrong one is refused and counted', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const link = await setupLinkFromCard(page, DEMO_TRIVIA_CARD);
    // The dialog shows the link as a QR code too, for the tablet's camera: it decodes to the link.
    const dialog = page.getByRole('dialog', { name: 'Configurar kiosco' });
    expect(await decodeQr(dialog.getByTestId('kiosk-setup-qr'))).toBe(link);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await seriousViolations(page, `kiosk setup dialog (${colorScheme})`, '[role="dialog"]')).toEqual([]);
      for (const [width, height, name] of SHOT_SIZES) {
        await page.setViewportSize({ width, height });
        await docsScreenshot(page, `kiosk-setup-dialog-${colorScheme}-${name}`);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await decodeQr(dialog.getByTestId('kiosk-setup-qr'))).toBe(link);

    // The tablet: a browser of its own (its own device database).
    const tablet = await browser.newContext({ baseURL, locale: 'es-CO' });
    const kiosk = await tablet.newPage();
    const player = new PlayerPage(kiosk);
    await kiosk.goto(link);
    const form = kiosk.getByTestId('kiosk-setup');
    await expect(form.getByRole('heading', { name: 'Configurar kiosco' })).toBeVisible();
    expect(await seriousViolations(kiosk, 'kiosk setup form')).toEqual([]);
    // The idle field says what it counts: the quiet before "¿Sigues ahí?", whose countdown comes after.
    await expect(form.getByLabel('Segundos sin actividad antes de «¿Sigues ahí?» (después, 15 s más para volver al inicio)')).toHaveAttribute('min', '30');
    for (const [width, height, name] of SHOT_SIZES) {
      await kiosk.setViewportSize({ width, height });
      await docsScreenshot(kiosk, `kiosk-setup-form-${name}`, { fullPage: true });
    }

    // Mismatched PINs are refused on the device before anything is sent.
    await form.getByLabel('Nombre del kiosco').fill('Stand 4 · entrada');
    await form.getByLabel('PIN (4 a 8 dígitos)').fill('482915');
    await form.getByLabel('Repite el PIN').fill('482916');
    await form.getByRole('button', { name: 'Configurar kiosco' }).click();
    await expect(form.getByText('Los PIN no coinciden')).toBeVisible();
    await form.getByLabel('Repite el PIN').fill('482915');
    await form.getByRole('button', { name: 'Configurar kiosco' }).click();

    // Set up: the attract screen, kiosk mode on with the kiosk's name, the token gone from the address.
    await expect(player.attract()).toBeVisible();
    await expect(kiosk).toHaveURL(new RegExp(`/play-trivia/${DEMO_TRIVIA}$`));
    await openBadge(player);
    await expect(player.kioskMode()).toHaveText('Modo kiosco: activado · Stand 4 · entrada');

    // A wrong PIN is refused and kiosk mode stays on.
    await player.kioskSwitch().click();
    const pin = kiosk.getByTestId('kiosk-pin');
    await pin.getByLabel('PIN del kiosco').fill('000000');
    await pin.getByRole('button', { name: 'Salir del modo kiosco' }).click();
    await expect(kiosk.getByTestId('kiosk-pin-refusal')).toHaveText('PIN incorrecto. Quedan 4 intentos.');
    await expect(player.kioskSwitch()).toHaveAttribute('aria-checked', 'true');
    expect(await seriousViolations(kiosk, 'kiosk PIN prompt')).toEqual([]);

    // ?kiosk=0 no longer turns a set-up kiosk off (nor counts as a try).
    await kiosk.goto(`/play-trivia/${DEMO_TRIVIA}?kiosk=0`);
    await expect(player.attract()).toBeVisible();
    await openBadge(player);
    await expect(player.kioskSwitch()).toHaveAttribute('aria-checked', 'true');

    // The right PIN turns it off: the screen a player's phone shows, with no badge.
    await player.kioskSwitch().click();
    await pin.getByLabel('PIN del kiosco').fill('482915');
    await pin.getByRole('button', { name: 'Salir del modo kiosco' }).click();
    await expect(player.statusBadge()).toHaveCount(0);
    await expect(player.validate()).toBeVisible();
    await expect(player.notice()).toContainText('Modo kiosco desactivado');

    // The link worked once: opened again (on any device) it says so as it opens, with no field to fill.
    const otherContext = await browser.newContext({ baseURL, locale: 'es-CO' });
    const other = await otherContext.newPage();
    await other.goto(link);
    const again = other.getByTestId('kiosk-setup');
    await expect(again.getByTestId('kiosk-setup-error')).toHaveText('Este enlace de configuración de kiosco ya se usó. Pide uno nuevo');
    await expect(again.getByRole('heading', { name: 'Configurar kiosco' })).toBeFocused();
    await expect(other.getByRole('textbox')).toHaveCount(0);
    await expect(other.getByLabel('Nombre del kiosco')).toHaveCount(0);
    for (const colorScheme of ['light', 'dark'] as const) {
      await other.emulateMedia({ colorScheme });
      expect(await seriousViolations(other, `used setup link (${colorScheme})`)).toEqual([]);
      for (const [width, height, name] of SHOT_SIZES) {
        await other.setViewportSize({ width, height });
        await docsScreenshot(other, `kiosk-setup-used-${colorScheme}-${name}`);
      }
    }
    await otherContext.close();
    await tablet.close();
  });

  test('five wrong PINs lock the kiosk for 60 s, even across a reload', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const link = await setupLinkFromCard(page, DEMO_TRIVIA_CARD);
    const tablet = await browser.newContext({ baseURL, locale: 'es-CO' });
    const kiosk = await tablet.newPage();
    await kiosk.clock.install();
    const player = new PlayerPage(kiosk);
    await kiosk.goto(link);
    const form = kiosk.getByTestId('kiosk-setup');
    await form.getByLabel('Nombre del kiosco').fill('Stand 5');
    await form.getByLabel('PIN (4 a 8 dígitos)').fill('2468');
    await form.getByLabel('Repite el PIN').fill('2468');
    // The longest idle timeout, so the minute of waiting below does not send the kiosk to its attract screen.
    await form.getByLabel(/^Segundos sin actividad/).fill('600');
    await form.getByRole('button', { name: 'Configurar kiosco' }).click();
    await expect(player.attract()).toBeVisible();

    await openBadge(player);
    await player.kioskSwitch().click();
    const pin = kiosk.getByTestId('kiosk-pin');
    for (const left of [4, 3, 2, 1]) {
      await pin.getByLabel('PIN del kiosco').fill('1111');
      await pin.getByRole('button', { name: 'Salir del modo kiosco' }).click();
      await expect(kiosk.getByTestId('kiosk-pin-refusal')).toHaveText(left === 1 ? 'PIN incorrecto. Queda 1 intento.' : `PIN incorrecto. Quedan ${left} intentos.`);
    }
    await pin.getByLabel('PIN del kiosco').fill('1111');
    await pin.getByRole('button', { name: 'Salir del modo kiosco' }).click();
    await expect(kiosk.getByTestId('kiosk-pin-refusal')).toHaveText('Demasiados intentos. Espera 60 segundos.');

    // A reload does not reset the count: even the right PIN waits.
    await kiosk.reload();
    await expect(player.attract()).toBeVisible();
    await openBadge(player);
    await player.kioskSwitch().click();
    await pin.getByLabel('PIN del kiosco').fill('2468');
    await pin.getByRole('button', { name: 'Salir del modo kiosco' }).click();
    await expect(kiosk.getByTestId('kiosk-pin-refusal')).toContainText('Demasiados intentos.');
    await expect(player.kioskSwitch()).toHaveAttribute('aria-checked', 'true');

    await kiosk.clock.fastForward(61_000);
    await pin.getByLabel('PIN del kiosco').fill('2468');
    await pin.getByRole('button', { name: 'Salir del modo kiosco' }).click();
    await expect(player.statusBadge()).toHaveCount(0);
    await tablet.close();
  });

  test('opened on the admin\'s own browser: it warns first, opens in this tab, and setting the kiosk up signs this browser out of the admin', async ({ page }) => {
    test.setTimeout(120_000);
    await setupLinkFromCard(page, DEMO_TRIVIA_CARD);
    const dialog = page.getByRole('dialog', { name: 'Configurar kiosco' });
    const openHere = dialog.getByRole('button', { name: 'Abrir en este dispositivo' });
    const adminPage = page.url();

    // It says what will happen before it opens anything; "Cancelar" goes back.
    await openHere.click();
    const warning = dialog.getByTestId('kiosk-open-here');
    await expect(warning).toContainText('Este navegador dejará de tener la sesión de administrador.');
    await expect(warning.getByTestId('kiosk-open-here-warning')).toBeFocused();
    const found: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      found.push(...(await seriousViolations(page, `${colorScheme} kiosk open-here warning`, '[role="dialog"]')));
    }
    await page.emulateMedia({ colorScheme: 'light' });
    expect(found).toEqual([]);
    await warning.getByRole('button', { name: 'Cancelar' }).click();
    await expect(warning).toHaveCount(0);
    await expect(page).toHaveURL(adminPage);
    expect((await page.request.get('/api/user')).status()).toBe(200);

    // By keyboard: open the warning, Tab to "Abrir aquí y cerrar mi sesión", Enter: the link opens in this tab.
    await openHere.focus();
    await page.keyboard.press('Enter');
    const open = warning.getByRole('link', { name: 'Abrir aquí y cerrar mi sesión' });
    await tabTo(page, open);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/play-trivia/${DEMO_TRIVIA}\\?kiosk=`));
    expect(page.context().pages()).toHaveLength(1);

    const form = page.getByTestId('kiosk-setup');
    await form.getByLabel('Nombre del kiosco').fill('Stand 7');
    await form.getByLabel('PIN (4 a 8 dígitos)').fill('7531');
    await form.getByLabel('Repite el PIN').fill('7531');
    await form.getByRole('button', { name: 'Configurar kiosco' }).click();

    // Set up, and the page says the admin session of this browser was closed.
    const notice = page.getByTestId('kiosk-setup-signed-out');
    await expect(notice.getByRole('heading', { name: 'Kiosco «Stand 7» configurado' })).toBeFocused();
    await expect(notice.getByRole('status')).toHaveText(/^Se cerró la sesión de administrador en este navegador/);
    expect(await seriousViolations(page, 'kiosk signed-out notice')).toEqual([]);
    expect((await page.request.get('/api/user')).status()).toBe(401);
    await tabTo(page, notice.getByRole('button', { name: 'Empezar' }));
    await page.keyboard.press('Enter');
    const player = new PlayerPage(page);
    await expect(player.attract()).toBeVisible();
    await openBadge(player);
    await expect(player.kioskMode()).toHaveText('Modo kiosco: activado · Stand 7');

    // The admin is signed out in every tab of this browser: a new one lands on the sign-in page.
    const adminTab = await page.context().newPage();
    await adminTab.goto('/');
    await expect(adminTab).toHaveURL(/\/auth/);
    await adminTab.close();
  });
});
