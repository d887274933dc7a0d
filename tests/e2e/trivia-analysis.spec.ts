import { expect, test } from './fixtures';
import type { Company } from '../../contract';
import { appQuery } from './support/app-database';
import { createFourQuestionTrivia, postJson, signInThroughApi } from './support/admin-api';
import { tabTo } from './support/axe';
import { playBundle, syncRankedResults } from './support/ranked-results';
import { reviewScreen } from './support/screen-review';
import { docsScreenshot } from './support/screenshot';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

/**
 * A trivia's "Análisis": reached by keyboard from its questions, each question's figures and flags
 * as the organiser reads them, axe clean in light and dark, at a phone's, a tablet's and a desktop's width.
 */
test('the analysis shows each question\'s facility, answer shares and flags, by keyboard, axe clean in light and dark', async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughApi(page);
  const stamp = Date.now();
  const company = await postJson<Company>(page, '/api/companies', { name: `Análisis ${stamp}`, description: 'Feria' });
  await postJson(page, '/api/locations', { name: 'Stand Análisis', companyId: company.id });
  const trivia = await createFourQuestionTrivia(page, company.id, `Trivia Análisis ${stamp}`);
  // Twelve players: everyone gets question 1 right; 8 of 12 pick the same wrong answer at question 2.
  const names = Array.from({ length: 12 }, (_, i) => `Jugador ${i + 1}`);
  const choices = [() => 0, (p: number) => (p < 4 ? 0 : 1), (p: number) => p % 3, (p: number) => (p < 6 ? 0 : 2)];
  await syncRankedResults(page, await playBundle(page, trivia.id), names, 30, undefined, (q, p) => choices[q]!(p));

  await page.goto(`/packages/${trivia.id}/questions`);
  const link = page.getByRole('link', { name: 'Análisis' });
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/packages/${trivia.id}/analysis$`));
  await expect(page.getByRole('heading', { level: 1, name: `Análisis: ${trivia.name}` })).toBeVisible();
  // 27 % of 12 rounds: groups of 3.
  await expect(page.getByTestId('analysis-summary')).toHaveText('12 rondas contadas. La discriminación compara las 3 mejores rondas con las 3 peores (por puntaje).');

  const question = (n: number) => page.getByRole('region', { name: new RegExp(`^${n}\\. ¿Cuánto es ${n} \\+ ${n}\\?`) });
  await expect(question(1).getByRole('list', { name: 'Avisos' }).getByRole('listitem')).toHaveText(['Todos la aciertan', 'Nadie elige una de sus respuestas']);
  await expect(question(1).getByText('100 %')).toHaveCount(2); // the facility, and the right answer's share
  await expect(question(2).getByRole('list', { name: 'Avisos' })).toContainText('Una respuesta incorrecta atrae más que la correcta');
  const q2Rows = question(2).getByRole('row');
  await expect(q2Rows.nth(1)).toContainText('4(correcta)4');
  await expect(q2Rows.nth(2)).toContainText('58');
  await expect(q2Rows.nth(2)).toContainText('67 %');

  // Sites and kiosks: the twelve rounds at the one site, all in the last hour or two on the event's clock.
  const activity = page.getByRole('region', { name: 'Sedes y kioscos' });
  const siteRow = activity.getByRole('table', { name: 'Por sede' }).getByRole('row', { name: /Stand Análisis/ });
  await expect(siteRow.getByRole('cell')).toHaveText(['12', '12', /\d/, /\d/]);
  const timeline = activity.getByTestId('timeline-table');
  await expect(timeline.getByRole('cell', { name: 'Stand Análisis' }).first()).toBeVisible();
  expect(await timeline.getByRole('row').evaluateAll((rows) => rows.slice(1).reduce((sum, row) => sum + Number(row.lastElementChild!.textContent), 0))).toBe(12);
  // The same hours as a chart: reached by Tab, its columns walked with the arrow keys and told in its tooltip.
  const chart = activity.getByTestId('timeline-chart');
  await tabTo(page, chart.getByRole('application'));
  await page.keyboard.press('ArrowRight');
  await expect(chart.locator('.recharts-tooltip-wrapper')).toContainText(/\d+ rondas\s*Stand Análisis: \d+/);

  // The site filter, by keyboard: every round was played at the one site.
  const site = page.getByRole('combobox', { name: 'Sede' });
  await tabTo(page, site);
  await site.selectOption({ label: 'Stand Análisis' });
  await expect(page.getByTestId('analysis-summary')).toContainText('12 rondas contadas');
  // The kiosk filter offers the kiosk the twelve rounds were synced from.
  await expect(activity.getByRole('table', { name: 'Por kiosco' }).getByRole('row', { name: /Tableta de pruebas/ }).getByRole('cell')).toHaveText(['12', '12', /\d/, /\d/]);
  const kiosk = page.getByRole('combobox', { name: 'Kiosco' });
  await tabTo(page, kiosk);
  await kiosk.selectOption({ label: 'Tableta de pruebas' });
  await expect(page.getByTestId('analysis-summary')).toContainText('12 rondas contadas');

  // The analysis as a workbook (its menu opened by keyboard), under the filter chosen (the file's content: tests/api/trivia-analysis.test.ts).
  const exportMenu = page.getByRole('button', { name: 'Exportar análisis' });
  await tabTo(page, exportMenu);
  await page.keyboard.press('Enter');
  const download = page.waitForEvent('download');
  const request = page.waitForRequest((r) => r.url().includes('/analysis/export?'));
  await page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click();
  const file = await download;
  expect(new URL((await request).url()).searchParams.get('format')).toBe('xlsx');
  expect(new URL((await request).url()).searchParams.get('locationId')).toMatch(/^\d+$/);
  expect(new URL((await request).url()).searchParams.get('deviceId')).toMatch(/^[0-9a-f-]{36}$/);
  expect(file.suggestedFilename()).toMatch(new RegExp(`^analisis_Trivia Análisis ${stamp}_\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));

  await reviewScreen(page, 'trivia-analysis', { zoomShot: true });
});

