import { testBundle } from './support/test-bundle';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { PlayBundle } from '../../contract';
import { PlayerPage } from './pages/player-page';
import { seriousViolations } from './support/axe';
import { publicPlace } from './support/ranked-results';
import { isFullscreen, leaveFullscreen } from './support/fullscreen';
import { DOCS_SCREENSHOTS, docsScreenshot } from './support/screenshot';
import { pauseClockSoon } from './support/page-clock';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

const DEMO_TRIVIA = 1;
/** A kiosk's idle time unless its setup chose another (KIOSK_IDLE_DEFAULT_SECONDS); then 15 s count down. */
const IDLE_RETURN_MS = 60_000;
const IDLE_WARNING_MS = 15_000;

async function demoBundle(_request?: APIRequestContext) {
  return await testBundle(DEMO_TRIVIA);
}

/** Registers a new player with `documentNumber` and plays a full round to the result screen. */
async function playToResult(player: PlayerPage, bundle: PlayBundle, documentNumber: string) {
  await player.enterDocument(bundle.documentTypes[0]!.name, documentNumber);
  await player.registerAs(`Kiosco Prueba ${documentNumber.slice(-4)}`, 'Stand Principal');
  await player.start().click();
  await player.playRoundFrom(bundle, 1, [true, true, false, true, true]);
}

/** What a player's phone says while offline (web/player/offline-notice.tsx). */
const OFFLINE_NOTICE_TEXT = 'Sin conexión: tu resultado se guarda y se enviará al volver la conexión.';

const idle = (page: Page) => page.getByTestId('kiosk-idle');

async function expectKioskMode(player: PlayerPage, on: boolean) {
  if (!on) {
    // A player's phone: no badge and no switch, only the offline line (empty while online).
    await expect(player.statusBadge()).toHaveCount(0);
    await expect(player.kioskSwitch()).toHaveCount(0);
    return;
  }
  await player.statusBadge().click();
  await expect(player.kioskMode()).toHaveText('Modo kiosco: activado');
  await expect(player.kioskSwitch()).toHaveAttribute('aria-checked', 'true');
  await player.statusBadge().click();
  await expect(player.kioskMode()).toBeHidden();
}

