import { expect, type Locator, type Page } from '@playwright/test';
import { seriousViolations, tabTo } from './axe';

/**
 * The keyboard walk of a moderated admin ranking (the trivia's and the campaign's): Tab reaches
 * 'Descalificar' on `keep`'s row, Enter opens the reason dialog (named `dialogName`) whose focus
 * stays inside and passes axe, Escape gives the focus back; then `restore`'s entry in
 * "Descalificados" (`section`) is restored by keyboard alone, the focus lands on the section's
 * heading and `rows` counts both players again.
 */
export async function moderateByKeyboard(page: Page, { section, keep, restore, dialogName, rows }: { section: Locator; keep: string; restore: string; dialogName: string; rows: Locator }) {
  const disqualify = page.getByRole('button', { name: `Descalificar a ${keep}` });
  await tabTo(page, disqualify);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog.getByRole('textbox', { name: 'Motivo' })).toBeVisible();
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement)), 'the focus stays in the dialog').toBe(true);
  }
  expect(await seriousViolations(page, 'dialog')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(disqualify).toBeFocused();

  // 'Restaurar' by keyboard: the reason typed, the button pressed with Enter.
  await tabTo(page, section.getByRole('button', { name: `Restaurar a ${restore}` }));
  await page.keyboard.press('Enter');
  const restoreDialog = page.getByRole('dialog', { name: '¿Restaurar en el ranking?' });
  await restoreDialog.getByRole('textbox', { name: 'Motivo' }).focus();
  await page.keyboard.type('Revisado con el jugador');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(restoreDialog.getByRole('button', { name: 'Restaurar' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(section.getByText('No hay descalificados.')).toBeVisible();
  await expect(section.getByRole('heading', { name: 'Descalificados' })).toBeFocused();
  await expect(rows).toHaveCount(2);
}
