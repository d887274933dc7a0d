import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Campaign } from '../../contract';
import { createFourQuestionTrivia, postJson, signInThroughApi } from './support/admin-api';
import { seriousViolations } from './support/axe';
import { moderateByKeyboard } from './support/moderation-keyboard';
import { docsFullPageScreenshot } from './support/screenshot';
import { playBundle, syncRankedResults } from './support/ranked-results';
import { isoDay } from '../support/iso-day';

/** The seeded demo company. */
const DEMO_COMPANY = 1;
const SCHEMES = ['light', 'dark'] as const;

/** A campaign of two trivias, both played by Ana Tramposa and Beto Limpio (the same documents at both). */
async function moderatedCampaign(page: Page, title: string) {
  await signInThroughApi(page);
  const suffix = Date.now();
  // Two cédulas (digits only: the identity rule drops anything else).
  const documents = [`1${suffix}`, `2${suffix}`];
  const trivias = [
    await createFourQuestionTrivia(page, DEMO_COMPANY, `${title} uno ${suffix}`),
    await createFourQuestionTrivia(page, DEMO_COMPANY, `${title} dos ${suffix}`),
  ];
  for (const trivia of trivias) await syncRankedResults(page, await playBundle(page, trivia.id), ['Ana Tramposa', 'Beto Limpio'], 30, documents);
  const campaign = await postJson<Campaign>(page, '/api/campaigns', { name: `${title} ${suffix}`, companyId: DEMO_COMPANY, startDate: isoDay(-1), endDate: isoDay(1) });
  for (const trivia of trivias) await postJson(page, '/api/campaign-question-groups', { campaignId: campaign.id, questionGroupId: trivia.id });
  return { campaign, trivias };
}

/** The first names a signed-out screen reads: a trivia's public ranking, or the public campaign ranking (cached a few seconds). */
const triviaNames = async (request: APIRequestContext, groupId: number) =>
  ((await (await request.get(`/api/ranking?questionGroupId=${groupId}`)).json()) as { firstName: string }[]).map((e) => e.firstName).sort();
const campaignNames = async (request: APIRequestContext, campaignId: number) =>
  ((await (await request.get(`/api/public/campaigns/${campaignId}/ranking`)).json()) as { firstName: string }[]).map((e) => e.firstName).sort();

test('an admin disqualifies a player from the campaign ranking: out of the campaign and of every trivia; one restoration brings them back', async ({
  page,
  request,
}) => {
  const { campaign, trivias } = await moderatedCampaign(page, 'Campaña moderada');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/campaigns/${campaign.id}/ranking`);
  const rows = page.getByTestId('campaign-ranking-row');
  await expect(rows).toHaveCount(2);
  const section = page.getByRole('region', { name: 'Descalificados' });
  await expect(section.getByText('No hay descalificados.')).toBeVisible();

  await page.getByRole('button', { name: 'Descalificar a Ana Tramposa' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Descalificar de la campaña?' });
  await dialog.getByRole('button', { name: 'Descalificar' }).click();
  await expect(dialog.getByText('Escribe el motivo')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Motivo' }).fill('Jugó con el documento de otra persona');
  await dialog.getByRole('button', { name: 'Descalificar' }).click();
  await expect(dialog).toHaveCount(0);

  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Beto Limpio');
  const entry = section.getByRole('listitem', { name: 'Descalificación de Ana Tramposa' });
  await expect(entry).toContainText('En la campaña (2 trivias)');
  await expect(entry).toContainText('Motivo: Jugó con el documento de otra persona');
  await expect(entry).toContainText('Descalificado por Administrador Principal');
  for (const trivia of trivias) expect(await triviaNames(request, trivia.id)).toEqual(['Beto']);
  await expect.poll(() => campaignNames(request, campaign.id), { timeout: 15_000 }).toEqual(['Beto']);
  await docsFullPageScreenshot(page, 'campaign-moderation-1366');

  // The trivia's own admin ranking shows the decision as made from the campaign.
  await page.goto(`/ranking-admin?id=${trivias[1]!.id}`);
  const triviaEntry = page.getByRole('region', { name: 'Descalificados' }).getByRole('listitem', { name: 'Descalificación de Ana Tramposa' });
  await expect(triviaEntry).toContainText(`Desde la campaña «${campaign.name}»`);

  await page.goto(`/campaigns/${campaign.id}/ranking`);
  await entry.getByRole('button', { name: 'Restaurar a Ana Tramposa' }).click();
  const restore = page.getByRole('dialog', { name: '¿Restaurar en el ranking?' });
  await expect(restore).toContainText('y en el ranking de la campaña');
  await restore.getByRole('textbox', { name: 'Motivo' }).fill('Documento verificado');
  await restore.getByRole('button', { name: 'Restaurar' }).click();
  await expect(section.getByText('No hay descalificados.')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await section.getByText('Restaurados (1)').click();
  await expect(section).toContainText('Documento verificado');
  for (const trivia of trivias) expect(await triviaNames(request, trivia.id)).toEqual(['Ana', 'Beto']);
  await expect.poll(() => campaignNames(request, campaign.id), { timeout: 15_000 }).toEqual(['Ana', 'Beto']);
});

test('campaign moderation passes axe in light and dark and works by keyboard', async ({ page }) => {
  const { campaign } = await moderatedCampaign(page, 'Campaña accesible');
  const ranking = (await (await page.request.get(`/api/campaigns/${campaign.id}/ranking`)).json()) as { playerId: number; firstName: string }[];
  const ana = ranking.find((e) => e.firstName === 'Ana')!;
  await postJson(page, `/api/campaigns/${campaign.id}/disqualifications`, { playerId: ana.playerId, reason: 'Resultados imposibles' });
  const section = page.getByRole('region', { name: 'Descalificados' });

  // The screen reached once, the colour scheme switched in place.
  await page.goto(`/campaigns/${campaign.id}/ranking`);
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await expect(section.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByTestId('campaign-ranking-row')).toHaveCount(1);
    expect(await seriousViolations(page, colorScheme)).toEqual([]);
  }

  await moderateByKeyboard(page, { section, keep: 'Beto Limpio', restore: 'Ana Tramposa', dialogName: '¿Descalificar de la campaña?', rows: page.getByTestId('campaign-ranking-row') });
});
