import { testBundle } from './support/test-bundle';
import { expect, test } from './fixtures';
import { PlayerPage } from './pages/player-page';
import { createFourQuestionTrivia, signInThroughApi } from './support/admin-api';
import { seriousViolations, tabTo } from './support/axe';
import { expectFocusVisible } from './support/focus';
import { leaveFullscreen } from './support/fullscreen';
import { appQuery } from './support/app-database';
import { heldDevice, syncHeldResults } from './support/held-results';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

/** The seeded demo company and its demo trivia. */
const DEMO_COMPANY = 1;
const DEMO_TRIVIA = 1;
const SCHEMES = ['light', 'dark'] as const;

test('the held results section passes axe in light and dark and is fully usable by keyboard', async ({ page }) => {
  await signInThroughApi(page);
  const group = await createFourQuestionTrivia(page, DEMO_COMPANY, `Accesible ${Date.now()}`);
  const bundle = await testBundle(group.id);
  await syncHeldResults(page, bundle, ['Ana Veloz', 'Beto Rápido']);
  const section = page.getByRole('region', { name: 'Resultados en revisión' });

  // The screen reached once, the colour scheme switched in place.
  await page.goto(`/ranking-admin?id=${group.id}`);
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await expect(section.getByRole('listitem')).toHaveCount(2);
    await expect(section.getByText('Motivo: Tiempo no plausible')).toHaveCount(2);
    expect(await seriousViolations(page, colorScheme)).toEqual([]);
  }

  // Tab reaches 'Aprobar' and 'Descartar', each with a visible focus indicator.
  const approveAna = section.getByRole('button', { name: 'Aprobar el resultado de Ana Veloz' });
  const discardAna = section.getByRole('button', { name: 'Descartar el resultado de Ana Veloz' });
  await tabTo(page, approveAna);
  await expectFocusVisible(approveAna);
  await page.keyboard.press('Tab');
  await expectFocusVisible(discardAna);

  // Space opens the confirmation; Tab stays inside it; Escape closes it and gives the focus back.
  await page.keyboard.press('Space');
  const dialog = page.getByRole('dialog', { name: '¿Descartar el resultado?' });
  await expect(dialog.getByRole('button', { name: 'Descartar' })).toBeVisible();
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement)), 'the focus stays in the dialog').toBe(true);
  }
  expect(await seriousViolations(page, 'confirmation')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(discardAna).toBeFocused();

  // Enter opens it again and confirms; the focus moves on to the next result's 'Aprobar'.
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Descartar' }).focus();
  await page.keyboard.press('Enter');
  await expect(section.getByRole('listitem')).toHaveCount(1);
  const approveBeto = section.getByRole('button', { name: 'Aprobar el resultado de Beto Rápido' });
  await expect(approveBeto).toBeFocused();

  // Enter approves it; with none left the focus lands on the section's heading, not on the page.
  await page.keyboard.press('Enter');
  await expect(section.getByText('No hay resultados en revisión.')).toBeVisible();
  await expect(section.getByRole('heading', { name: 'Resultados en revisión' })).toBeFocused();
  await expect(page.getByTestId('ranking-row')).toHaveCount(1);
});

