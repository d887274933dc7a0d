import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import type { InviteReply } from '../../contract';
import { expect, test } from './fixtures';
import { LoginPage } from './pages/login-page';
import { postJson } from './support/admin-api';
import { tabTo } from './support/axe';
import { decodeQr } from './support/qr';
import { checkLightAndDark } from './support/light-and-dark';

/** Axe in light and dark, the docs' pictures at three widths, and nothing sideways at 200 % zoom on a phone (195 px). */
async function checkScreen(page: Page, screen: string, shot: string) {
  await checkLightAndDark(page, screen, shot);
  await page.setViewportSize({ width: 195, height: 422 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${screen} at 195 px: no sideways scroll`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1366, height: 768 });
}

/** A code of the app `steps` 30-second steps from now (the server accepts one step either side of its clock). */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

const PASSWORD = 'lentejas-con-arroz-y-faro';

test('an owner chooses a password with the strength meter, turns two-step sign-in on in "Mi cuenta", and signs in again with a code', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await new LoginPage(page).signInAsAdmin();
  const { link } = await postJson<InviteReply>(page, '/api/users', { username: 'sofia.vera', firstName: 'Sofía', lastName: 'Vera', email: 'sofia@ferias.co' });

  // The invitation page: the meter follows the rule as she types; her own name and the year are refused before any request.
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const person = await context.newPage();
  await person.goto(link.path);
  const meter = person.getByRole('meter', { name: 'Seguridad de la contraseña' });
  await expect(person.getByTestId('password-strength-label')).toHaveText('Escribe una contraseña');
  await person.getByLabel('Contraseña nueva', { exact: true }).fill('sofiavera2026');
  await expect(meter).toHaveAttribute('aria-valuetext', /débil/i);
  await expect(person.getByTestId('password-strength')).toContainText('datos personales');
  await person.getByLabel('Repite la contraseña', { exact: true }).fill('sofiavera2026');
  await person.getByRole('button', { name: 'Crear mi contraseña y entrar' }).click();
  await expect(person.getByRole('alert')).toContainText('Esta contraseña es fácil de adivinar');
  await checkScreen(person, 'account link page with a weak password', 'password-strength');
  await person.getByLabel('Contraseña nueva', { exact: true }).fill(PASSWORD);
  await expect(meter).toHaveAttribute('aria-valuetext', 'Muy buena');
  await person.getByLabel('Repite la contraseña', { exact: true }).fill(PASSWORD);
  await person.getByRole('button', { name: 'Crear mi contraseña y entrar' }).click();
  await expect(person).toHaveURL(/\/$/);

  // "Mi cuenta", by keyboard: the QR code holds the key also shown as text; the app's first code turns it on.
  await person.goto('/mi-cuenta');
  const card = person.getByRole('region', { name: 'Verificación en dos pasos' });
  await expect(card).toContainText('Estado: desactivada');
  await tabTo(person, card.getByRole('button', { name: 'Activar la verificación en dos pasos' }));
  await person.keyboard.press('Enter');
  const secret = (await card.getByTestId('second-factor-secret').textContent())!.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(await decodeQr(card.getByTestId('second-factor-qr'))).toBe(`otpauth://totp/Triviando:sofia.vera?secret=${secret}&issuer=Triviando`);
  await checkScreen(person, 'two-step sign-in set-up', 'second-factor-setup');
  await tabTo(person, card.getByLabel('Código de la aplicación'));
  await person.keyboard.type(await codeAt(secret, -10)); // five minutes old
  await person.keyboard.press('Enter');
  await expect(card.getByRole('alert')).toHaveText('El código no es correcto o ya se usó');
  await card.getByLabel('Código de la aplicación').fill(await codeAt(secret));
  await person.keyboard.press('Enter');
  await expect(card.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await checkScreen(person, 'recovery codes', 'second-factor-codes');
  await card.getByRole('button', { name: 'Ya los guardé' }).click();
  await expect(card.getByTestId('second-factor-state')).toContainText('activada');
  await expect(card.getByTestId('second-factor-state')).toContainText('Te quedan 10 códigos de recuperación');
  await checkScreen(person, 'Mi cuenta with two-step sign-in on', 'second-factor-on');

  // Signed out, the password alone is not enough: the code step asks for the app's code.
  await person.goto('/');
  await person.getByRole('button', { name: 'Logout' }).click();
  await expect(person).toHaveURL(/\/auth$/);
  await new LoginPage(person).signIn('sofia.vera', PASSWORD);
  const step = person.getByRole('form', { name: 'Verificación en dos pasos' });
  await expect(step.getByLabel('Código')).toBeFocused();
  await expect(person.getByTestId('toast')).toHaveCount(0);
  await checkScreen(person, 'sign-in code step', 'login-second-factor');
  await person.keyboard.type(await codeAt(secret, -10)); // five minutes old
  await person.keyboard.press('Enter');
  await expect(step.getByRole('alert')).toHaveText('El código no es correcto o ya se usó');
  await step.getByLabel('Código').fill(await codeAt(secret, 1));
  await person.keyboard.press('Enter');
  await expect(person).toHaveURL(/\/$/);
  expect((await (await person.request.get('/api/user')).json()).username).toBe('sofia.vera');
  await context.close();
});
