import { expect, test } from './fixtures';
import type { Company } from '../../contract';
import { CompaniesPage } from './pages/companies-page';
import { createFourQuestionTrivia, postJson, signInThroughApi } from './support/admin-api';
import { seedOnePersonThreeTimes } from './support/duplicate-players';
import type { Page } from '@playwright/test';
import { appQuery } from './support/app-database';
import { seriousViolations } from './support/axe';
import { DOCS_SCREENSHOTS, docsScreenshot } from './support/screenshot';
import { syncHeldResults } from './support/held-results';
import { testBundle } from './support/test-bundle';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

/**
 * Event time zones, read by an organiser in Bogotá: every admin screen shows an instant in the zone
 * of the company it belongs to, or the zone the companies chose when it belongs to none; and an
 * event run in Madrid reads Madrid's times on every screen and export, saying so where the reader's
 * own zone differs.
 */
test.use({ timezoneId: 'America/Bogota' });

const EVENT_ZONE = 'Europe/Madrid';
/** 'HH:mm' of an instant in the event's zone. */
const madridClock = (at: Date) => new Intl.DateTimeFormat('es-CO', { timeZone: EVENT_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
const madridOffset = (at: Date) =>
  new Intl.DateTimeFormat('es-CO', { timeZone: EVENT_ZONE, timeZoneName: 'shortOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')!.value;

/** The round of the example: played at 01:18 UTC on 6 December, 20:18 on 5 December in Bogotá. */
const PLAYED_AT = '2026-12-06T01:18:00.000Z';
const IN_BOGOTA = '5 de dic de 2026, 20:18';

/**
 * A company in Bogotá, a server in UTC (tests/e2e/fixtures.ts), an organiser reading in Bogotá: a
 * round played at 01:18 UTC reads 20:18 on 5 December on every admin screen, whether the instant
 * is the company's (the round, the registration at its site) or no one company's (a merge, a name
 * change, the phones' last result). First in this file: no other company of this server has chosen
 * a zone yet (the Madrid one comes after), so the installation's zone is Bogotá's.
 */
test('every admin screen reads a round played at 01:18 UTC as 20:18 on 5 December, the event\'s time in Bogotá', async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughApi(page);
  const stamp = Date.now();
  const company = await postJson<Company>(page, '/api/companies', { name: `Feria Bogotá ${stamp}`, timeZone: 'America/Bogota' });
  await postJson(page, '/api/locations', { name: 'Stand Chapinero', companyId: company.id });
  const group = await createFourQuestionTrivia(page, company.id, `Hora de Bogotá ${stamp}`);
  const bundle = await testBundle(group.id);
  // A phone's round, held for review (0 s), by a player registered at the company's site.
  const player = `Paula Noche ${stamp}`;
  const [attemptId] = await syncHeldResults(page, bundle, [player]);
  const [held] = await appQuery<{ player_id: number; document_number: string }>(
    `UPDATE player_attempts a SET started_at = $2, completed_at = $2 FROM players p WHERE a.id = $1 AND p.id = a.player_id RETURNING a.player_id, p.document_number`,
    [attemptId, PLAYED_AT],
  );
  const { player_id: playerId, document_number: documentNumber } = held!;
  await appQuery(`UPDATE players SET created_at = $2 WHERE id = $1`, [playerId, PLAYED_AT]);
  // The phones' line shows the latest phone's last result: every phone was last seen then.
  await appQuery(`UPDATE devices SET last_seen_at = $1 WHERE kiosk_setup_at IS NULL`, [PLAYED_AT]);
  // A registration of her document with another name: a name change, of no one event.
  const registration = { documentTypeId: bundle.documentTypes[0]!.id, documentNumber, locationId: bundle.locations[0]!.id };
  await postJson(page, '/api/players', { ...registration, fullName: `Paula Nueva ${stamp}` });
  await appQuery(`UPDATE player_name_changes SET created_at = $2 WHERE player_id = $1`, [playerId, PLAYED_AT]);
  // Two of one person's three players merged then; the third and the kept one still wait as a group.
  const { number, names } = await seedOnePersonThreeTimes(page, 'Hora');
  const ids = await appQuery<{ id: number }>(`SELECT id FROM players WHERE full_name = ANY($1::varchar[]) ORDER BY id`, [names]);
  const merge = await postJson<{ id: number }>(page, '/api/player-merges', { keepPlayerId: ids[0]!.id, playerIds: [ids[0]!.id, ids[1]!.id] });
  await appQuery(`UPDATE player_merges SET merged_at = $2 WHERE id = $1`, [merge.id, PLAYED_AT]);
  await appQuery(`UPDATE players SET created_at = $2 WHERE id = ANY($1::int[])`, [[ids[0]!.id, ids[2]!.id], PLAYED_AT]);

  const played = (scope: { locator: Page['locator'] }) => scope.locator(`time[datetime="${PLAYED_AT}"]`);
  // History: the round.
  await page.goto(`/players/${playerId}/history`);
  await expect(played(page)).toHaveText(IN_BOGOTA);
  await expect(played(page)).toHaveAttribute('title', 'Bogota (GMT-5)');
  // Datos personales: her registration.
  await page.goto('/player-data');
  await page.getByLabel('Tipo de documento').selectOption(String(registration.documentTypeId));
  await page.getByLabel('Número de documento').fill(documentNumber);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('heading', { name: player })).toBeVisible();
  await expect(played(page)).toHaveText(IN_BOGOTA);
  // The ranking's held result and the name change.
  await page.goto(`/ranking-admin?id=${group.id}`);
  await expect(played(page.getByRole('region', { name: 'Resultados en revisión' })).first()).toHaveText(IN_BOGOTA);
  await expect(played(page.getByRole('listitem', { name: `Cambio de nombre de ${player}` }))).toHaveText(IN_BOGOTA);
  // Merges: the waiting group's registrations and the merge.
  await page.goto('/player-merges');
  await expect(played(page.getByRole('region', { name: `CC ${number}` }))).toHaveText([IN_BOGOTA, IN_BOGOTA]);
  await expect(played(page.getByRole('region', { name: 'Uniones registradas' })).first()).toHaveText(IN_BOGOTA);
  // Dispositivos: the phones' last result.
  await page.goto('/devices');
  await expect(page.getByText(/teléfonos? \(sin modo kiosco\)/).locator('time')).toHaveText(IN_BOGOTA);
});

test("an organiser chooses the event's time zone; held results, the export and the big screen read their times there", async ({ page }) => {
  await signInThroughApi(page);
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
  // Only for the pictures: without the switch the widths are not visited.
  for (const [width, height, label] of DOCS_SCREENSHOTS ? ([[390, 844, 'phone'], [1024, 768, 'tablet'], [1366, 900, 'desktop']] as const) : []) {
    await page.setViewportSize({ width, height });
    await docsScreenshot(page, `company-time-zone-${label}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  // By keyboard: the select follows the description in the tab order.
  await companies.dialog().getByLabel('Descripción').focus();
  await page.keyboard.press('Tab');
  await expect(zone).toBeFocused();
  await companies.dialog().getByRole('button', { name: 'Guardar' }).click();
  // The row names the zone as the form's choice does: its place and offset.
  await expect(companies.row(name).getByTestId('company-time-zone')).toHaveText(`Madrid (${madridOffset(new Date())})`);
  await docsScreenshot(page, 'company-desktop');
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
    await docsScreenshot(page, `companies-zoom-200-${scheme}`);
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
