import { randomInt } from 'node:crypto';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Company, Location, QuestionGroup, TriviaRankingEntry } from '../../contract';
import { createFourQuestionTrivia, postJson } from './support/admin-api';
import { seriousViolations } from './support/axe';
import { adminPage, roundMutations } from './support/kiosk-round';
import { syncingKiosk } from './support/synced-kiosk';
import { playBundle } from './support/ranked-results';
import { docsFullPageScreenshot } from './support/screenshot';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

const WRITE = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

/** A player who played one round at a kiosk (every answer right), synced: ranked, in both exports. */
async function rankedPlayer(page: Page, trivia: QuestionGroup, fullName: string, documentNumber: string) {
  const bundle = await playBundle(page, trivia.id);
  const device = await syncingKiosk(page.request, trivia.id);
  const mutations = roundMutations(bundle, { fullName, documentNumber });
  const reply = await page.request.post('/api/sync', { headers: { ...WRITE, 'X-Device-Id': device.deviceId, 'X-Device-Secret': device.secret }, data: { mutations } });
  expect(((await reply.json()) as { results: { status: string }[] }).results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
}

test('an admin finds a player by document and anonymises them: the name leaves the rankings and the export; the screen passes axe light and dark', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await adminPage(browser, 'light');
  const suffix = randomInt(100_000, 999_999);
  const company = await postJson<Company>(page, '/api/companies', { name: `Borrado ${suffix}` });
  await postJson<Location>(page, '/api/locations', { name: 'Stand Borrado', companyId: company.id });
  const trivia = await createFourQuestionTrivia(page, company.id, `Trivia borrable ${suffix}`);
  const documentNumber = String(randomInt(1_000_000_000, 9_999_999_999));
  await rankedPlayer(page, trivia, 'Wenceslao Olvidable', documentNumber);

  const rankingNames = async () =>
    ((await (await page.request.get(`/api/ranking?questionGroupId=${trivia.id}`)).json()) as TriviaRankingEntry[]).map((e) => `${e.firstName} ${e.lastName}`);
  const exported = async () => (await page.request.get(`/api/question-groups/${trivia.id}/export-scores`)).text();
  expect(await rankingNames()).toEqual(['Wenceslao Olvidable']);

  // "Datos personales" from the dashboard's header.
  await page.goto('/');
  await page.getByRole('link', { name: 'Datos personales' }).click();
  await expect(page.getByRole('heading', { name: 'Datos personales', level: 1 })).toBeVisible();
  await page.getByLabel('Tipo de documento').selectOption({ index: 1 });
  await page.getByLabel('Número de documento').fill(documentNumber);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('heading', { name: 'Wenceslao Olvidable' })).toBeVisible();
  await expect(page.getByText('Stand Borrado')).toBeVisible();
  await docsFullPageScreenshot(page, 'player-data-desktop');
  expect(await seriousViolations(page, 'player data (light)')).toEqual([]);

  await page.getByRole('button', { name: 'Anonimizar datos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Anonimizar datos personales' });
  await expect(dialog.getByRole('button', { name: 'Anonimizar' })).toBeDisabled();
  expect(await seriousViolations(page, 'erase dialog (light)')).toEqual([]);
  await dialog.getByRole('textbox').fill(documentNumber);
  await dialog.getByRole('button', { name: 'Anonimizar' }).click();
  await expect(page.getByText('Los datos personales del jugador se borraron.')).toBeVisible();
  await expect(page.getByText(/anonimizado · 1 intento · admin/)).toBeVisible();

  expect(await rankingNames()).toEqual(['Jugador eliminado']);
  const csv = await exported();
  expect(csv).not.toContain('Wenceslao');
  expect(csv).not.toContain(documentNumber);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('No hay ningún jugador con ese documento.')).toBeVisible();

  // Dark: the same page, its colour scheme switched (docs/testing.md).
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/player-data');
  await expect(page.getByRole('heading', { name: 'Datos personales', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Borrados registrados' })).toBeVisible();
  await page.getByRole('button', { name: 'Buscar' }).click();
  expect(await seriousViolations(page, 'player data (dark)')).toEqual([]);
  await page.context().close();
});
