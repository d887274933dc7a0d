import { randomInt } from 'node:crypto';
import { expect, test } from './fixtures';
import type { Company, ConsentTextVersion, Location, PlayerData, QuestionGroup } from '../../contract';
import { PlayerPage } from './pages/player-page';
import { createFourQuestionTrivia, postJson, signInThroughApi } from './support/admin-api';
import { seriousViolations } from './support/axe';
import { DOCS_SCREENSHOTS, docsFullPageScreenshot, docsScreenshot } from './support/screenshot';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

const CONSENT_TEXT = 'Tus datos (nombre, documento y sede) se usan para el ranking de esta trivia.\nPuedes pedir que se borren en el stand.';

/**
 * A company of its own (the demo company's players register without consent in other specs), with
 * a data-treatment text: a kiosk offline shows it, refuses to register until the box is ticked,
 * queues the version and the time, and the server stores both once the kiosk is back online.
 */
test('consent is required and stored when registering offline', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signInThroughApi(page);
  const suffix = randomInt(100_000, 999_999);
  const company = await postJson<Company>(page, '/api/companies', { name: `Consentimiento ${suffix}` });
  const site = await postJson<Location>(page, '/api/locations', { name: 'Stand Consentimiento', companyId: company.id });
  const trivia: QuestionGroup = await createFourQuestionTrivia(page, company.id, `Trivia consentida ${suffix}`);

  // The admin writes the text on the company screen, under the company's sites: version 1.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/company');
  await page.getByRole('button', { name: `Ver sedes de ${company.name}` }).click();
  const panel = page.getByRole('region', { name: `Tratamiento de datos de ${company.name}` });
  await panel.getByLabel('Texto que el jugador acepta al registrarse').fill(CONSENT_TEXT);
  await panel.getByRole('button', { name: 'Guardar versión' }).click();
  await expect(panel.getByText(/Versión 1 · .* · admin · actual/)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Guardar versión' })).toBeDisabled();
  await panel.scrollIntoViewIfNeeded();
  await docsScreenshot(page, 'consent-company-desktop');
  expect(await seriousViolations(page, 'company consent panel (light)')).toEqual([]);
  const versions = (await (await page.request.get(`/api/companies/${company.id}/consent-texts`)).json()) as ConsentTextVersion[];
  expect(versions.map((v) => v.version)).toEqual([1]);
  await page.setViewportSize({ width: 1024, height: 768 });

  const player = new PlayerPage(page);
  await player.goto(trivia.id);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  await context.setOffline(true);

  const documentNumber = String(randomInt(1_000_000_000, 9_999_999_999));
  await player.enterDocument('Cédula de ciudadanía', documentNumber);
  await expect(player.register()).toBeVisible();
  const consentText = page.getByRole('region', { name: 'Texto de tratamiento de datos' });
  await expect(consentText).toContainText('se usan para el ranking');
  const box = page.getByRole('checkbox', { name: 'Acepto el tratamiento de mis datos personales' });
  await expect(box).not.toBeChecked();

  await player.fullName().fill('Consuelo Aceptante');
  await player.location().selectOption({ label: site.name });
  await player.register().click();
  await expect(page.getByTestId('field-error')).toHaveText(/Debes aceptar el tratamiento de datos personales para registrarte/);
  await expect(box).toBeFocused();
  await expect(player.register()).toBeVisible();

  // Only for the pictures: without the switch the widths are not visited.
  for (const [width, height, name] of DOCS_SCREENSHOTS
    ? ([
        [390, 844, 'phone'],
        [1024, 768, 'tablet'],
      ] as const)
    : []) {
    await page.setViewportSize({ width, height });
    await docsFullPageScreenshot(page, `consent-registration-${name}`);
  }
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousViolations(page, `registration with consent (${colorScheme})`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
  await player.register().click();
  await expect(player.start()).toBeVisible();

  const queued = (await player.outboxEntries()).find((entry) => entry.kind === 'player' && entry.payload.documentNumber === documentNumber);
  expect(queued?.payload).toMatchObject({ consentVersion: 1, consentedAt: expect.any(String) });
  const consentedAt = queued!.payload.consentedAt as string;

  await context.setOffline(false);
  await expect
    .poll(
      async () => {
        const reply = await page.request.get(`/api/player-data?documentTypeId=1&documentNumber=${documentNumber}`);
        return reply.ok() ? ((await reply.json()) as PlayerData).consent : null;
      },
      { timeout: 30_000 },
    )
    .toEqual({ companyId: company.id, companyName: company.name, version: 1, consentedAt: new Date(consentedAt).toISOString() });
});
