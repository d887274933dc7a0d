import { randomInt } from 'node:crypto';
import { expect, test } from './fixtures';
import type { Company, Location } from '../../contract';
import { postJson } from './support/admin-api';
import { appQuery } from './support/app-database';
import { seriousViolations } from './support/axe';
import { adminPage } from './support/kiosk-round';
import { DOCS_SCREENSHOTS, docsScreenshot } from './support/screenshot';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

/** The widths of the docs' pictures (DOCS_SCREENSHOTS=1). */
const WIDTHS = [
  [390, 844, 'phone'],
  [1024, 768, 'tablet'],
  [1366, 900, 'desktop'],
] as const;

test('"Unir jugadores" shows one number under two document types with its reason, merged only when the admin confirms; axe clean in light and dark', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await adminPage(browser, 'light');
  const suffix = randomInt(100_000, 999_999);
  const company = await postJson<Company>(page, '/api/companies', { name: `Tipos ${suffix}` });
  const site = await postJson<Location>(page, '/api/locations', { name: 'Stand Tipos', companyId: company.id });
  const number = String(randomInt(10_000_000, 99_999_999));
  const [cc, ce] = await appQuery<{ id: number }>(`SELECT id FROM document_types WHERE code IN ('CC', 'CE') ORDER BY code`);
  for (const [type, name] of [
    [cc!.id, `Rosa Elvira Prada ${suffix}`],
    [ce!.id, `Rosa Prada ${suffix}`],
  ] as const) {
    await appQuery(
      `INSERT INTO players (full_name, first_name, last_name, document_type_id, document_number, location_id) VALUES ($1, 'Rosa', 'Prada', $2, $3, $4)`,
      [name, type, number, site.id],
    );
  }

  await page.goto('/player-merges');
  const group = page.getByRole('region', { name: `CC / CE ${number}` });
  await expect(group).toContainText('Mismo número con otro tipo de documento');
  await expect(group).toContainText('Puede ser la misma persona');
  await expect(group).toContainText(`CE ${number}`);
  await expect(group.getByRole('radio')).toHaveCount(2);
  expect(await seriousViolations(page, 'merge screen, another type (light)')).toEqual([]);
  for (const [width, height, name] of DOCS_SCREENSHOTS ? WIDTHS : []) {
    await page.setViewportSize({ width, height });
    await group.scrollIntoViewIfNeeded();
    await docsScreenshot(group, `player-merges-other-type-${name}`);
  }

  await group.getByRole('button', { name: 'Unir 2 jugadores' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unir jugadores' });
  await expect(dialog).toContainText(`con el documento CC ${number}`);
  await expect(dialog).toContainText(`Rosa Prada ${suffix} (#`);
  expect(await seriousViolations(page, 'merge dialog, another type (light)')).toEqual([]);
  await page.keyboard.press('Escape');
  // Nothing merged by looking: both players are still there.
  expect(await appQuery(`SELECT id FROM players WHERE document_number = $1`, [number])).toHaveLength(2);

  // Dark: the same screen, the colour scheme switched in place (docs/testing.md).
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(group).toContainText('Mismo número con otro tipo de documento');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await seriousViolations(page, 'merge screen, another type (dark)')).toEqual([]);
  await group.getByRole('button', { name: 'Unir 2 jugadores' }).click();
  await expect(page.getByRole('dialog', { name: 'Unir jugadores' }).getByRole('heading')).toBeVisible();
  expect(await seriousViolations(page, 'merge dialog, another type (dark)')).toEqual([]);
  await page.keyboard.press('Escape');
  await page.context().close();
});
