import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Campaign, Company } from '../../contract';
import { createFourQuestionTrivia, postJson, signInThroughApi } from './support/admin-api';
import { appQuery } from './support/app-database';
import { tabTo } from './support/axe';
import { playBundle, syncRankedResults } from './support/ranked-results';
import { reviewScreen } from './support/screen-review';
import { docsScreenshot } from './support/screenshot';
import { seedOnePersonThreeTimes } from './support/duplicate-players';
import { holdOnPhones } from './support/narrow-screens';
import { isoDay } from '../support/iso-day';

/** A campaign of two trivias: all four players finished the first (100), Ana and Beto the second (50). */
async function seedCampaign(page: Page) {
  const stamp = Date.now();
  const company = await postJson<Company>(page, '/api/companies', { name: `Campaña análisis ${stamp}`, description: 'Feria' });
  await postJson(page, '/api/locations', { name: 'Stand Campaña', companyId: company.id });
  const first = await createFourQuestionTrivia(page, company.id, `Primera ${stamp}`);
  const second = await createFourQuestionTrivia(page, company.id, `Segunda ${stamp}`);
  const documents = [1, 2, 3, 4].map((n) => `${n}${stamp % 1_000_000_000}`);
  const names = ['Ana Uno', 'Beto Dos', 'Carla Tres', 'Dario Cuatro'];
  // All four get every answer of the first trivia; Ana and Beto play the second and get half of it.
  await syncRankedResults(page, await playBundle(page, first.id), names, 30, documents);
  await syncRankedResults(page, await playBundle(page, second.id), names.slice(0, 2), 30, documents.slice(0, 2), (q) => (q < 2 ? 0 : 1));
  const campaign = await postJson<Campaign>(page, '/api/campaigns', { name: `Campaña ${stamp}`, companyId: company.id, startDate: isoDay(-1), endDate: isoDay(1) });
  for (const trivia of [first, second]) await postJson(page, '/api/campaign-question-groups', { campaignId: campaign.id, questionGroupId: trivia.id });
  return { stamp, campaign, first, second };
}

/**
 * A campaign's "Análisis": reached by keyboard from its ranking; its trivias' players, how many
 * trivias each player finished and the spread of totals as the organiser reads them, axe clean in
 * light and dark, at a phone's, a tablet's and a desktop's width.
 */
