import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/login-page';
import { PlayerPage } from './pages/player-page';
import { QuestionGroupsPage } from './pages/question-groups-page';
import { seriousViolations } from './support/axe';

const DEMO_TRIVIA = 1;
const DEMO_TRIVIA_NAME = 'Trivia de Cultura General';
const DEMO_COMPANY = 'Demo Eventos';

/** An admin makes a one-time setup link from the trivia card; returns its address. */
async function setupLinkFromCard(page: Page): Promise<string> {
  await new LoginPage(page).signInAsAdmin();
  const groups = new QuestionGroupsPage(page);
  await groups.goto();
  await groups.selectCompany(DEMO_COMPANY);
  await (await groups.cardAction(DEMO_TRIVIA_NAME, 'Configurar kiosco')).click();
  const link = page.getByTestId('kiosk-setup-link');
  await expect(link).toHaveValue(new RegExp(`/play-trivia/${DEMO_TRIVIA}\\?kiosk=[A-Za-z0-9_-]{32}$`));
  return link.inputValue();
}

async function openBadge(player: PlayerPage) {
  await player.statusBadge().click();
  await expect(player.kioskMode()).toBeVisible();
}

test.describe('kiosk setup and PIN', () => {
  test('an admin link sets a device up once as a named kiosk; leaving kiosk mode needs the PIN, a wrong one is refused and counted', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const link = await setupLinkFromCard(page);

    // The tablet: a browser of its own (its own device database).
    const tablet = await browser.newContext({ baseURL, locale: 'es-CO' });
    const kiosk = await tablet.newPage();
    const player = new PlayerPage(kiosk);
    await kiosk.goto(link);
    const form = kiosk.getByTestId('kiosk-setup');
    await expect(form.getByRole('heading', { name: 'Configurar kiosco' })).toBeVisible();
    expect(await seriousViolations(kiosk, 'kiosk setup form')).toEqual([]);

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

    // The link worked once: opened again (on any device) it is refused.
    const other = await (await browser.newContext({ baseURL, locale: 'es-CO' })).newPage();
    await other.goto(link);
    const again = other.getByTestId('kiosk-setup');
    await again.getByLabel('Nombre del kiosco').fill('Otro');
    await again.getByLabel('PIN (4 a 8 dígitos)').fill('1234');
    await again.getByLabel('Repite el PIN').fill('1234');
    await again.getByRole('button', { name: 'Configurar kiosco' }).click();
    await expect(other.getByTestId('kiosk-setup-error')).toHaveText('Este enlace de configuración de kiosco ya se usó. Pide uno nuevo');
    await tablet.close();
  });

  test('five wrong PINs lock the kiosk for 60 s, even across a reload', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const link = await setupLinkFromCard(page);
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
    await form.getByLabel(/^Tiempo sin actividad/).fill('600');
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
});
