import { testBundle } from './support/test-bundle';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { PlayerPage } from './pages/player-page';
import { appQuery } from './support/app-database';
import { seriousViolations } from './support/axe';
import { deviceStoreRow } from './support/device-store';
import { leaveFullscreen } from './support/fullscreen';
import { DOCS_SCREENSHOTS, docsScreenshot } from './support/screenshot';
import { expectFocusVisible } from './support/focus';
import { DEMO_TRIVIA_CARD, setupLinkFromCard } from './support/kiosk-setup-link';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

const DEMO_TRIVIA = 1;
const PIN = '482915';
const KINDS = ['player', 'attempt', 'completion'] as const;

/** What the server stored from a device and applied, by kind, read from its PostgreSQL. */
async function appliedByKind(deviceId: string): Promise<Record<string, number>> {
  const rows = await appQuery<{ kind: string; count: number }>(
    `SELECT kind, count(*)::int AS count FROM sync_mutations WHERE device_id = $1 AND status = 'applied' GROUP BY kind`,
    [deviceId],
  );
  return Object.fromEntries(KINDS.map((kind) => [kind, rows.find((row) => row.kind === kind)?.count ?? 0]));
}

const freshDocument = () => String(randomInt(1_000_000_000, 9_999_999_999));

test('staff panel: behind the PIN, counts what waits in rounds, says when it last reached the server and until when it may stay offline, and its receipt matches what the server stored after the offline rounds sync; accessible light and dark, by keyboard', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const link = await setupLinkFromCard(page, DEMO_TRIVIA_CARD);
  const bundle = await testBundle(DEMO_TRIVIA);

  // The tablet, set up as a kiosk with the longest idle timeout (the test takes its time).
  const tablet = await browser.newContext({ baseURL, locale: 'es-CO', viewport: { width: 1024, height: 768 }, acceptDownloads: true });
  const kiosk = await tablet.newPage();
  const player = new PlayerPage(kiosk);
  await kiosk.goto(link);
  const form = kiosk.getByTestId('kiosk-setup');
  await form.getByLabel('Nombre del kiosco').fill('Kiosco Entrada');
  await form.getByLabel('PIN (4 a 8 dígitos)').fill(PIN);
  await form.getByLabel('Repite el PIN').fill(PIN);
  await form.getByLabel(/^Segundos sin actividad/).fill('600');
  await form.getByRole('button', { name: 'Configurar kiosco' }).click();
  // A set-up kiosk opens on its attract screen: 'Toca para jugar' leads to the document step.
  await player.toDocumentStep();
  const deviceId = await player.storedDeviceId();
  expect(deviceId).not.toBeNull();
  // Set up online, nothing played yet: the kiosk reached the server, so it is in sync, not "never synced".
  await expect(player.pending()).toHaveText('Nada por sincronizar');
  await expect(player.lastSync()).toHaveText(/^Sincronizado hace /);

  // Offline: three new players register and play a round each.
  await tablet.setOffline(true);
  for (const [i, name] of ['Camila Offline', 'Tomás Offline', 'Lucas Offline'].entries()) {
    await player.enterDocument(bundle.documentTypes[0]!.name, freshDocument());
    await player.registerAs(name, 'Stand Principal');
    await player.start().click();
    await player.playRoundFrom(bundle, 1, [true, i === 0, true, false, true]);
    await player.restart().click();
    await player.toDocumentStep();
  }
  // Nine writes (a registration, a start and a result per round): staff count three rounds.
  await expect(player.pending()).toHaveText('3 partidas por sincronizar');

  // A wrong PIN is refused and the panel stays closed.
  await player.openStaffPanelWith('000000');
  await expect(kiosk.getByTestId('kiosk-pin-refusal')).toHaveText('PIN incorrecto. Quedan 4 intentos.');
  await expect(player.staffPanel()).toBeHidden();
  const gate = kiosk.getByTestId('kiosk-pin');
  await gate.getByLabel('PIN del kiosco').fill(PIN);
  await gate.getByRole('button', { name: 'Abrir el panel' }).click();
  await expect(player.staffPanel()).toBeVisible();

  // Offline, the panel shows what waits, in rounds then by kind, and what the device recorded; the server cannot be asked.
  await expect(kiosk.getByTestId('staff-kiosk-name')).toHaveText('Kiosco Entrada');
  await expect(kiosk.getByTestId('staff-pending-rounds')).toHaveText('3 partidas por sincronizar');
  for (const kind of KINDS) {
    await expect(kiosk.getByTestId(`staff-pending-${kind}`)).toHaveText('3');
    await expect(kiosk.getByTestId(`staff-receipt-${kind}`)).toHaveAttribute('data-recorded', '3');
  }
  await expect(kiosk.getByTestId('staff-receipt-status')).toContainText('No se pudo consultar al servidor');
  await expect(kiosk.getByTestId('staff-device-id')).toHaveText(deviceId!);
  // Its last contact (the setup) and, OFFLINE_WINDOW_HOURS later, when its rounds would need review.
  const contact = kiosk.getByTestId('staff-contact');
  await expect(contact).toHaveText(/^Última conexión con el servidor: hace (un momento|\d+ minutos?) \(.+\)\.$/);
  const reviewFrom = kiosk.getByTestId('staff-review-from');
  await expect(reviewFrom).toHaveText(/^Si no vuelve a conectarse antes del .+, las partidas jugadas desde esa última conexión quedarán en revisión\.$/);
  const contactAt = Date.parse((await contact.locator('time').getAttribute('datetime'))!);
  expect(Date.parse((await reviewFrom.locator('time').getAttribute('datetime'))!) - contactAt).toBe(12 * 3_600_000);
  await leaveFullscreen(kiosk);
  for (const colorScheme of ['light', 'dark'] as const) {
    await kiosk.emulateMedia({ colorScheme });
    expect(await seriousViolations(kiosk, `offline staff panel (${colorScheme})`, '[data-testid="staff-panel"]')).toEqual([]);
    // Only for the pictures: without the switch the widths are not visited.
    for (const [width, height, name] of DOCS_SCREENSHOTS ? ([[1024, 768, 'tablet'], [390, 844, 'phone']] as const) : []) {
      await kiosk.setViewportSize({ width, height });
      await docsScreenshot(kiosk, `staff-panel-offline-${colorScheme}-${name}`);
    }
  }
  await kiosk.emulateMedia({ colorScheme: 'light' });
  await kiosk.setViewportSize({ width: 1024, height: 768 });

  // 'Cerrar' leaves the kiosk on its attract screen.
  await player.staffPanel().getByRole('button', { name: 'Cerrar' }).click();
  await expect(player.staffPanel()).toBeHidden();
  await expect(kiosk.getByTestId('kiosk-attract')).toBeVisible();

  // Back online, the outbox drains; the panel's receipt then matches what the server stored.
  await tablet.setOffline(false);
  await expect(player.pending()).toHaveText('Nada por sincronizar', { timeout: 30_000 });
  await player.openStaffPanelWith(PIN);
  await expect(player.staffPanel()).toBeVisible();
  // Focus starts on 'Cerrar'.
  await expect(player.staffPanel().getByRole('button', { name: 'Cerrar' })).toBeFocused();
  await expect(kiosk.getByTestId('staff-receipt-status')).toContainText('Servidor consultado');
  await expect(kiosk.getByTestId('staff-pending-rounds')).toHaveText('Nada por sincronizar');
  // Online, the review moment is no concern.
  await expect(kiosk.getByTestId('staff-review-from')).toHaveCount(0);
  const stored = await appliedByKind(deviceId!);
  expect(stored).toEqual({ player: 3, attempt: 3, completion: 3 });
  for (const kind of KINDS) {
    const line = kiosk.getByTestId(`staff-receipt-${kind}`);
    await expect(line).toHaveAttribute('data-recorded', String(stored[kind]));
    await expect(line).toHaveAttribute('data-confirmed', String(stored[kind]));
    await expect(line).toContainText(`registrados en este dispositivo ${stored[kind]} · confirmados por el servidor ${stored[kind]}`);
    await expect(kiosk.getByTestId(`staff-pending-${kind}`)).toHaveText('0');
  }

  // The report for support: the device, the counts, nothing secret.
  const [download] = await Promise.all([kiosk.waitForEvent('download'), player.staffPanel().getByRole('button', { name: 'Descargar informe' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^informe-kiosco-${deviceId!.slice(0, 8)}-\\d{8}-\\d{4}\\.json$`));
  const reportText = readFileSync((await download.path())!, 'utf8');
  const report = JSON.parse(reportText);
  expect(report).toMatchObject({ deviceId, counts: { recordedOnDevice: { player: 3, attempt: 3, completion: 3 }, server: { completion: { confirmed: 3 } } }, rejected: [] });
  const secret = (await deviceStoreRow<{ secret: string }>(kiosk, 'device', 'device'))!.secret;
  expect(reportText).not.toContain(secret);

  // Accessible in the device's light and dark schemes; screenshots at tablet and phone widths.
  for (const colorScheme of ['light', 'dark'] as const) {
    await kiosk.emulateMedia({ colorScheme });
    expect(await seriousViolations(kiosk, `staff panel (${colorScheme})`, '[data-testid="staff-panel"]')).toEqual([]);
  }
  await kiosk.emulateMedia({ colorScheme: 'light' });
  await leaveFullscreen(kiosk);
  if (DOCS_SCREENSHOTS) {
    await docsScreenshot(kiosk, 'staff-panel-tablet');
    await kiosk.setViewportSize({ width: 390, height: 844 });
    await docsScreenshot(kiosk, 'staff-panel-phone');
    await kiosk.setViewportSize({ width: 1024, height: 768 });
  }

  // By keyboard: from 'Cerrar', Tab walks the panel's controls in order (never out to the player
  // screen behind it), the settings take keys, and Escape closes it for the attract screen.
  await player.staffPanel().getByRole('button', { name: 'Cerrar' }).focus();
  const order = ['Sincronizar ahora', 'Consultar al servidor', 'Descargar informe', 'Actualizar'];
  for (const name of order) {
    await kiosk.keyboard.press('Tab');
    await expect(player.staffPanel().getByRole('button', { name })).toBeFocused();
    await expectFocusVisible(player.staffPanel().getByRole('button', { name }));
  }
  await kiosk.keyboard.press('Tab');
  const idle = player.staffPanel().getByLabel('Tiempo de inactividad (segundos)');
  await expect(idle).toBeFocused();
  await kiosk.keyboard.press('ControlOrMeta+a');
  await kiosk.keyboard.type('90');
  await kiosk.keyboard.press('Enter');
  await expect(player.staffPanel().getByTestId('staff-idle-form')).toContainText('Guardado: 90 segundos.');
  await kiosk.keyboard.press('Escape');
  await expect(player.staffPanel()).toBeHidden();
  await expect(kiosk.getByTestId('kiosk-attract')).toBeVisible();
  await tablet.close();
});
