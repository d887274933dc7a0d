import { expect, test } from './fixtures';
import type { Company } from '../../contract';
import { LoginPage } from './pages/login-page';
import { createFourQuestionTrivia, postJson } from './support/admin-api';
import { tabTo } from './support/axe';
import { playBundle, syncRankedResults } from './support/ranked-results';
import { reviewScreen } from './support/screen-review';

/**
 * A trivia's "Análisis": reached by keyboard from its questions, each question's figures and flags
 * as the organiser reads them, axe clean in light and dark, at a phone's, a tablet's and a desktop's width.
 */
test('the analysis shows each question\'s facility, answer shares and flags, by keyboard, axe clean in light and dark', async ({ page }) => {
  test.setTimeout(120_000);
  await new LoginPage(page).signInAsAdmin();
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
  await new LoginPage(page).signInAsAdmin();
  const company = await postJson<Company>(page, '/api/companies', { name: `Sin resultados ${Date.now()}`, description: 'Feria' });
  const trivia = await createFourQuestionTrivia(page, company.id, `Trivia sin jugar ${Date.now()}`);
  await page.goto(`/packages/${trivia.id}/analysis`);
  await expect(page.getByText('Todavía no hay resultados contados con estos filtros')).toBeVisible();
  await page.goto('/packages/abc/analysis');
  await expect(page.getByRole('heading', { level: 1, name: 'No se pudo abrir el análisis' })).toBeVisible();
  await expect(page.getByText('El enlace no es válido.')).toBeVisible();
});
