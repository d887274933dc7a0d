import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createFourQuestionTrivia, signInThroughApi } from './support/admin-api';
import { seriousViolations } from './support/axe';
import { moderateByKeyboard } from './support/moderation-keyboard';
import { playBundle, syncRankedResults } from './support/ranked-results';
import { DOCS_SCREENSHOTS, docsFullPageScreenshot } from './support/screenshot';

/** The seeded demo company. */
const DEMO_COMPANY = 1;
const SCHEMES = ['light', 'dark'] as const;
const WRITE = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

/** A trivia whose ranking holds Ana Tramposa and Beto Limpio, each with a synced, plausible result. */
async function rankedTrivia(page: Page, title: string) {
  await signInThroughApi(page);
  const group = await createFourQuestionTrivia(page, DEMO_COMPANY, `${title} ${Date.now()}`);
  await syncRankedResults(page, await playBundle(page, group.id), ['Ana Tramposa', 'Beto Limpio']);
  return group;
}

/** The names a public screen's ranking reads (`request`: signed out). */
const publicNames = async (request: APIRequestContext, groupId: number) =>
  ((await (await request.get(`/api/ranking?questionGroupId=${groupId}`)).json()) as { firstName: string }[]).map((e) => e.firstName);

test('an admin disqualifies a player from the ranking with a reason, sees it in "Descalificados" and restores it', async ({ page, request }) => {
  const group = await rankedTrivia(page, 'Moderación');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/ranking-admin?id=${group.id}`);
  const rows = page.getByTestId('ranking-row');
  await expect(rows).toHaveCount(2);
  const section = page.getByRole('region', { name: 'Descalificados' });
  await expect(section.getByText('No hay descalificados.')).toBeVisible();

  await page.getByRole('button', { name: 'Descalificar a Ana Tramposa' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Descalificar del ranking?' });
  // No reason: nothing is sent, the field says why.
  await dialog.getByRole('button', { name: 'Descalificar' }).click();
  await expect(dialog.getByText('Escribe el motivo')).toBeVisible();
  await dialog.getByRole('radio', { name: /El jugador en esta trivia/ }).check();
  await dialog.getByRole('textbox', { name: 'Motivo' }).fill('Jugó con dos documentos');
  await dialog.getByRole('button', { name: 'Descalificar' }).click();
  await expect(dialog).toHaveCount(0);

  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Beto Limpio');
  const entry = section.getByRole('listitem', { name: 'Descalificación de Ana Tramposa' });
  await expect(entry).toContainText('Todos sus resultados en esta trivia');
  await expect(entry).toContainText('Motivo: Jugó con dos documentos');
  await expect(entry).toContainText('Descalificado por Administrador Principal');
  expect(await publicNames(request, group.id)).toEqual(['Beto']);

  // The moderated ranking's pictures (docs/moderation.md).
  if (DOCS_SCREENSHOTS) {
    await docsFullPageScreenshot(page, 'moderation-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await docsFullPageScreenshot(page, 'moderation-390');
    await page.setViewportSize({ width: 1366, height: 900 });
  }

  await entry.getByRole('button', { name: 'Restaurar a Ana Tramposa' }).click();
  const restore = page.getByRole('dialog', { name: '¿Restaurar en el ranking?' });
  await restore.getByRole('textbox', { name: 'Motivo' }).fill('Documentos verificados');
  await restore.getByRole('button', { name: 'Restaurar' }).click();
  await expect(section.getByText('No hay descalificados.')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await section.getByText('Restaurados (1)').click();
  await expect(section).toContainText('Documentos verificados');
  expect((await publicNames(request, group.id)).sort()).toEqual(['Ana', 'Beto']);
});

test('moderation passes axe in light and dark and works by keyboard', async ({ page }) => {
  const group = await rankedTrivia(page, 'Moderación accesible');
  const ranking = (await (await page.request.get(`/api/ranking?questionGroupId=${group.id}`)).json()) as { id: number; firstName: string }[];
  const ana = ranking.find((e) => e.firstName === 'Ana')!;
  const made = await page.request.post('/api/ranking-disqualifications', { headers: WRITE, data: { attemptId: ana.id, scope: 'attempt', reason: 'Resultado imposible' } });
  expect(made.status()).toBe(201);
  const section = page.getByRole('region', { name: 'Descalificados' });

  // The screen reached once, the colour scheme switched in place.
  await page.goto(`/ranking-admin?id=${group.id}`);
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await expect(section.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByTestId('ranking-row')).toHaveCount(1);
    expect(await seriousViolations(page, colorScheme)).toEqual([]);
  }

  await moderateByKeyboard(page, { section, keep: 'Beto Limpio', restore: 'Ana Tramposa', dialogName: '¿Descalificar del ranking?', rows: page.getByTestId('ranking-row') });
});
