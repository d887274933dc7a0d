import { testBundle } from './support/test-bundle';
import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/login-page';
import { createFourQuestionTrivia } from './support/admin-api';
import { syncHeldResults } from './support/held-results';

/** The seeded demo company. */
const DEMO_COMPANY = 1;

test('an admin approves one held result into the ranking and discards another after confirming', async ({ page }) => {
  await new LoginPage(page).signInAsAdmin();
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
