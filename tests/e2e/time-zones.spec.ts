import { expect, test } from './fixtures';
import type { Company } from '../../contract';
import { LoginPage } from './pages/login-page';
import { CompaniesPage } from './pages/companies-page';
import { createFourQuestionTrivia, postJson } from './support/admin-api';
import { appQuery } from './support/app-database';
import { seriousViolations } from './support/axe';
import { syncHeldResults } from './support/held-results';
import { testBundle } from './support/test-bundle';

/**
 * An organiser in Bogotá runs an event in Madrid: the company's time zone is Madrid's, and every
 * screen and export reads the event's times there, saying so where the reader's own zone differs.
 */
test.use({ timezoneId: 'America/Bogota' });

const EVENT_ZONE = 'Europe/Madrid';
/** 'HH:mm' of an instant in the event's zone. */
const madridClock = (at: Date) => new Intl.DateTimeFormat('es-CO', { timeZone: EVENT_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
const madridOffset = (at: Date) =>
  new Intl.DateTimeFormat('es-CO', { timeZone: EVENT_ZONE, timeZoneName: 'shortOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')!.value;

test("an organiser chooses the event's time zone; held results, the export and the big screen read their times there", async ({ page }) => {
  await new LoginPage(page).signInAsAdmin();
  const companies = new CompaniesPage(page);
  const name = `Feria Madrid ${Date.now()}`;
  await companies.goto();
  await companies.createCompany(name, 'Stand en IFEMA');
  await expect(page.getByTestId('toast').getByText('Empresa creada correctamente')).toBeVisible();
  await companies.openEdit(name);
  const zone = companies.dialog().getByLabel('Zona horaria del evento');
  await expect(zone).toHaveValue('');
  await zone.selectOption(EVENT_ZONE);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await seriousViolations(page, `the company form with its time zone (${scheme})`, '[role="dialog"]')).toEqual([]);
  }
  for (const [width, height, label] of [[390, 844, 'phone'], [1024, 768, 'tablet'], [1366, 900, 'desktop']] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `docs/screenshots/company-time-zone-${label}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  // By keyboard: the select follows the description in the tab order.
  await companies.dialog().getByLabel('Descripción').focus();
  await page.keyboard.press('Tab');
  await expect(zone).toBeFocused();
  await companies.dialog().getByRole('button', { name: 'Guardar' }).click();
  // The row names the zone as the form's choice does: its place and offset.
  await expect(companies.row(name).getByTestId('company-time-zone')).toHaveText(`Madrid (${madridOffset(new Date())})`);
  await page.screenshot({ path: 'docs/screenshots/company-desktop.png' });
  // A laptop at 200 % zoom (1366 px wide, 683 CSS px): each company is a card, nothing is cut or scrolls sideways.
  await page.setViewportSize({ width: 683, height: 450 });
  const table = page.getByRole('table');
  // Scrolled down to the company (only down: a sideways scroll would hide what this checks).
  await companies.row(name).evaluate((row) => window.scrollTo(0, row.getBoundingClientRect().top + window.scrollY - 120));
  for (const scheme of ['light', 'dark'] as const) {
    // No theme was chosen on this browser: the open screen follows the system's as it changes.
    await page.emulateMedia({ colorScheme: scheme });
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(scheme === 'dark');
    await expect(companies.row(name).getByRole('button', { name: `Ver sedes de ${name}` })).toBeInViewport({ ratio: 1 });
    expect(await table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth)).toBe(0);
    await page.screenshot({ path: `docs/screenshots/companies-zoom-200-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1366, height: 900 });

  const company = (await (await page.request.get('/api/companies')).json()).find((c: Company) => c.name === name) as Company;
  await postJson(page, '/api/locations', { name: 'Pabellón 5', companyId: company.id });
  const group = await createFourQuestionTrivia(page, company.id, `Hora de Madrid ${Date.now()}`);
  const [attemptId] = await syncHeldResults(page, await testBundle(group.id), ['Lucía Horaria']);
  const [attempt] = await appQuery<{ started_at: Date }>(`SELECT started_at FROM player_attempts WHERE id = $1`, [attemptId]);
  const startedAt = attempt!.started_at;

  // The held result's start, in Madrid's time with Madrid's offset (the reader is in Bogotá).
  await page.goto(`/ranking-admin?id=${group.id}`);
  const held = page.getByRole('region', { name: 'Resultados en revisión' }).getByRole('listitem');
  const started = held.locator('time').first();
  await expect(started).toHaveAttribute('title', `Madrid (${madridOffset(startedAt)})`);
  await expect(started).toContainText(`${madridClock(startedAt)} (${madridOffset(startedAt)})`);

  // The export writes Madrid's time and names the zone in its header.
  const csv = await (await page.request.get(`/api/question-groups/${group.id}/export-scores`)).text();
  expect(csv).toContain(`Inicio (${EVENT_ZONE}),Finalización (${EVENT_ZONE})`);
  expect(csv).toContain(` ${madridClock(startedAt)}:`);

  // The big screen's clock is the event's.
  const before = new Date();
  await page.goto(`/pantalla/trivia/${group.id}`);
  const status = page.getByTestId('screen-status');
  await expect(status).toContainText('En vivo · ');
  const after = new Date();
  expect([madridClock(before), madridClock(after)]).toContain((await status.textContent())!.split('· ')[1]);
});
