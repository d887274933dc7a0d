import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { LoginPage } from './pages/login-page';
import { seriousViolations, tabTo } from './support/axe';
import { decodeQr } from './support/qr';
import { DOCS_SCREENSHOTS, docsFullPageScreenshot, docsScreenshot } from './support/screenshot';
import { brokenWords } from './support/text-lines';

/** The widths of the docs' pictures; none visited without DOCS_SCREENSHOTS=1. */
const SHOT_SIZES = DOCS_SCREENSHOTS ? ([[390, 844, 'phone'], [1024, 768, 'tablet'], [1366, 768, 'desktop']] as const) : [];
const SCHEMES = ['light', 'dark'] as const;

/** Axe in light and dark, and the docs' pictures of each at three widths (back to 1366 px light after). */
async function checkScreen(page: Page, screen: string, shot: string, options: { dialog?: boolean } = {}) {
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousViolations(page, `${screen} (${colorScheme})`, options.dialog ? '[role="dialog"]' : undefined)).toEqual([]);
    for (const [width, height, name] of SHOT_SIZES) {
      await page.setViewportSize({ width, height });
      if (options.dialog) await docsScreenshot(page, `${shot}-${colorScheme}-${name}`);
      else await docsFullPageScreenshot(page, `${shot}-${colorScheme}-${name}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1366, height: 768 });
}

/** Opens a user's "Más acciones" by keyboard and chooses `item`. */
async function userAction(page: Page, name: string, item: string) {
  const button = page.getByRole('button', { name: `Más acciones de ${name}` });
  await tabTo(page, button);
  await page.keyboard.press('Enter');
  const entry = page.getByRole('menuitem', { name: item, exact: true });
  await expect(entry).toBeVisible();
  while (!(await entry.evaluate((el) => el.hasAttribute('data-focus')))) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}

const PERSON = 'Lucía Rojas';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

test('an owner invites a person by link; disabling signs them out at their next request; a reset link works once; the last owner cannot be disabled', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await new LoginPage(page).signInAsAdmin();

  // "Usuarios" from the header, then "Invitar usuario", by keyboard.
  const usersLink = page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Usuarios' });
  await tabTo(page, usersLink);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Usuarios' })).toBeVisible();
  await expect(page.getByTestId('user-card')).toHaveCount(1);

  await tabTo(page, page.getByRole('button', { name: 'Invitar usuario' }));
  await page.keyboard.press('Enter');
  const inviteDialog = page.getByRole('dialog', { name: 'Invitar usuario' });
  await expect(inviteDialog.getByLabel('Nombre')).toBeFocused();
  await page.keyboard.type('Lucía');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Rojas');
  await page.keyboard.press('Tab');
  await page.keyboard.type('lucia@example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('lucia.rojas');
  await page.keyboard.press('Enter');

  const linkDialog = page.getByRole('dialog', { name: 'Invitación creada' });
  const invitation = await linkDialog.getByTestId('account-link').inputValue();
  expect(invitation).toMatch(/\/cuenta\/[A-Za-z0-9_-]{32}$/);
  expect(await decodeQr(linkDialog.getByTestId('account-link-qr'))).toBe(invitation);
  await checkScreen(page, 'invitation link dialog', 'users-invite-link', { dialog: true });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('user-card').filter({ hasText: PERSON }).getByTestId('user-status')).toHaveText('Invitado');
  await checkScreen(page, 'Usuarios', 'users');

  // The person, in a browser of their own: who invites them and as what; they choose a password and are signed in.
  const personContext = await browser.newContext({ baseURL, locale: 'es-CO', viewport: { width: 1366, height: 768 } });
  const person = await personContext.newPage();
  await person.goto(invitation);
  await expect(person.getByRole('heading', { level: 1, name: 'Hola, Lucía' })).toBeVisible();
  await expect(person.getByTestId('account-link-intro')).toContainText('Administrador Principal te invita a administrar Triviando como propietario');
  await checkScreen(person, 'account link page', 'account-link');
  await expect(person.getByLabel('Contraseña nueva', { exact: true })).toBeFocused();
  await person.keyboard.type('lucia.rojas');
  await person.keyboard.press('Tab');
  await person.keyboard.type('lucia.rojas');
  await person.keyboard.press('Enter');
  await expect(person.getByText('La contraseña debe tener al menos 10 caracteres')).toHaveCount(0);
  await expect(person.getByText('La contraseña no puede ser tu nombre de usuario')).toBeVisible();
  await person.getByLabel('Contraseña nueva', { exact: true }).fill('faro-de-colores-9');
  await person.getByLabel('Repite la contraseña', { exact: true }).fill('faro-de-colores-9');
  await person.keyboard.press('Enter');
  await expect(person).toHaveURL(/\/$/);
  await expect(person.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Usuarios' })).toBeVisible();

  // The owner disables her: her next request signs her out.
  await page.reload();
  await expect(page.getByTestId('user-card').filter({ hasText: PERSON }).getByTestId('user-status')).toHaveText('Activo');
  await userAction(page, PERSON, 'Desactivar');
  await expect(page.getByTestId('user-card').filter({ hasText: PERSON }).getByTestId('user-status')).toHaveText('Desactivado');
  await person.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Trivias' }).click();
  await expect(person).toHaveURL(/\/auth$/);

  // The last active owner: "Desactivar" and "Eliminar" say why not, and the server refuses anyway.
  await page.getByRole('button', { name: 'Más acciones de Administrador Principal' }).click();
  const lastOwner = page.getByRole('menuitem', { name: 'Desactivar', exact: true });
  await expect(lastOwner).toHaveAttribute('aria-disabled', 'true');
  await expect(lastOwner).toContainText('Es el último propietario activo');
  await page.keyboard.press('Escape');
  const refusal = await page.evaluate(async () => {
    const me = await (await fetch('/api/user')).json();
    const reply = await fetch(`/api/users/${me.id}/disable`, { method: 'POST', headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    return { status: reply.status, code: (await reply.json()).code };
  });
  expect(refusal).toEqual({ status: 409, code: 'last_owner' });

  // Re-enabled, then a reset link: it sets a new password once.
  await userAction(page, PERSON, 'Reactivar');
  await expect(page.getByTestId('user-card').filter({ hasText: PERSON }).getByTestId('user-status')).toHaveText('Activo');
  await userAction(page, PERSON, 'Restablecer contraseña');
  const reset = await page.getByRole('dialog', { name: 'Restablecer contraseña' }).getByTestId('account-link').inputValue();
  await page.keyboard.press('Escape');
  await person.goto(reset);
  await expect(person.getByRole('heading', { level: 1, name: 'Elige una contraseña nueva' })).toBeVisible();
  await person.getByLabel('Contraseña nueva', { exact: true }).fill('otra-clave-segura-7');
  await person.getByLabel('Repite la contraseña', { exact: true }).fill('otra-clave-segura-7');
  await person.getByRole('button', { name: 'Guardar y entrar' }).click();
  await expect(person).toHaveURL(/\/$/);
  await person.goto(reset);
  await expect(person.getByRole('heading', { level: 1, name: 'Este enlace ya se usó' })).toBeVisible();

  // "Mi cuenta": her sessions listed, this one marked; her phone's ended by its "Cerrar", then her
  // other sessions all at once (the owner's stay); her password changes with the current one.
  const phone = await browser.newContext({ baseURL });
  const phoneHeaders = { 'X-Requested-With': 'XMLHttpRequest', 'User-Agent': ANDROID_CHROME };
  const signInPhone = async () =>
    expect((await phone.request.post('/api/login', { data: { username: 'lucia.rojas', password: 'otra-clave-segura-7' }, headers: phoneHeaders })).status()).toBe(200);
  await signInPhone();
  await person.goto('/mi-cuenta');
  await expect(person.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
  const sessions = person.getByTestId('open-session');
  await expect(sessions).toHaveCount(2);
  await expect(sessions.filter({ hasText: 'Esta sesión' })).toContainText('Chrome en Linux');
  await checkScreen(person, 'Mi cuenta', 'my-account');
  // At 200 % zoom on a phone (195 px) the other session's "Cerrar" goes below its details: nothing sideways, no word cut.
  await person.setViewportSize({ width: 195, height: 422 });
  expect(await person.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'Mi cuenta at 195 px: no sideways scroll').toBeLessThanOrEqual(0);
  expect(await brokenWords(person, '[data-testid="open-session"] p')).toEqual([]);
  await person.setViewportSize({ width: 1366, height: 768 });
  const endPhone = person.getByRole('button', { name: 'Cerrar la sesión de Chrome en Android' });
  await tabTo(person, endPhone);
  await person.keyboard.press('Enter');
  await expect(person.getByTestId('toast')).toContainText('Sesión cerrada');
  await expect(sessions).toHaveCount(1);
  expect((await phone.request.get('/api/user', { headers: phoneHeaders })).status()).toBe(401);
  await signInPhone();
  await person.getByRole('button', { name: 'Cerrar sesión en los demás dispositivos' }).click();
  await expect(person.getByTestId('toast').filter({ hasText: 'Se cerró 1 sesión en otro dispositivo.' })).toBeVisible();
  expect((await phone.request.get('/api/user', { headers: phoneHeaders })).status()).toBe(401);
  await phone.close();
  await person.getByLabel('Contraseña actual', { exact: true }).fill('no-es-la-clave');
  await person.getByLabel('Contraseña nueva', { exact: true }).fill('tercera-clave-segura');
  await person.getByLabel('Repite la contraseña', { exact: true }).fill('tercera-clave-segura');
  await person.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(person.getByText('La contraseña actual no es correcta')).toBeVisible();
  await person.getByLabel('Contraseña actual', { exact: true }).fill('otra-clave-segura-7');
  await person.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(person.getByTestId('toast')).toContainText('Contraseña cambiada');
  await person.reload();
  await expect(person.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
  await personContext.close();
});
