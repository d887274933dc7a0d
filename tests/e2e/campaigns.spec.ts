import { expect, test } from './fixtures';
import { CampaignEditorPage } from './pages/campaign-editor-page';
import { CampaignsPage } from './pages/campaigns-page';
import { isoDay as day } from '../support/iso-day';
import { signInThroughApi } from './support/admin-api';

/** A campaign's life in the admin: the form's rules, creation, a trivia added and removed, editing, the dashboard, deletion. Played and ranked: campaign-rankings. */

/** dd/MM/yyyy of a yyyy-MM-dd day, as the campaign screens show dates. */
const shown = (isoDay: string) => isoDay.split('-').reverse().join('/');

test('an admin validates, creates, edits, links and unlinks a trivia, finds it on the dashboard and deletes a campaign', async ({ page }) => {
  test.setTimeout(120_000);
  const suffix = String(Date.now() % 100_000);
  await signInThroughApi(page);

  const campaigns = new CampaignsPage(page);
  const existing = (await (await page.request.get('/api/campaigns')).json()) as unknown[];
  await campaigns.goto();
  if (existing.length === 0) {
    await expect(page.getByText('No hay campañas disponibles')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Crear Primera Campaña' })).toBeVisible();
  }

  // The contract's rules, in Spanish, before anything is sent; the spec's defaults.
  await campaigns.create().click();
  const dialog = campaigns.dialog();
  await expect(dialog.getByLabel('Intentos máximos por trivia')).toHaveValue('3');
  await expect(dialog.getByLabel('Modo de selección de intentos')).toHaveValue('best');
  await dialog.getByLabel('Nombre').fill('ab');
  await dialog.getByRole('button', { name: 'Crear Campaña' }).click();
  await expect(dialog).toContainText('El nombre debe tener al menos 3 caracteres');
  await expect(dialog).toContainText('Seleccione una fecha de inicio');
  await expect(dialog).toContainText('Seleccione una fecha de finalización');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  const name = `Temporal ${suffix}`;
  await campaigns.createCampaign({ name, description: '', companyName: 'Demo Eventos', startDate: day(0), endDate: day(30) });
  await expect(page).toHaveURL(/\/campaigns\/\d+$/);
  const campaignId = Number(new URL(page.url()).pathname.split('/').pop());
  // The editor, not the list still on screen while its chunk loads (other campaigns say 'Sin descripción' too).
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Sin descripción' })).toBeVisible();

  // One trivia through 'Agregar Trivia' (the first available, weight 10), then removed again.
  const editor = new CampaignEditorPage(page);
  await editor.addOne().click();
  const add = editor.dialog();
  const trivia = (await add.getByLabel('Trivia').locator('option:checked').textContent())!.trim();
  await expect(add.getByLabel('Peso')).toHaveValue('10');
  await add.getByRole('button', { name: 'Agregar', exact: true }).click();
  await expect(editor.toast()).toContainText('Trivia agregada');
  await expect(editor.names()).toHaveText([trivia]);
  await expect(editor.orders()).toHaveText(['1']);
  await expect(editor.weight(trivia)).toHaveValue('10');
  await editor.remove(trivia).click();
  await expect(editor.dialog()).toContainText(trivia);
  await editor.dialog().getByRole('button', { name: 'Quitar' }).click();
  await expect(editor.toast()).toContainText('Trivia quitada de la campaña');
  await expect(editor.rows()).toHaveCount(0);
  await expect(page.getByText('Esta campaña aún no tiene trivias')).toBeVisible();

  // 'Editar' reuses the form, filled in.
  await page.getByRole('button', { name: 'Editar' }).click();
  await expect(editor.dialog().getByLabel('Nombre')).toHaveValue(name);
  await editor.dialog().getByLabel('Descripción').fill('Ahora con descripción');
  await editor.dialog().getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(editor.toast()).toContainText('Campaña actualizada');
  await expect(page.getByText('Ahora con descripción')).toBeVisible();

  // The dashboard lists it under 'Campañas Activas'.
  await page.goto('/');
  const active = page.getByRole('region', { name: 'Campañas Activas' }).getByRole('article', { name });
  await expect(active).toContainText('Ahora con descripción');
  await expect(active).toContainText(`Inicio: ${shown(day(0))}`);
  await expect(active.getByRole('link', { name: 'Editar' })).toHaveAttribute('href', `/campaigns/${campaignId}`);
  await expect(active.getByRole('link', { name: 'Resultados' })).toHaveAttribute('href', `/campaigns/${campaignId}/ranking`);

  // The list's card, then deletion after '¿Está seguro?'.
  await campaigns.goto();
  const card = campaigns.card(name);
  await expect(card).toContainText(`${shown(day(0))} - ${shown(day(30))}`);
  await expect(card).toContainText('Mejor intento');
  await card.getByRole('button', { name: `Eliminar ${name}` }).click();
  await expect(campaigns.dialog().getByRole('heading', { name: '¿Está seguro?' })).toBeVisible();
  await expect(campaigns.dialog()).toContainText('permanentemente');
  await campaigns.dialog().getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByTestId('toast')).toContainText('Campaña eliminada');
  await expect(campaigns.card(name)).toHaveCount(0);

  await page.goto(`/campaigns/${campaignId}`);
  await expect(page.getByText('Campaña no encontrada')).toBeVisible();
});