test('the held filters, the selection and the bulk confirmation pass axe in light and dark and work by keyboard', async ({ page }) => {
  await signInThroughApi(page);
  const group = await createFourQuestionTrivia(page, DEMO_COMPANY, `Lote accesible ${Date.now()}`);
  const bundle = await testBundle(group.id);
  const kiosk = await heldDevice(page, bundle, 'Stand Norte');
  const [ana] = await syncHeldResults(page, bundle, ['Ana Veloz', 'Beto Rápido'], kiosk);
  await syncHeldResults(page, bundle, ['Caro Teléfono']);
  // No API path gives overlapping_round yet (the server's fair-play checks will): relabelled in SQL.
  await appQuery(`UPDATE player_attempts SET review_reason = 'overlapping_round' WHERE id = $1`, [ana]);
  const section = page.getByRole('region', { name: 'Resultados en revisión' });
  const selectShown = section.getByLabel('Seleccionar los mostrados');
  const approveSelected = section.getByRole('button', { name: 'Aprobar seleccionados' });

  // The screen reached once, the colour scheme switched in place.
  await page.goto(`/ranking-admin?id=${group.id}`);
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await section.getByLabel('Motivo').selectOption('overlapping_round');
    await expect(section.getByRole('listitem')).toHaveCount(1);
    await expect(section.getByText('Qué hacer:')).toBeVisible();
    await selectShown.check();
    expect(await seriousViolations(page, `${colorScheme}, filtered and selected`)).toEqual([]);
    await approveSelected.click();
    await expect(page.getByRole('dialog', { name: '¿Aprobar 1 resultado?' }).getByRole('button', { name: 'Aprobar 1' })).toBeVisible();
    expect(await seriousViolations(page, `${colorScheme}, bulk confirmation`)).toEqual([]);
    await page.keyboard.press('Escape');
  }

  // By keyboard only: the reason filter, the row's checkbox, the bulk button, the confirmation.
  await page.goto(`/ranking-admin?id=${group.id}`);
  await expect(section.getByRole('listitem')).toHaveCount(3);
  const device = section.getByLabel('Dispositivo');
  await tabTo(page, device);
  await expectFocusVisible(device);
  await device.selectOption({ label: 'Stand Norte (2)' }); // a native select: the browser's own keyboard list
  await expect(section.getByRole('listitem')).toHaveCount(2);
  await tabTo(page, selectShown, 10);
  await expectFocusVisible(selectShown);
  await page.keyboard.press('Space');
  await expect(section.getByTestId('held-selected')).toHaveText('2 resultados seleccionados');
  const betoBox = section.getByRole('checkbox', { name: 'Seleccionar el resultado de Beto Rápido' });
  await tabTo(page, betoBox, 20);
  await page.keyboard.press('Space');
  await expect(section.getByTestId('held-selected')).toHaveText('1 resultado seleccionado');
  // The bulk buttons are above the rows: back with Shift+Tab (Beto's checkbox, Ana's 'Descartar',
  // 'Aprobar', checkbox, then the bar's 'Descartar seleccionados' and 'Aprobar seleccionados').
  for (let i = 0; i < 6 && !(await approveSelected.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Shift+Tab');
  await expect(approveSelected).toBeFocused();
  await expectFocusVisible(approveSelected);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '¿Aprobar 1 resultado?' });
  await expect(dialog.getByRole('button', { name: 'Aprobar 1' })).toBeVisible();
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement)), 'the focus stays in the dialog').toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(approveSelected).toBeFocused();
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Aprobar 1' }).focus();
  await page.keyboard.press('Enter');
  await expect(section.getByRole('listitem')).toHaveCount(1);
  await expect(section.getByRole('listitem')).toContainText('Beto Rápido');
  await expect(section.getByRole('heading', { name: 'Resultados en revisión' })).toBeFocused();
  await expect(page.getByTestId('ranking-row')).toHaveCount(1);
  await expect(page.getByTestId('ranking-row')).toContainText('Ana Veloz');
});

test("the kiosk badge's rejected list passes axe in light and dark, opens by keyboard and stays off the player's content", async ({ page, context }) => {
  const bundle = await testBundle(DEMO_TRIVIA);
  const player = new PlayerPage(page);
  await page.setViewportSize({ width: 390, height: 760 });
  await player.gotoKiosk(DEMO_TRIVIA);

  // Offline, a player registers; the registration is then made one the server refuses (a document
  // type that does not exist), so it comes back rejected with the server's reason.
  await context.setOffline(true);
  const documentNumber = String(Date.now()).slice(-9) + '7';
  await player.enterDocument(bundle.documentTypes[0]!.name, documentNumber);
  await player.registerAs('Rechazada Accesible', 'Stand Principal');
  await expect(player.start()).toBeVisible();
  const registration = (await player.outboxEntries()).find((e) => e.kind === 'player')!;
  await player.patchOutboxPayload(registration.mutationId, { documentTypeId: 2_000_000_000 });
  await context.setOffline(false);
  await expect(player.rejectedCount()).toHaveText('1 rechazado', { timeout: 15_000 });

  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await page.reload();
    // A reloaded kiosk opens on its attract screen; the badge is there too.
    await expect(player.attract()).toBeVisible();
    await expect(player.rejectedCount()).toHaveText('1 rechazado');

    // Tab reaches the badge; Enter opens its details, Space the rejected list.
    await tabTo(page, player.statusBadge(), 20);
    await expectFocusVisible(player.statusBadge());
    await page.keyboard.press('Enter');
    await expect(player.statusBadge()).toHaveAttribute('aria-expanded', 'true');
    const summary = player.rejectedList().locator('summary');
    await tabTo(page, summary, 5);
    await expectFocusVisible(summary);
    await page.keyboard.press('Space');
    await expect(player.rejectedEntries()).toHaveCount(1);
    const entry = player.rejectedEntries().first();
    await expect(entry).toContainText(`Documento *******${documentNumber.slice(-3)}`);
    await expect(entry).not.toContainText(documentNumber);
    await expect(entry).toContainText('tipo de documento');
    expect(await seriousViolations(page, colorScheme)).toEqual([]);

    // Escape closes the details and gives the focus back to the badge.
    await page.keyboard.press('Escape');
    await expect(player.rejectedList()).toHaveCount(0);
    await expect(player.statusBadge()).toBeFocused();
    await expect(player.statusBadge()).toHaveAttribute('aria-expanded', 'false');
  }

  // On a small screen the closed badge covers nothing: the page scrolls the last button clear of
  // it, and nothing scrolls sideways.
  await player.toDocumentStep();
  await leaveFullscreen(page);
  await page.setViewportSize({ width: 390, height: 520 });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const badge = (await page.getByTestId('kiosk-status').boundingBox())!;
  const validate = (await player.validate().boundingBox())!;
  expect(validate.y + validate.height, "'Validar Documento' ends above the badge").toBeLessThanOrEqual(badge.y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
});
