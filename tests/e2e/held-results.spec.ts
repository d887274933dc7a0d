import { type Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { REVIEW_REASON_HELP } from '../../contract';
import { testBundle } from './support/test-bundle';
import { createFourQuestionTrivia, signInThroughApi } from './support/admin-api';
import { appQuery } from './support/app-database';
import { heldDevice, syncHeldResults } from './support/held-results';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

/** The seeded demo company. */
const DEMO_COMPANY = 1;

test('an admin approves one held result into the ranking and discards another after confirming', async ({ page }) => {
  await signInThroughApi(page);
  const group = await createFourQuestionTrivia(page, DEMO_COMPANY, `Revisión ${Date.now()}`);
  const bundle = await testBundle(group.id);
  await syncHeldResults(page, bundle, ['Ana Veloz', 'Beto Rápido']);

  await page.goto(`/ranking-admin?id=${group.id}`);
  const section = page.getByRole('region', { name: 'Resultados en revisión' });
  await expect(section.getByRole('listitem')).toHaveCount(2);
  await expect(section.getByText('Motivo: Tiempo no plausible')).toHaveCount(2);
  const rows = page.getByTestId('ranking-row');
  await expect(rows).toHaveCount(0);

  // Keyboard: the button is reachable and pressed with Enter.
  await section.getByRole('button', { name: 'Aprobar el resultado de Ana Veloz' }).focus();
  await page.keyboard.press('Enter');
  await expect(section.getByRole('listitem')).toHaveCount(1);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Ana Veloz');

  await section.getByRole('button', { name: 'Descartar el resultado de Beto Rápido' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Descartar el resultado?' });
  await expect(dialog).toContainText('Beto Rápido');
  await dialog.getByRole('button', { name: 'Descartar' }).click();
  await expect(section.getByText('No hay resultados en revisión.')).toBeVisible();
  await expect(rows).toHaveCount(1);
});

/** The section's filter selects and what their options say. */
const optionTexts = (select: Locator) => select.locator('option').allTextContents();

test('an organiser filters held results by reason and device, with counts, and approves or discards several at once', async ({ page }) => {
  await signInThroughApi(page);
  const group = await createFourQuestionTrivia(page, DEMO_COMPANY, `Lote ${Date.now()}`);
  const bundle = await testBundle(group.id);
  const north = await heldDevice(page, bundle, 'Stand Norte');
  const [ana, beto] = await syncHeldResults(page, bundle, ['Ana Norte', 'Beto Norte', 'Caro Norte'], north);
  await syncHeldResults(page, bundle, ['Dora Teléfono']);
  // No API path gives unanchored_time yet (the server's fair-play checks will): two of the kiosk's
  // held results are relabelled directly in SQL.
  await appQuery(`UPDATE player_attempts SET review_reason = 'unanchored_time' WHERE id = ANY($1::int[])`, [[ana, beto]]);

  await page.goto(`/ranking-admin?id=${group.id}`);
  const section = page.getByRole('region', { name: 'Resultados en revisión' });
  const reason = section.getByLabel('Motivo');
  const device = section.getByLabel('Dispositivo');
  await expect(section.getByRole('listitem')).toHaveCount(4);
  await expect(section.getByText('4 pendientes')).toBeVisible();
  await expect(section.getByText(REVIEW_REASON_HELP.implausible_time)).toHaveCount(2);
  expect(await optionTexts(reason)).toEqual(['Todos los motivos (4)', 'Tiempo no plausible (2)', 'Horario que el servidor no puede confirmar (2)']);
  const phoneOption = (await optionTexts(device)).find((text) => text.startsWith('Teléfono'))!;
  expect(phoneOption).toMatch(/^Teléfono [0-9A-F]{6} \(1\)$/);
  expect(await optionTexts(device)).toEqual(['Todos los dispositivos (4)', 'Stand Norte (3)', phoneOption]);

  // By reason: its two results, what to do with them, and the devices among them.
  await reason.selectOption({ label: 'Horario que el servidor no puede confirmar (2)' });
  await expect(section.getByRole('listitem')).toHaveCount(2);
  await expect(section.getByText('Qué hacer:')).toBeVisible();
  // What to do is said once, above the rows (each row says it when the list is not filtered by reason).
  await expect(section.getByText(REVIEW_REASON_HELP.unanchored_time)).toHaveCount(1);
  await expect.poll(() => optionTexts(device)).toEqual(['Todos los dispositivos (2)', 'Stand Norte (2)']);
  const first = section.getByRole('listitem').first();
  await expect(first).toContainText('Ana Norte');
  await expect(first).toContainText('Stand Norte');
  await expect(first).toContainText('Stand Principal');
  await expect(first).toContainText('Motivo: Horario que el servidor no puede confirmar');

  // Both selected, approved after a confirmation that says how many: each ranks, once.
  await section.getByLabel('Seleccionar los mostrados').check();
  await expect(section.getByTestId('held-selected')).toHaveText('2 resultados seleccionados');
  await section.getByRole('button', { name: 'Aprobar seleccionados' }).click();
  const approve = page.getByRole('dialog', { name: '¿Aprobar 2 resultados?' });
  await expect(approve).toContainText('La decisión es definitiva.');
  await approve.getByRole('button', { name: 'Aprobar 2' }).click();
  await expect(section.getByText('Ningún resultado en revisión coincide con el filtro.')).toBeVisible();
  await expect(section.getByText('2 pendientes')).toBeVisible();
  const rows = page.getByTestId('ranking-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Ana Norte' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Beto Norte' })).toHaveCount(1);

  // By device: the phone's result alone, chosen with its own checkbox and discarded.
  await section.getByRole('button', { name: 'Quitar filtros' }).click();
  await expect(section.getByRole('listitem')).toHaveCount(2);
  await device.selectOption({ label: phoneOption });
  await expect(section.getByRole('listitem')).toHaveCount(1);
  await section.getByRole('checkbox', { name: 'Seleccionar el resultado de Dora Teléfono' }).check();
  await section.getByRole('button', { name: 'Descartar seleccionados' }).click();
  const discard = page.getByRole('dialog', { name: '¿Descartar 1 resultado?' });
  await discard.getByRole('button', { name: 'Descartar 1' }).click();
  await expect(section.getByText('1 pendiente', { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(2);
  await section.getByRole('button', { name: 'Quitar filtros' }).click();
  await expect(section.getByRole('listitem')).toHaveCount(1);
  await expect(section.getByRole('listitem')).toContainText('Caro Norte');
});

test('"all that match" takes more than the page shown, after saying how many', async ({ page }) => {
  await signInThroughApi(page);
  const group = await createFourQuestionTrivia(page, DEMO_COMPANY, `Todos ${Date.now()}`);
  const bundle = await testBundle(group.id);
  const kiosk = await heldDevice(page, bundle, 'Stand Lejano');
  await syncHeldResults(page, bundle, Array.from({ length: 55 }, (_, i) => `Jugador ${i + 1}`), kiosk);

  await page.goto(`/ranking-admin?id=${group.id}`);
  const section = page.getByRole('region', { name: 'Resultados en revisión' });
  await expect(section.getByRole('listitem')).toHaveCount(50);
  await expect(section.getByText('Mostrando 50 de 55')).toBeVisible();
  await section.getByLabel('Seleccionar los mostrados').check();
  await expect(section.getByTestId('held-selected')).toHaveText('50 resultados seleccionados');
  await section.getByRole('button', { name: 'Seleccionar los 55 que coinciden' }).click();
  await expect(section.getByTestId('held-selected')).toHaveText('55 resultados seleccionados');
  await section.getByRole('button', { name: 'Aprobar seleccionados' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Aprobar 55 resultados?' });
  await expect(dialog).toContainText('Todos los que coinciden con el filtro');
  await dialog.getByRole('button', { name: 'Aprobar 55' }).click();
  await expect(section.getByText('No hay resultados en revisión.')).toBeVisible();
  await expect(section.getByRole('heading', { name: 'Resultados en revisión' })).toBeFocused();
  await expect(page.getByTestId('ranking-row')).toHaveCount(55);
});
