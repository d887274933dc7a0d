import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { COMPANY_ROLE_HELP, MEMBER_NEEDS_COMPANY, type Company } from '../../contract';
import { expect, test } from './fixtures';
import { postJson, signInThroughApi } from './support/admin-api';
import { seriousViolations, tabTo } from './support/axe';
import { decodeQr } from './support/qr';
import { DOCS_SCREENSHOTS, docsFullPageScreenshot, docsScreenshot } from './support/screenshot';
import { brokenWords } from './support/text-lines';

/** The widths of the docs' pictures; none visited without DOCS_SCREENSHOTS=1. */
const SHOT_SIZES = DOCS_SCREENSHOTS ? ([[390, 844, 'phone'], [1024, 768, 'tablet'], [1366, 768, 'desktop']] as const) : [];
const SCHEMES = ['light', 'dark'] as const;
type StorageState = BrowserContextOptions['storageState'];

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

/** Nothing scrolls sideways or reaches past `scope`'s right edge, no word of its texts is broken across lines, axe finds nothing serious. */
async function fitsWhole(page: Page, scope: string, where: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${where}: no sideways scroll`).toBeLessThanOrEqual(0);
  const past = (el: Element) => [...el.querySelectorAll('*')].filter((child) => child.getBoundingClientRect().right > el.getBoundingClientRect().right + 0.5).length;
  expect(await page.locator(scope).evaluate(past), `${where}: nothing past its edge`).toBe(0);
  expect(await brokenWords(page, `${scope} p, ${scope} span:not(:has(span))`), `${where}: broken words`).toEqual([]);
  expect(await seriousViolations(page, where, scope === 'main' ? undefined : scope)).toEqual([]);
}

/**
 * "Usuarios", "Invitar usuario" with two companies and "Cambiar acceso" at 200 % zoom on a 390 px
 * phone (195 CSS px at twice the density): in light, and in dark too for the docs' pictures.
 */
async function checkZoomed(browser: Browser, baseURL: string | undefined, storageState: StorageState) {
  for (const colorScheme of DOCS_SCREENSHOTS ? SCHEMES : (['light'] as const)) {
    const context = await browser.newContext({ baseURL, locale: 'es-CO', viewport: { width: 195, height: 422 }, deviceScaleFactor: 2, colorScheme, reducedMotion: 'reduce', storageState });
    const page = await context.newPage();
    await page.goto('/usuarios');
    await expect(page.getByTestId('user-card')).toHaveCount(2);
    await fitsWhole(page, 'main', `Usuarios at 200 % zoom (${colorScheme})`);
    await docsFullPageScreenshot(page, `users-zoom-200-phone-${colorScheme}`);

    await page.getByRole('button', { name: 'Invitar usuario' }).click();
    const invite = page.getByRole('dialog', { name: 'Invitar usuario' });
    const rows = invite.getByTestId('access-row');
    await rows.getByLabel('Empresa', { exact: true }).selectOption({ label: 'Acme Bebidas' });
    await invite.getByRole('button', { name: 'Añadir empresa' }).click();
    await rows.nth(1).getByLabel('Empresa', { exact: true }).selectOption({ label: 'Zeta Eventos' });
    await rows.nth(0).evaluate((row) => row.scrollIntoView({ block: 'start' }));
    await fitsWhole(page, '[role="dialog"]', `Invitar usuario at 200 % zoom (${colorScheme})`);
    await docsScreenshot(page, `users-invite-zoom-200-phone-${colorScheme}`);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: `Más acciones de ${PERSON}` }).click();
    await page.getByRole('menuitem', { name: 'Cambiar acceso', exact: true }).click();
    const accessRows = page.getByRole('dialog', { name: 'Cambiar acceso' }).getByTestId('access-row');
    await expect(accessRows).toHaveCount(1);
    await accessRows.evaluate((row) => row.scrollIntoView({ block: 'start' }));
    await fitsWhole(page, '[role="dialog"]', `Cambiar acceso at 200 % zoom (${colorScheme})`);
    await docsScreenshot(page, `users-access-zoom-200-phone-${colorScheme}`);
    await context.close();
  }
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

test('an owner invites a person by link with a role per company and changes it; disabling signs them out at their next request; a reset link works once; the last owner cannot be disabled nor demoted', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInThroughApi(page);
  const acme = await postJson<Company>(page, '/api/companies', { name: 'Acme Bebidas', description: 'Cliente de la feria' });
  await postJson<Company>(page, '/api/companies', { name: 'Zeta Eventos', description: 'Cliente de la feria' });

  // "Usuarios" from the dashboard's header, then "Invitar usuario", by keyboard.
  await page.goto('/');
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
  // "Acceso": by company, the choice with the least reach, is already chosen; a row per company, by keyboard.
  const byCompany = inviteDialog.getByRole('radio', { name: /^Por empresa/ });
  await expect(byCompany).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(byCompany).toBeFocused();
  const rows = inviteDialog.getByTestId('access-row');
  await page.keyboard.press('Tab');
  await expect(rows.nth(0).getByLabel('Empresa', { exact: true })).toBeFocused();
  await rows.nth(0).getByLabel('Empresa', { exact: true }).selectOption({ label: 'Acme Bebidas' });
  await page.keyboard.press('Tab');
  await expect(rows.nth(0).getByLabel('Rol', { exact: true })).toBeFocused();
  await rows.nth(0).getByLabel('Rol', { exact: true }).selectOption({ label: 'Organizador' });
  await expect(rows.nth(0)).toContainText(COMPANY_ROLE_HELP.organiser);
  await tabTo(page, inviteDialog.getByRole('button', { name: 'Añadir empresa' }));
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).getByRole('option', { name: 'Acme Bebidas' })).toBeDisabled();
  await expect(rows.nth(1).getByLabel('Rol', { exact: true })).toHaveValue('viewer');
  await inviteDialog.getByRole('button', { name: 'Crear invitación' }).click();
  await expect(rows.nth(1)).toContainText('La empresa es requerida');
  await rows.nth(1).getByLabel('Empresa', { exact: true }).selectOption({ label: 'Zeta Eventos' });
  await rows.nth(0).scrollIntoViewIfNeeded();
  await checkScreen(page, 'invite dialog', 'users-invite', { dialog: true });
  await tabTo(page, inviteDialog.getByRole('button', { name: 'Crear invitación' }));
  await page.keyboard.press('Enter');

  const linkDialog = page.getByRole('dialog', { name: 'Invitación creada' });
  const invitation = await linkDialog.getByTestId('account-link').inputValue();
  expect(invitation).toMatch(/\/cuenta\/[A-Za-z0-9_-]{32}$/);
  await expect.poll(() => decodeQr(linkDialog.getByTestId('account-link-qr'))).toBe(invitation);
  await checkScreen(page, 'invitation link dialog', 'users-invite-link', { dialog: true });
  await page.keyboard.press('Escape');
  const personCard = page.getByTestId('user-card').filter({ hasText: PERSON });
  await expect(personCard.getByTestId('user-status')).toHaveText('Invitado');
  await expect(personCard.getByTestId('user-access').getByRole('listitem')).toHaveText(['Acme Bebidas· Organizador', 'Zeta Eventos· Cliente (solo lectura)']);
  await expect(page.getByTestId('user-card').filter({ hasText: 'Administrador Principal' }).getByTestId('user-access')).toHaveText('Acceso:Propietario · toda la instalación');
  await checkScreen(page, 'Usuarios', 'users');

  // The person, in a browser of their own: who invites them and as what; they choose a password and are signed in.
  const personContext = await browser.newContext({ baseURL, locale: 'es-CO', viewport: { width: 1366, height: 768 } });
  const person = await personContext.newPage();
  await person.goto(invitation);
  await expect(person.getByRole('heading', { level: 1, name: 'Hola, Lucía' })).toBeVisible();
  await expect(person.getByTestId('account-link-intro')).toContainText('Administrador Principal te invita a administrar Triviando en estas empresas');
  await expect(person.getByTestId('account-link-access').getByRole('listitem')).toHaveText([
    `Acme Bebidas · Organizador${COMPANY_ROLE_HELP.organiser}`,
    `Zeta Eventos · Cliente (solo lectura)${COMPANY_ROLE_HELP.viewer}`,
  ]);
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
  await expect(person.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Trivias' })).toBeVisible();

  // The owner disables her: her next request signs her out.
  await page.reload();
  await expect(page.getByTestId('user-card').filter({ hasText: PERSON }).getByTestId('user-status')).toHaveText('Activo');
  await userAction(page, PERSON, 'Desactivar');
  await expect(page.getByTestId('user-card').filter({ hasText: PERSON }).getByTestId('user-status')).toHaveText('Desactivado');
  await person.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Trivias' }).click();
  await expect(person).toHaveURL(/\/auth$/);

  // The last active owner: "Desactivar" and "Eliminar" say why not, and the server refuses anyway.
  await page.getByRole('button', { name: 'Más acciones de Administrador Principal' }).click();
  for (const item of ['Cambiar acceso', 'Desactivar', 'Eliminar']) {
    const lastOwner = page.getByRole('menuitem', { name: item, exact: true });
    await expect(lastOwner).toHaveAttribute('aria-disabled', 'true');
    await expect(lastOwner).toContainText('Es el último propietario activo');
  }
  await page.keyboard.press('Escape');
  const refusals = await page.evaluate(async (companyId) => {
    const me = await (await fetch('/api/user')).json();
    const headers = { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' };
    const disable = await fetch(`/api/users/${me.id}/disable`, { method: 'POST', headers });
    const body = JSON.stringify({ role: 'member', companies: [{ companyId, role: 'organiser' }] });
    const demote = await fetch(`/api/users/${me.id}/access`, { method: 'PUT', headers, body });
    return [(await disable.json()).code, disable.status, (await demote.json()).code, demote.status];
  }, acme.id);
  expect(refusals).toEqual(['last_owner', 409, 'last_owner', 409]);

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

  // "Cambiar acceso": Zeta taken away, staff at Acme; her same session's next request has the new access.
  await userAction(page, PERSON, 'Cambiar acceso');
  const accessDialog = page.getByRole('dialog', { name: 'Cambiar acceso' });
  const accessRows = accessDialog.getByTestId('access-row');
  await expect(accessRows.nth(0).getByLabel('Empresa', { exact: true })).toHaveValue(String(acme.id));
  await expect(accessRows.nth(0).getByLabel('Rol', { exact: true })).toHaveValue('organiser');
  await expect(accessRows.nth(1).getByLabel('Rol', { exact: true })).toHaveValue('viewer');
  await tabTo(page, accessDialog.getByRole('button', { name: 'Quitar Zeta Eventos' }));
  await page.keyboard.press('Enter');
  await expect(accessRows).toHaveCount(1);
  // Without any company a member would reach nothing: the dialog asks for one.
  await accessDialog.getByRole('button', { name: 'Quitar Acme Bebidas' }).click();
  await accessDialog.getByRole('button', { name: 'Guardar acceso' }).click();
  await expect(accessDialog.getByRole('alert')).toHaveText(MEMBER_NEEDS_COMPANY);
  await accessDialog.getByRole('button', { name: 'Añadir empresa' }).click();
  await accessRows.getByLabel('Empresa', { exact: true }).selectOption({ label: 'Acme Bebidas' });
  await accessRows.getByLabel('Rol', { exact: true }).selectOption({ label: 'Personal del evento' });
  await checkScreen(page, 'change access dialog', 'users-access', { dialog: true });
  await tabTo(page, accessDialog.getByRole('button', { name: 'Guardar acceso' }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toast')).toContainText('Acceso de Lucía Rojas cambiado');
  await expect(personCard.getByTestId('user-access').getByRole('listitem')).toHaveText(['Acme Bebidas· Personal del evento']);
  expect((await (await person.request.get('/api/user')).json()).companies).toEqual([{ companyId: acme.id, role: 'staff' }]);
  await checkZoomed(browser, baseURL, await page.context().storageState());

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