test('the campaign analysis shows each trivia\'s players, trivias finished and the spread of totals, by keyboard, axe clean in light and dark', async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughApi(page);
  const { stamp, campaign, second } = await seedCampaign(page);

  await page.goto(`/campaigns/${campaign.id}/ranking`);
  const link = page.getByRole('link', { name: 'Análisis' });
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaign.id}/analysis$`));
  await expect(page.getByRole('heading', { level: 1, name: `Análisis: Campaña ${stamp}` })).toBeVisible();
  await expect(page.getByTestId('campaign-analysis-summary')).toHaveText('4 jugadores en el ranking de la campaña.');

  const trivias = page.getByTestId('campaign-trivias').getByRole('row');
  // Weight 10 each (the default); the first trivia's four players scored 100, the second's two 50.
  await expect(trivias.nth(1).getByRole('cell')).toHaveText(['10', '4', '100', /Preguntas/]);
  await expect(trivias.nth(2).getByRole('cell')).toHaveText(['10', '2', '50', /Preguntas/]);
  const completion = page.getByTestId('campaign-completion');
  await expect(completion.getByRole('row', { name: /^1 de 2/ }).getByRole('cell')).toHaveText('2');
  await expect(completion.getByRole('row', { name: /^2 de 2/ }).getByRole('cell')).toHaveText('2');
  // Highest total 2000 in bands of 200: Carla and Dario at 1000, Ana and Beto at 1500.
  const totals = page.getByTestId('campaign-totals');
  await expect(totals.getByRole('caption')).toHaveText('Puntaje total (máximo 2000 pts)');
  await expect(totals.getByRole('row', { name: /^1000–1200/ }).getByRole('cell')).toHaveText('2');
  await expect(totals.getByRole('row', { name: /^1400–1600/ }).getByRole('cell')).toHaveText('2');
  await expect(totals.getByRole('row', { name: /^0–200/ }).getByRole('cell')).toHaveText('0');
  // The same spread as a chart: a column for each of the two bands with players (the empty ones are zeros).
  await expect(page.getByTestId('campaign-totals-chart').locator('.recharts-bar-rectangle')).toHaveCount(2);
  // When the booth was busy: the campaign's six rounds by hour, all at its one site, as a chart and a table.
  const timeline = page.getByRole('region', { name: 'Cuándo se jugó' });
  await expect(timeline.getByTestId('timeline-chart').getByRole('application')).toBeVisible();
  await expect(timeline.getByTestId('timeline-table').getByRole('cell', { name: 'Stand Campaña' }).first()).toBeVisible();
  expect(await timeline.getByTestId('timeline-table').getByRole('row').evaluateAll((rows) => rows.slice(1).reduce((sum, row) => sum + Number(row.lastElementChild!.textContent), 0))).toBe(6);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await docsScreenshot(timeline, `campaign-timeline-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // A trivia's questions: its own analysis, by keyboard.
  const questions = page.getByRole('link', { name: `Análisis de las preguntas de Segunda ${stamp}` });
  await tabTo(page, questions);

  await reviewScreen(page, 'campaign-analysis');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/packages/${second.id}/analysis$`));

  // The one site: the same four players.
  await page.goto(`/campaigns/${campaign.id}/analysis`);
  await page.getByRole('combobox', { name: 'Sede' }).selectOption({ label: 'Stand Campaña' });
  await expect(page.getByTestId('campaign-analysis-summary')).toHaveText('4 jugadores en el ranking de la campaña.');
});

test('a campaign nobody has played says so, and a bad link says it is not valid', async ({ page }) => {
  await signInThroughApi(page);
  const campaign = await postJson<Campaign>(page, '/api/campaigns', { name: `Campaña vacía ${Date.now()}`, companyId: 1, startDate: isoDay(-1), endDate: isoDay(1) });
  await page.goto(`/campaigns/${campaign.id}/analysis`);
  await expect(page.getByText('Todavía no hay jugadores en el ranking de esta campaña')).toBeVisible();
  await page.goto('/campaigns/abc/analysis');
  await expect(page.getByRole('heading', { level: 1, name: 'No se pudo abrir el análisis' })).toBeVisible();
  await expect(page.getByText('El enlace no es válido.')).toBeVisible();
});

/**
 * The screens that scrolled sideways on a phone: the campaign's and a trivia's analysis, the
 * public campaign ranking, and "Unir jugadores" with a group waiting. At 390 px and at 200 % zoom
 * (195 px), light and dark: nothing scrolls sideways, no title breaks a letter per line, axe clean.
 */
test('the analyses, the public campaign ranking and the merge screen never scroll sideways on a phone, even at 200 % zoom', async ({ browser, page }) => {
  test.setTimeout(180_000);
  await signInThroughApi(page);
  const { campaign, first } = await seedCampaign(page);
  // "Unir jugadores" with all it can show: a group waiting, one number under two types, a merge recorded.
  const { number, names } = await seedOnePersonThreeTimes(page, 'Unión estrecha');
  const ids = await appQuery<{ id: number }>(`SELECT id FROM players WHERE full_name = ANY($1::varchar[]) ORDER BY id`, [names]);
  await postJson(page, '/api/player-merges', { keepPlayerId: ids[0]!.id, playerIds: [ids[0]!.id, ids[1]!.id] });
  const [cc, ce] = await appQuery<{ id: number }>(`SELECT id FROM document_types WHERE code IN ('CC', 'CE') ORDER BY code`);
  // Another number than the seeded person's (whose first digit may be a 7 too).
  const otherNumber = `${number.startsWith('7') ? 8 : 7}${number.slice(1)}`;
  for (const type of [cc!.id, ce!.id]) {
    await appQuery(`INSERT INTO players (full_name, first_name, last_name, document_type_id, document_number, location_id) VALUES ('Rosa Prada', 'Rosa', 'Prada', $1, $2, NULL)`, [
      type,
      otherNumber,
    ]);
  }
  const heading = (name: string | RegExp) => (p: Page) => expect(p.getByRole('heading', { level: 1, name })).toBeVisible();
  const screens = [
    {
      name: 'campaign-analysis',
      path: `/campaigns/${campaign.id}/analysis`,
      ready: async (p: Page) => expect(p.getByTestId('campaign-trivias')).toBeVisible(),
    },
    { name: 'trivia-analysis', path: `/packages/${first.id}/analysis`, ready: async (p: Page) => expect(p.getByTestId('timeline-table')).toBeVisible() },
    {
      name: 'public-campaign-ranking',
      path: `/public/campaigns/${campaign.id}/ranking`,
      ready: async (p: Page) => {
        await heading(campaign.name)(p);
        await expect(p.getByRole('tabpanel').getByText('Ana')).toBeVisible();
      },
    },
    { name: 'player-merges', path: '/player-merges', ready: async (p: Page) => expect(p.getByRole('region', { name: `CC ${number}` })).toBeVisible() },
  ];
  await holdOnPhones(browser, await page.context().storageState(), screens);
  // The fixed screens at a phone's, a tablet's and a desktop's width, light and dark, for the docs.
  for (const screen of screens.slice(2)) {
    await page.goto(screen.path);
    await screen.ready(page);
    await reviewScreen(page, screen.name);
  }
});