test.describe('kiosk mode on the player screen', () => {
  test('?kiosk=1 switches it on for the device; it opens and reloads on the attract screen, and an idle result screen counts down, then shows it', async ({ page, request }) => {
    test.setTimeout(120_000);
    const bundle = await demoBundle(request);
    const player = new PlayerPage(page);
    await page.clock.install();

    await page.goto(`/play-trivia/${DEMO_TRIVIA}?kiosk=1`);
    await expect(player.attract()).toBeVisible();
    await expect(page.getByRole('heading', { name: `¡Juega ${bundle.group.name}!` })).toBeVisible();
    // The address drops the parameter once the setting is stored, so the reload below shows the stored value.
    await expect(page).toHaveURL(new RegExp(`/play-trivia/${DEMO_TRIVIA}$`));
    await expectKioskMode(player, true);
    // With no round in progress, a reload opens the attract screen, not the document step.
    await page.reload();
    await expect(player.attract()).toBeVisible();
    await expect(player.validate()).toBeHidden();
    await expectKioskMode(player, true);
    await player.tapToPlay().click();
    await expect(player.validate()).toBeVisible();

    await playToResult(player, bundle, `2${Date.now() % 1_000_000_000}`);
    await expect(player.score()).toHaveText('80%');

    // The idle time is all quiet: "¿Sigues ahí?" comes after it, not inside it. Counted from a
    // last touch now (the round's last tap was a few seconds of the clock ago), on a clock that only
    // the test moves from here: on a busy machine real seconds would otherwise eat the margin.
    await pauseClockSoon(page, 100);
    await page.mouse.move(5, 5);
    await page.clock.runFor(IDLE_RETURN_MS - 1_000);
    await expect(player.completed()).toBeVisible();
    await expect(idle(page)).toBeHidden();
    await page.clock.runFor(2_000);
    await expect(page.getByRole('alertdialog', { name: '¿Sigues ahí?' })).toBeVisible();
    await expect(page.getByTestId('kiosk-idle-seconds')).toHaveText(/^1[3-5]$/);
    await page.clock.runFor(IDLE_WARNING_MS);
    await expect(player.attract()).toBeVisible();
    await expect(player.completed()).toBeHidden();
    // A screen reader finds nothing of the last player's result on the attract screen.
    await expect(player.live()).not.toContainText('Trivia completada');
    await player.tapToPlay().click();
    await expect(player.validate()).toBeVisible();
    await expect(player.documentNumber()).toHaveValue('');
  });

  test('a round in progress resumes on a reload; left mid-way it counts down "¿Sigues ahí?"; a tap on "Sigo aquí" keeps it, silence gives it up for the attract screen', async ({ page, request }) => {
    test.setTimeout(120_000);
    const bundle = await demoBundle(request);
    const player = new PlayerPage(page);
    await page.clock.install();
    await player.gotoKiosk(DEMO_TRIVIA);
    await player.enterDocument(bundle.documentTypes[0]!.name, `3${Date.now() % 1_000_000_000}`);
    await player.registerAs('Kiosco Abandonado', 'Stand Principal');
    await player.start().click();
    await expect(player.counter()).toBeVisible();
    // Kiosk mode took the whole screen on the first tap.
    expect(await isFullscreen(page)).toBe(true);
    const question = await player.questionText().textContent();
    // A round in progress is not sent to the attract screen by a reload: it resumes.
    await page.reload();
    await expect(player.questionText()).toHaveText(question ?? '');
    await expect(player.attract()).toBeHidden();

    await page.clock.runFor(IDLE_RETURN_MS + 1_000);
    await expect(idle(page)).toBeVisible();
    expect(await seriousViolations(page, 'idle countdown')).toEqual([]);
    for (const [width, height, name] of [[390, 844, 'phone'], [1024, 768, 'tablet']] as const) {
      await leaveFullscreen(page);
      await page.setViewportSize({ width, height });
      await docsScreenshot(page, `kiosk-idle-countdown-${name}`);
    }
    // A real click on "Sigo aquí" (after the resize too) keeps the round on the same question, and
    // the tap does not fall through to the answers behind the countdown.
    await idle(page).getByRole('button', { name: 'Sigo aquí' }).click();
    await expect(idle(page)).toBeHidden();
    await expect(player.questionText()).toHaveText(question ?? '');
    await expect(player.counter()).toHaveText('1 / 5');

    // The keyboard works too: Enter on "Sigo aquí".
    await page.clock.runFor(IDLE_RETURN_MS + 1_000);
    await expect(idle(page).getByRole('button', { name: 'Sigo aquí' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(idle(page)).toBeHidden();
    await expect(player.counter()).toHaveText('1 / 5');

    // Nobody answers: the countdown ends and the attract screen shows.
    await page.clock.runFor(IDLE_RETURN_MS + IDLE_WARNING_MS + 1_000);
    await expect(player.attract()).toBeVisible();
    await expect(player.counter()).toBeHidden();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await seriousViolations(page, `attract screen (${colorScheme})`)).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    // Only for the pictures: without the switch the widths are not visited.
    for (const [width, height, name] of DOCS_SCREENSHOTS ? ([[390, 844, 'phone'], [1024, 768, 'tablet']] as const) : []) {
      await leaveFullscreen(page);
      await page.setViewportSize({ width, height });
      await docsScreenshot(page, `kiosk-attract-${name}`);
    }
    // The abandoned round is not resumed on a reload: the attract screen again.
    await page.reload();
    await expect(player.attract()).toBeVisible();
    await expect(player.counter()).toBeHidden();
  });

  test('off by default: a phone shows no badge, only a small offline line when offline; the kiosk badge switches it off; when off the result screen stays after 60 s', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    const bundle = await demoBundle(request);
    const player = new PlayerPage(page);
    await page.clock.install();

    await player.goto(DEMO_TRIVIA);
    await expectKioskMode(player, false);
    await expect(player.offlineNotice()).toBeEmpty();

    // On a kiosk never set up, staff switch kiosk mode off in its badge.
    await player.gotoKiosk(DEMO_TRIVIA);
    await expectKioskMode(player, true);
    await player.statusBadge().click();
    await player.kioskSwitch().click();
    await expectKioskMode(player, false);
    await page.reload();
    await expect(player.validate()).toBeVisible();
    await expectKioskMode(player, false);
    await page.goto(`/play-trivia/${DEMO_TRIVIA}?kiosk=0`);
    await expect(player.validate()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/play-trivia/${DEMO_TRIVIA}$`));
    await expectKioskMode(player, false);

    // Offline, the phone says in one line that the result is kept; no sync details.
    await context.setOffline(true);
    const documentNumber = `1${Date.now() % 1_000_000_000}`;
    await playToResult(player, bundle, documentNumber);
    await expect(player.offlineNotice()).toHaveText(OFFLINE_NOTICE_TEXT);
    await expect(player.pending()).toHaveCount(0);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await seriousViolations(page, `offline notice (${colorScheme})`)).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    // Only for the pictures: without the switch the widths are not visited.
    for (const [width, height, name] of DOCS_SCREENSHOTS ? ([[390, 844, 'phone'], [1024, 768, 'tablet']] as const) : []) {
      await leaveFullscreen(page);
      await page.setViewportSize({ width, height });
      await docsScreenshot(page, `player-offline-notice-${name}`);
    }

    // A phone holds no answer key: played offline, its answers wait for the server's verdict.
    await expect(page.getByTestId('result-pending')).toHaveText('Tu puntaje aparecerá aquí en cuanto vuelva la conexión y el servidor califique tus respuestas.');
    await page.clock.fastForward(IDLE_RETURN_MS + 5_000);
    await expect(player.completed()).toBeVisible();
    await expect(player.validate()).toBeHidden();
    // Back online, the round reaches the server and the same screen shows its score.
    await context.setOffline(false);
    await page.clock.fastForward(30_000);
    await expect(player.score()).toHaveText('80%', { timeout: 20_000 });
    // With it, the place the server gave, where the public ranking lists the player.
    await expect(player.place()).toHaveText(`Tu puesto en el ranking: ${await publicPlace(request, DEMO_TRIVIA, `Kiosco Prueba ${documentNumber.slice(-4)}`)}.º`);
  });
});
