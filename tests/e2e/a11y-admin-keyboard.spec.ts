import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Company } from '../../contract';
import { QuestionGroupsPage } from './pages/question-groups-page';
import { createFourQuestionTrivia, postJson, signInThroughApi } from './support/admin-api';
import { tabTo } from './support/axe';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

/** The admin by keyboard and by touch: a create dialog, and a trivia card's "Más acciones" menu. */

test('a create dialog works by keyboard: opened, filled and submitted, the focus goes back to its button', async ({ page }) => {
  await signInThroughApi(page);
  await page.goto('/company');
  await expect(page.getByRole('heading', { name: 'Administración de Empresas' })).toBeVisible();
  const opener = page.getByRole('button', { name: 'Agregar empresa' });
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Nueva empresa' })).toBeVisible();

  const name = `Teclado ${Date.now()}`;
  await tabTo(page, dialog.getByLabel('Nombre'), 10);
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Descripción')).toBeFocused();
  await page.keyboard.type('Creada sin ratón');
  // Tab never leaves the dialog on its way to 'Crear'.
  for (let i = 0; i < 10 && !(await dialog.getByRole('button', { name: 'Crear' }).evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement)), 'the focus stays in the dialog').toBe(true);
  }
  await expect(dialog.getByRole('button', { name: 'Crear' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  await expect(opener).toBeFocused();
});

/** A company with one trivia of its own (through the API), for the tests below. */
async function companyWithTrivia(page: Page, label: string) {
  const stamp = Date.now();
  const company = await postJson<Company>(page, '/api/companies', { name: `${label} ${stamp}`, description: 'Empresa de la prueba' });
  const trivia = await createFourQuestionTrivia(page, company.id, `Trivia ${label} ${stamp}`);
  return { company, trivia };
}

test('a trivia card\'s "Más acciones" works by keyboard and by touch; a disabled item says why', async ({ browser, page }) => {
  test.setTimeout(120_000);
  await signInThroughApi(page);
  const { company, trivia } = await companyWithTrivia(page, 'Menú');
  const groups = new QuestionGroupsPage(page);
  await page.goto(`/packages?company=${company.id}`);
  const button = groups.cardMenu(trivia.name);
  await expect(button).toHaveAttribute('aria-haspopup', 'menu');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  // Only the main actions are buttons on the card.
  await expect(groups.card(trivia.name).getByRole('link')).toHaveText(['Ver Preguntas', 'Ver Ranking', 'Resultados']);

  await tabTo(page, button);
  await page.keyboard.press('Enter');
  const menu = groups.menu();
  const item = (name: string) => menu.getByRole('menuitem', { name, exact: true });
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const names = ['Editar', 'Editar Estilos', 'Duplicar', 'Copiar Link', 'Ver Trivia', 'Configurar kiosco', 'Pantalla', 'Descargar Puntajes', 'Limpiar Datos', 'Eliminar'];
  for (const name of names) await expect(item(name)).toBeVisible();
  // Real buttons and links under the menu roles.
  expect(await menu.getByRole('menuitem').evaluateAll((items) => items.map((el) => el.tagName))).toEqual(['BUTTON', 'BUTTON', 'BUTTON', 'BUTTON', 'A', 'BUTTON', 'A', 'BUTTON', 'BUTTON', 'BUTTON']);
  await expect(item('Editar')).toHaveAttribute('data-focus', '');
  await page.keyboard.press('ArrowDown');
  await expect(item('Editar Estilos')).toHaveAttribute('data-focus', '');
  await page.keyboard.press('End');
  await expect(item('Eliminar')).toHaveAttribute('data-focus', '');
  await page.keyboard.press('Home');
  await expect(item('Editar')).toHaveAttribute('data-focus', '');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();

  // An item chosen by keyboard opens its dialog; closing it gives the focus back to the menu's button.
  await page.keyboard.press('Enter');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown');
  await expect(item('Configurar kiosco')).toHaveAttribute('data-focus', '');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Configurar kiosco' })).toBeVisible();
  await expect(page.getByTestId('kiosk-setup-link')).toHaveValue(/\?kiosk=/);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(button).toBeFocused();

  // By touch, on a phone, where the clipboard cannot be used: "Copiar Link" is there, looks disabled and says why.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, storageState: await page.context().storageState() });
  await phone.addInitScript(() => Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined }));
  const touch = await phone.newPage();
  const onPhone = new QuestionGroupsPage(touch);
  await touch.goto(`/packages?company=${company.id}`);
  await onPhone.cardMenu(trivia.name).tap();
  const copy = onPhone.menu().getByRole('menuitem', { name: 'Copiar Link', exact: true });
  await expect(copy).toHaveAttribute('aria-disabled', 'true');
  await expect(copy).toHaveAccessibleDescription(/necesita HTTPS/);
  await expect(copy).toHaveCSS('cursor', 'not-allowed');
  await copy.tap({ force: true });
  await expect(touch.getByTestId('toast')).toHaveCount(0);
  await expect(onPhone.menu()).toBeVisible();
  await onPhone.menu().getByRole('menuitem', { name: 'Editar', exact: true }).tap();
  await expect(touch.getByRole('dialog').getByLabel('Nombre')).toHaveValue(trivia.name);
  await phone.close();
});
