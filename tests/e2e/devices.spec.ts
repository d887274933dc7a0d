import { randomInt, randomUUID } from 'node:crypto';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Campaign, Company, Location, QuestionGroup } from '../../contract';
import { createFourQuestionTrivia, postJson } from './support/admin-api';
import { appQuery } from './support/app-database';
import { seriousViolations } from './support/axe';
import { adminPage, roundMutations } from './support/kiosk-round';
import { setUpEarlier } from './support/synced-kiosk';
import { playBundle } from './support/ranked-results';
import { docsFullPageScreenshot } from './support/screenshot';
import { isoDay } from '../support/iso-day';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

const WRITE = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

/**
 * A tablet set up as a kiosk through a one-time link (as the setup form does it), that then pushes
 * one played round and, when `refused`, a registration the server refuses. The tablet is a browser
 * of its own: redeeming the link in the admin's browser would sign the admin out.
 */
async function kioskThatPlayed(page: Page, trivia: QuestionGroup, name: string, refused: boolean) {
  const context = await page.context().browser()!.newContext({ baseURL: new URL(page.url()).origin });
  const tablet = context.request;
  const device = (await (await tablet.post('/api/devices', { headers: WRITE, data: {} })).json()) as { deviceId: string; secret: string };
  const credentials = { ...WRITE, 'X-Device-Id': device.deviceId, 'X-Device-Secret': device.secret };
  const link = await postJson<{ path: string }>(page, `/api/question-groups/${trivia.id}/kiosk-setup`, {});
  const token = new URL(link.path, 'http://kiosk.test').searchParams.get('kiosk');
  const setup = await tablet.post('/api/kiosk-setup', { headers: credentials, data: { token, questionGroupId: trivia.id, name } });
  expect(setup.status()).toBe(200);
  // Set up two hours ago: the round it pushes was played since (docs/fair-play.md).
  await setUpEarlier(device.deviceId, trivia.id);

  const bundle = await playBundle(page, trivia.id);
  const locationId = bundle.locations[0]!.id;
  const mutations = [
    ...roundMutations(bundle, { fullName: 'Rosa Quintero', documentNumber: String(randomInt(1_000_000_000, 9_999_999_999)) }),
    // A document type that is not a number: refused with the schema's reason, the document masked.
    ...(refused ? [{ mutationId: 4, kind: 'player', payload: { clientId: randomUUID(), fullName: 'Pedro Rechazado', documentNumber: '5550001234', documentTypeId: 'CC', locationId } }] : []),
  ];
  const reply = await tablet.post('/api/sync', { headers: credentials, data: { mutations } });
  expect(((await reply.json()) as { results: { status: string }[] }).results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', ...(refused ? ['rejected'] : [])]);
  await context.close();
  return device.deviceId;
}

test('the devices screen lists a set-up kiosk with its counts and refusals, a kiosk silent for 2 h during its campaign first with its badge; keyboard, axe light and dark, screenshots', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await adminPage(browser);
  // The dashboard, from whose header the devices screen is reached.
  await page.goto('/');
  const suffix = randomInt(100_000, 999_999);
  const company = await postJson<Company>(page, '/api/companies', { name: `Feria ${suffix}` });
  await postJson<Location>(page, '/api/locations', { name: 'Pabellón azul', companyId: company.id });
  const trivia = await createFourQuestionTrivia(page, company.id, `Trivia de la feria ${suffix}`);
  const campaign = await postJson<Campaign>(page, '/api/campaigns', { name: `Feria de hoy ${suffix}`, companyId: company.id, startDate: isoDay(-1), endDate: isoDay(1) });
  await postJson(page, '/api/campaign-question-groups', { campaignId: campaign.id, questionGroupId: trivia.id });

  await kioskThatPlayed(page, trivia, 'Tableta del stand', false);
  const silent = await kioskThatPlayed(page, trivia, 'Tableta de la entrada', true);
  // The entrance tablet went quiet 2 h 10 min ago, set up the hour before.
  await appQuery(`UPDATE devices SET last_seen_at = now() - interval '130 minutes', kiosk_setup_at = now() - interval '190 minutes' WHERE id = $1`, [silent]);

  await page.getByRole('link', { name: 'Dispositivos' }).click();
  await expect(page.getByRole('heading', { name: 'Dispositivos', level: 1 })).toBeVisible();
  await page.getByLabel('Empresa').selectOption({ label: company.name });
  await expect(page).toHaveURL(new RegExp(`company=${company.id}`));
  await expect(page.getByRole('heading', { name: /^2 kioscos · 1 sin conexión$/, level: 2 })).toBeVisible();

  const kiosks = page.getByRole('list', { name: 'Kioscos' }).getByRole('article');
  await expect(kiosks).toHaveCount(2);
  const first = kiosks.nth(0);
  await expect(first.getByRole('heading', { level: 3 })).toHaveText('Tableta de la entrada');
  await expect(first.getByText('Sin conexión desde hace 2 h', { exact: true })).toBeVisible();
  await expect(first.getByText(`Trivia de la feria ${suffix}`)).toBeVisible();
  await expect(first.getByText('1 rechazada')).toBeVisible();
  const counts = first.getByRole('table');
  await expect(counts.getByRole('row', { name: /^Registros/ })).toHaveText(/Registros\s*1\s*0\s*0\s*1/);
  await expect(counts.getByRole('row', { name: /^Resultados/ })).toHaveText(/Resultados\s*1\s*0\s*0\s*0/);
  await expect(counts.getByRole('row', { name: /^Total/ })).toHaveText(/Total\s*3\s*0\s*0\s*1/);
  // What it sent, in the rounds staff count (three writes make one round), as its badge says.
  await expect(first.getByRole('definition').filter({ hasText: /partida/ })).toHaveText('1 partida');
  const second = kiosks.nth(1);
  await expect(second.getByRole('heading', { level: 3 })).toHaveText('Tableta del stand');
  await expect(second.getByText(/Sin conexión/)).toHaveCount(0);
  await expect(second.getByRole('row', { name: /^Total/ })).toHaveText(/Total\s*3\s*0\s*0/);
  expect(await seriousViolations(page, 'devices (light)')).toEqual([]);

  // Keyboard: from the company filter, Tab reaches the refusals' button; Enter opens them.
  await page.getByLabel('Empresa').focus();
  const toggle = first.getByRole('button', { name: 'Ver rechazadas (1)' });
  for (let i = 0; i < 10 && !(await toggle.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const refusal = first.getByRole('listitem').filter({ hasText: 'operación 4' });
  await expect(refusal).toContainText('Registro · operación 4');
  await expect(refusal).toContainText('fullName: Pedro Rechazado');
  await expect(refusal).toContainText('documentNumber: *******234');
  await expect(refusal).not.toContainText('5550001234');
  expect(await seriousViolations(page, 'devices, refusals open (light)')).toEqual([]);
  await docsFullPageScreenshot(page, 'devices-desktop');
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  // The same screen on a phone and a tablet, then in dark mode: the device switched in place, as the admin app follows it (docs/testing.md).
  for (const [width, name] of [
    [390, 'phone'],
    [1024, 'tablet'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    await expect(page.getByText('Sin conexión desde hace 2 h', { exact: true })).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await docsFullPageScreenshot(page, `devices-${name}`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html.dark')).toHaveCount(1);
  await page.getByRole('button', { name: 'Ver rechazadas (1)' }).click({ timeout: 30_000 });
  await expect(page.getByText('fullName: Pedro Rechazado')).toBeVisible();
  expect(await seriousViolations(page, 'devices (dark)')).toEqual([]);
});

test('the devices screen says so when a company has no kiosks, and when the server refuses the list', async ({ browser }) => {
  const page = await adminPage(browser);
  const company = await postJson<Company>(page, '/api/companies', { name: `Sin kioscos ${randomInt(100_000, 999_999)}` });
  await page.goto(`/devices?company=${company.id}`);
  await expect(page.getByText('Esta empresa no tiene kioscos configurados')).toBeVisible();

  // A page number edited into the address past what the API pages through: the server's 400, shown as the error state.
  await page.goto(`/devices?company=${company.id}&page=30000`);
  await expect(page.getByRole('alert')).toContainText('No se pudieron cargar los dispositivos');
  await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible();
});
