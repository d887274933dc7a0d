import { expect, test, type APIRequestContext } from '@playwright/test';
import type { PlayBundle } from '../../contract';
import { PlayerPage } from './pages/player-page';

const DEMO_TRIVIA = 1;
/** The result screen's idle wait in kiosk mode (KIOSK_IDLE_RETURN_MS). */
const IDLE_RETURN_MS = 60_000;

async function demoBundle(request: APIRequestContext) {
  return (await (await request.get(`/api/play/${DEMO_TRIVIA}/bundle`)).json()) as PlayBundle;
}

/** Registers a new player with `documentNumber` and plays a full round to the result screen. */
async function playToResult(player: PlayerPage, bundle: PlayBundle, documentNumber: string) {
  await player.enterDocument(bundle.documentTypes[0]!.name, documentNumber);
  await player.registerAs(`Kiosco Prueba ${documentNumber.slice(-4)}`, 'Stand Principal');
  await player.start().click();
  await player.playRoundFrom(bundle, 1, [true, true, false, true, true]);
}

async function expectKioskMode(player: PlayerPage, on: boolean) {
  await player.statusBadge().click();
  await expect(player.kioskMode()).toHaveText(`Modo kiosco: ${on ? 'activado' : 'desactivado'}`);
  await expect(player.kioskSwitch()).toHaveAttribute('aria-checked', String(on));
  await player.statusBadge().click();
  await expect(player.kioskMode()).toBeHidden();
}

test.describe('kiosk mode on the player screen', () => {
  test('?kiosk=1 switches it on for the device, it survives a reload, and an idle result screen returns to the document step after 60 s', async ({ page, request }) => {
    test.setTimeout(120_000);
    const bundle = await demoBundle(request);
    const player = new PlayerPage(page);
    await page.clock.install();

    await page.goto(`/play-trivia/${DEMO_TRIVIA}?kiosk=1`);
    await expect(player.validate()).toBeVisible();
    // The address drops the parameter once the setting is stored, so the reload below shows the stored value.
    await expect(page).toHaveURL(new RegExp(`/play-trivia/${DEMO_TRIVIA}$`));
    await expectKioskMode(player, true);
    await page.reload();
    await expect(player.validate()).toBeVisible();
    await expectKioskMode(player, true);

    await playToResult(player, bundle, `2${Date.now() % 1_000_000_000}`);
    await expect(player.score()).toHaveText('80%');

    await page.clock.fastForward(IDLE_RETURN_MS / 2);
    await expect(player.completed()).toBeVisible();
    await page.clock.fastForward(IDLE_RETURN_MS / 2 + 1_000);
    await expect(player.validate()).toBeVisible();
    await expect(player.completed()).toBeHidden();
    await expect(player.documentNumber()).toHaveValue('');
  });

  test('off by default and switched in the badge or with ?kiosk=0; when off the result screen stays after 60 s', async ({ page, request }) => {
    test.setTimeout(120_000);
    const bundle = await demoBundle(request);
    const player = new PlayerPage(page);
    await page.clock.install();

    await player.goto(DEMO_TRIVIA);
    await expectKioskMode(player, false);
    await player.statusBadge().click();
    await player.kioskSwitch().click();
    await expect(player.kioskMode()).toHaveText('Modo kiosco: activado');
    await player.statusBadge().click();
    await page.reload();
    await expect(player.validate()).toBeVisible();
    await expectKioskMode(player, true);

    await page.goto(`/play-trivia/${DEMO_TRIVIA}?kiosk=0`);
    await expect(player.validate()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/play-trivia/${DEMO_TRIVIA}$`));
    await expectKioskMode(player, false);

    await playToResult(player, bundle, `1${Date.now() % 1_000_000_000}`);
    await page.clock.fastForward(IDLE_RETURN_MS + 5_000);
    await expect(player.completed()).toBeVisible();
    await expect(player.score()).toHaveText('80%');
    await expect(player.validate()).toBeHidden();
  });
});
