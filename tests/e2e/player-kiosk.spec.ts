import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { PlayBundle } from '../../contract';
import { PlayerPage } from './pages/player-page';
import { seriousViolations } from './support/axe';

const DEMO_TRIVIA = 1;
/** A kiosk's idle timeout unless its setup chose another (KIOSK_IDLE_DEFAULT_SECONDS); the last 15 s count down. */
const IDLE_RETURN_MS = 60_000;
const IDLE_WARNING_MS = 15_000;

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

const idle = (page: Page) => page.getByTestId('kiosk-idle');
const attract = (page: Page) => page.getByTestId('kiosk-attract');

async function expectKioskMode(player: PlayerPage, on: boolean) {
  await player.statusBadge().click();
  await expect(player.kioskMode()).toHaveText(`Modo kiosco: ${on ? 'activado' : 'desactivado'}`);
  await expect(player.kioskSwitch()).toHaveAttribute('aria-checked', String(on));
  await player.statusBadge().click();
  await expect(player.kioskMode()).toBeHidden();
}

test.describe('kiosk mode on the player screen', () => {
  test('?kiosk=1 switches it on for the device, it survives a reload, and an idle result screen counts down, then shows the attract screen', async ({ page, request }) => {
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

    await page.clock.runFor(IDLE_RETURN_MS / 2);
    await expect(player.completed()).toBeVisible();
    await expect(idle(page)).toBeHidden();
    await page.clock.runFor(IDLE_RETURN_MS / 2 - IDLE_WARNING_MS + 1_000);
    await expect(page.getByRole('alertdialog', { name: '¿Sigues ahí?' })).toBeVisible();
    await expect(page.getByTestId('kiosk-idle-seconds')).toHaveText(/^(1[0-5]|[1-9])$/);
    await page.clock.runFor(IDLE_WARNING_MS);
    await expect(attract(page)).toBeVisible();
    await expect(player.completed()).toBeHidden();
    await attract(page).getByRole('button', { name: 'Toca para jugar' }).click();
    await expect(player.validate()).toBeVisible();
    await expect(player.documentNumber()).toHaveValue('');
  });

  test('a round left mid-way counts down "¿Sigues ahí?"; "Sigo aquí" keeps it, silence gives it up for the attract screen and it is not resumed', async ({ page, request }) => {
    test.setTimeout(120_000);
    const bundle = await demoBundle(request);
    const player = new PlayerPage(page);
    await page.clock.install();
    await page.goto(`/play-trivia/${DEMO_TRIVIA}?kiosk=1`);
    await player.enterDocument(bundle.documentTypes[0]!.name, `3${Date.now() % 1_000_000_000}`);
    await player.registerAs('Kiosco Abandonado', 'Stand Principal');
    await player.start().click();
    await expect(player.counter()).toBeVisible();
    const question = await player.questionText().textContent();

    await page.clock.runFor(IDLE_RETURN_MS - IDLE_WARNING_MS + 1_000);
    await expect(idle(page)).toBeVisible();
    expect(await seriousViolations(page, 'idle countdown')).toEqual([]);
    for (const [width, height, name] of [[390, 844, 'phone'], [1024, 768, 'tablet']] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `docs/screenshots/kiosk-idle-countdown-${name}.png` });
    }
    // "Sigo aquí" keeps the round on the same question.
    await idle(page).getByRole('button', { name: 'Sigo aquí' }).press('Enter');
    await expect(idle(page)).toBeHidden();
    await expect(player.questionText()).toHaveText(question ?? '');

    // Nobody answers: the countdown ends and the attract screen shows.
    await page.clock.runFor(IDLE_RETURN_MS + 1_000);
    await expect(attract(page)).toBeVisible();
    await expect(player.counter()).toBeHidden();
    expect(await seriousViolations(page, 'attract screen')).toEqual([]);
    for (const [width, height, name] of [[390, 844, 'phone'], [1024, 768, 'tablet']] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `docs/screenshots/kiosk-attract-${name}.png` });
    }
    // The abandoned round is not resumed on a reload.
    await page.reload();
    await expect(player.validate()).toBeVisible();
    await expect(player.counter()).toBeHidden();
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