test('a trivia with no counted results says so, and a bad link says it is not valid', async ({ page }) => {
  await signInThroughApi(page);
  const company = await postJson<Company>(page, '/api/companies', { name: `Sin resultados ${Date.now()}`, description: 'Feria' });
  const trivia = await createFourQuestionTrivia(page, company.id, `Trivia sin jugar ${Date.now()}`);
  await page.goto(`/packages/${trivia.id}/analysis`);
  await expect(page.getByText('Todavía no hay resultados contados con estos filtros')).toBeVisible();
  await page.goto('/packages/abc/analysis');
  await expect(page.getByRole('heading', { level: 1, name: 'No se pudo abrir el análisis' })).toBeVisible();
  await expect(page.getByText('El enlace no es válido.')).toBeVisible();
});

test('an event longer than ten days reads its timeline by day, chart and table alike', async ({ page }) => {
  await signInThroughApi(page);
  const stamp = Date.now();
  const company = await postJson<Company>(page, '/api/companies', { name: `Feria larga ${stamp}`, description: 'Feria' });
  await postJson(page, '/api/locations', { name: 'Stand Quincena', companyId: company.id });
  const trivia = await createFourQuestionTrivia(page, company.id, `Trivia Quincena ${stamp}`);
  await syncRankedResults(page, await playBundle(page, trivia.id), ['Ana', 'Beto', 'Carla', 'Dani', 'Eva'], 30);
  // Two of the five rounds as if played two weeks ago (the trivia and the kiosk cannot be that old
  // through the API): their time and the hour the analysis holds them under, as a two-week event stores them.
  await appQuery(
    `UPDATE player_attempts SET started_at = started_at - interval '14 days', completed_at = completed_at - interval '14 days', analysis_hour = analysis_hour - interval '14 days'
      WHERE id IN (SELECT id FROM player_attempts WHERE question_group_id = $1 ORDER BY id LIMIT 2)`,
    [trivia.id],
  );

  await page.goto(`/packages/${trivia.id}/analysis`);
  const timeline = page.getByRole('region', { name: 'Sedes y kioscos' }).getByTestId('timeline-table');
  await expect(timeline.locator('caption')).toHaveText(/^Rondas por día y sede \(.+\)$/);
  await expect(timeline.getByRole('columnheader')).toHaveText(['Día', 'Sede', 'Rondas']);
  // Two days with rounds, two weeks apart: 2 rounds on the first, 3 on today's.
  const rows = timeline.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByRole('cell')).toHaveText([/^\d{4}-\d{2}-\d{2}$/, 'Stand Quincena', '2']);
  await expect(rows.nth(1).getByRole('cell')).toHaveText([/^\d{4}-\d{2}-\d{2}$/, 'Stand Quincena', '3']);
  // The chart counts the same days, walked by keyboard: the day after the first is silent (a zero
  // column, not left out), and the first has its two rounds.
  const chart = page.getByTestId('timeline-chart');
  await expect(chart.locator('figcaption')).toHaveText(/^Rondas por día \(.+\)$/);
  await tabTo(page, chart.getByRole('application'));
  await page.keyboard.press('ArrowRight');
  const tooltip = chart.locator('.recharts-tooltip-wrapper');
  await expect(tooltip).toHaveText(/^\d{2}\/\d{2}0 rondas$/);
  await page.keyboard.press('ArrowLeft');
  await expect(tooltip).toHaveText(/^\d{2}\/\d{2}2 rondasStand Quincena: 2$/);
  const section = page.getByRole('region', { name: 'Sedes y kioscos' });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    // The sticky top bar hidden: the section is taller than the window, and the bar would cover its top.
    await docsScreenshot(section, `trivia-timeline-days-${scheme}`, { style: 'header { display: none !important; }' });
  }
  await reviewScreen(page, 'trivia-timeline-days');
});
