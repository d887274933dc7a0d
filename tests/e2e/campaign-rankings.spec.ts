import { testBundle } from './support/test-bundle';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { CampaignLink, CampaignRankingEntry, Company, QuestionGroup, TriviaRankingEntry } from '../../contract';
import { CampaignEditorPage } from './pages/campaign-editor-page';
import { CampaignRankingPage } from './pages/campaign-ranking-page';
import { CampaignsPage } from './pages/campaigns-page';
import { PlayerPage } from './pages/player-page';
import { createFourQuestionTrivia, signInThroughApi } from './support/admin-api';
import { isoDay as day } from '../support/iso-day';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

/** A two-trivia campaign built in the editor and played on the player screen: its rankings, admin and public, and its export agree on weighted totals. */

/** The seeded demo trivia "Trivia de Cultura General" of "Demo Eventos". */
const DEMO_TRIVIA = 1;
/** The screens show points the same way (at most 2 decimals, Spanish separators). */
const points = (value: number) => new Intl.NumberFormat('es', { maximumFractionDigits: 2 }).format(value);

interface Play {
  trivia: number;
  /** Whether each question of the round is answered correctly. */
  pattern: boolean[];
}

/** A player plays the trivias through the real player screen; returns the score each one showed. */
async function playAll(page: Page, player: { document: string; fullName: string; location: string }, plays: Play[]) {
  const screen = new PlayerPage(page);
  const scores: number[] = [];
  for (const [index, play] of plays.entries()) {
    const bundle = await testBundle(play.trivia);
    await screen.goto(play.trivia);
    await screen.enterDocument(bundle.documentTypes[0]!.name, player.document);
    if (index === 0) await screen.registerAs(player.fullName, player.location);
    await screen.start().click();
    await screen.playRoundFrom(bundle, 1, play.pattern, bundle.group.questionsPerRound);
    scores.push(Number((await screen.score().textContent())!.replace('%', '')));
    // The kiosk sends attempts in the background: wait until the server ranks this one.
    await expect
      .poll(
        async () => {
          const reply = await page.request.get(`/api/ranking?questionGroupId=${play.trivia}`);
          return ((await reply.json()) as TriviaRankingEntry[]).some((e) => `${e.firstName} ${e.lastName}` === player.fullName);
        },
        { timeout: 20_000 },
      )
      .toBe(true);
  }
  return scores;
}

/** Rows of a CSV without quoted commas (our names have none); the byte-order mark dropped. */
const csvRows = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));

/** Seconds as the rankings show them: m:ss, rounded to the second. */
const minutesSeconds = (seconds: number) => `${Math.floor(Math.round(seconds) / 60)}:${String(Math.round(seconds) % 60).padStart(2, '0')}`;

/** Which answers each player gets right: Ana aces the demo trivia, Beto the sums. */
const ANA_DEMO = [true, true, true, true, true];
const ANA_SUMS = [true, false, true, false];
const BETO_DEMO = [true, true, false, false, false];
const BETO_SUMS = [true, true, true, true];

test('an admin builds a two-trivia campaign; players play it and both rankings and the export agree on weighted totals', async ({ page }) => {
  // Two players × two trivias through the real player screen: leave room on a shared machine.
  test.setTimeout(240_000);
  const suffix = String(Date.now() % 100_000);
  await signInThroughApi(page);

  const companies = (await (await page.request.get('/api/companies')).json()) as Company[];
  const demo = companies.find((c) => c.name === 'Demo Eventos')!;
  const second = await createFourQuestionTrivia(page, demo.id, `Sumas ${suffix}`);
  const demoName = ((await (await page.request.get(`/api/question-groups/${DEMO_TRIVIA}`)).json()) as QuestionGroup).name;
  const companyTrivias = ((await (await page.request.get(`/api/companies/${demo.id}/question-groups`)).json()) as QuestionGroup[]).length;

  // Create through the form; a new campaign opens in its editor.
  const campaigns = new CampaignsPage(page);
  await campaigns.goto();
  const campaignName = `Copa ${suffix}`;
  await campaigns.createCampaign({ name: campaignName, description: 'Campaña de prueba', companyName: 'Demo Eventos', startDate: day(-1), endDate: day(1) });
  await expect(page.getByTestId('toast')).toContainText('Campaña creada');
  await expect(page).toHaveURL(/\/campaigns\/\d+$/);
  const campaignId = Number(new URL(page.url()).pathname.split('/').pop());

  const editor = new CampaignEditorPage(page);
  await expect(page.getByRole('heading', { level: 1, name: campaignName })).toBeVisible();
  await expect(page.getByText('Mejor intento')).toBeVisible();
  await editor.addAll().click();
  await expect(editor.toast()).toContainText(`Se han agregado ${companyTrivias} de ${companyTrivias} trivias a la campaña.`);
  await expect(editor.rows()).toHaveCount(companyTrivias);
  await expect(editor.addAll()).toBeDisabled();
  await expect(editor.addOne()).toBeDisabled();
  await expect(editor.orders()).toHaveText(Array.from({ length: companyTrivias }, (_, i) => String(i + 1)));

  // Reorder: the last trivia up one place (persisted), then back down.
  const initial = (await editor.names().allTextContents()).map((n) => n.trim());
  const last = initial[initial.length - 1]!;
  await expect(editor.moveUp(initial[0]!)).toBeDisabled();
  await expect(editor.moveDown(last)).toBeDisabled();
  await editor.moveUp(last).click();
  const swapped = [...initial.slice(0, -2), last, initial[initial.length - 2]!];
  await expect(editor.names()).toHaveText(swapped);
  await page.reload();
  await expect(editor.names()).toHaveText(swapped);
  await expect(editor.moveDown(last)).toBeEnabled();
  await editor.moveDown(last).click();
  await expect(editor.names()).toHaveText(initial);
  await expect(editor.orders()).toHaveText(Array.from({ length: companyTrivias }, (_, i) => String(i + 1)));

  // The second trivia counts three times as much as the demo one; the weight survives a reload.
  await expect(editor.weight(second.name)).toHaveValue('10');
  await editor.setWeight(second.name, 30);
  await expect(editor.toast()).toContainText('Peso actualizado');
  await page.reload();
  await expect(editor.weight(second.name)).toHaveValue('30');
  const links = (await (await page.request.get(`/api/campaigns/${campaignId}/question-groups`)).json()) as CampaignLink[];
  const weightOf = (triviaId: number) => links.find((l) => l.questionGroupId === triviaId)!.weight;
  expect([weightOf(DEMO_TRIVIA), weightOf(second.id)]).toEqual([10, 30]);

  // Ana aces the demo trivia and gets half the sums; Beto the other way round.
  const ana = { document: `81${suffix}1`, fullName: `Ana Campaña${suffix}`, location: 'Stand Principal' };
  const beto = { document: `82${suffix}2`, fullName: `Beto Campaña${suffix}`, location: 'Stand Norte' };
  const [anaDemo, anaSums] = await playAll(page, ana, [
    { trivia: DEMO_TRIVIA, pattern: ANA_DEMO },
    { trivia: second.id, pattern: ANA_SUMS },
  ]);
  const [betoDemo, betoSums] = await playAll(page, beto, [
    { trivia: DEMO_TRIVIA, pattern: BETO_DEMO },
    { trivia: second.id, pattern: BETO_SUMS },
  ]);
  const totals = new Map([
    [ana.fullName, anaDemo! * weightOf(DEMO_TRIVIA) + anaSums! * weightOf(second.id)],
    [beto.fullName, betoDemo! * weightOf(DEMO_TRIVIA) + betoSums! * weightOf(second.id)],
  ]);
  const expectedOrder = [...totals.entries()].sort((a, b) => b[1] - a[1]).map(([name]) => name);
  // With equal weights Ana would lead; the weight is what puts Beto first.
  expect(anaDemo! + anaSums!).toBeGreaterThan(betoDemo! + betoSums!);
  expect(expectedOrder).toEqual([beto.fullName, ana.fullName]);

  // The admin ranking: order and weighted totals, then each trivia's own tab.
  await page.goto('/');
  const ranking = new CampaignRankingPage(page);
  await ranking.gotoAdmin(campaignId);
  await expect(page.getByTestId('campaign-trivia-count')).toHaveText(String(companyTrivias));
  await expect(ranking.rowOf(ana.fullName)).toHaveCount(1);
  await expect(ranking.rowOf(beto.fullName)).toHaveCount(1);
  const adminRows = await ranking.rowsOf([ana.fullName, beto.fullName]);
  expect(adminRows.map((r) => [r.name, r.points])).toEqual(expectedOrder.map((name) => [name, points(totals.get(name)!)]));
  expect(Number(adminRows[0]!.position)).toBeLessThan(Number(adminRows[1]!.position));

  await expect(ranking.count()).toHaveText(/^Mostrando \d+ de \d+$/);
  await expect(page.getByRole('button', { name: 'Cargar más' })).toHaveCount(0);

  // Each trivia's tab ranks the players by that trivia's score alone.
  // Tabs are named after their trivia, numbered in the campaign's order.
  const tabOf = (triviaId: number, name: string) => `${links.findIndex((l) => l.questionGroupId === triviaId) + 1}. ${name}`;
  for (const [triviaId, triviaName, scores] of [
    [second.id, second.name, { [ana.fullName]: anaSums!, [beto.fullName]: betoSums! }],
    [DEMO_TRIVIA, demoName, { [ana.fullName]: anaDemo!, [beto.fullName]: betoDemo! }],
  ] as const) {
    await ranking.tab(tabOf(triviaId, triviaName)).click();
    await expect(ranking.panel().getByRole('heading', { name: triviaName })).toBeVisible();
    for (const [name, score] of Object.entries(scores)) {
      await expect(ranking.triviaRowOf(name).getByTestId('trivia-score')).toHaveText(`${score}%`);
      await expect(ranking.triviaRowOf(name).getByTestId('trivia-attempts')).toHaveText('1');
    }
    const byScore = Object.entries(scores)
      .sort((a, b) => b[1] - a[1])
      .map(([name]) => name);
    expect(byScore[0]).toBe(triviaId === DEMO_TRIVIA ? ana.fullName : beto.fullName);
    expect((await ranking.triviaNames()).filter((name) => name in scores)).toEqual(byScore);
  }

  // Whole days narrow the ranking (nobody plays tomorrow) and 'Quitar fechas' brings it back.
  await ranking.tab('Ranking General').click();
  await ranking.pickDay(day(1));
  await expect(ranking.panel().getByText('No hay participantes en el ranking')).toBeVisible();
  await expect(ranking.exportLink()).toHaveAttribute('href', new RegExp(`dateFrom=${day(1)}&dateTo=${day(1)}`));
  await ranking.clearDates().click();
  await expect(ranking.rowOf(ana.fullName)).toHaveCount(1);
  await expect(ranking.rowOf(beto.fullName)).toHaveCount(1);
  await expect(ranking.exportLink()).not.toHaveAttribute('href', /dateFrom/);

  // The site filter reaches the ranking and the export link.
  await ranking.tab('Ranking General').click();
  await ranking.location().selectOption({ label: 'Stand Norte' });
  await expect(ranking.rowOf(ana.fullName)).toHaveCount(0);
  await expect(ranking.rowOf(beto.fullName)).toHaveCount(1);
  await expect(ranking.exportLink()).toHaveAttribute('href', /locationId=\d+/);
  await ranking.location().selectOption({ label: 'Todas las sedes' });
  await expect(ranking.rowOf(ana.fullName)).toHaveCount(1);
  await expect(ranking.exportLink()).toHaveAttribute('target', '_blank');
  await expect(ranking.exportLink()).not.toHaveAttribute('href', /locationId/);

  // The export link (opened in a new tab) downloads the rows the ranking shows.
  const exported = await page.request.get((await ranking.exportLink().getAttribute('href'))!);
  expect(exported.headers()['content-type']).toContain('text/csv');
  expect(exported.headers()['content-disposition']).toContain('attachment');
  const csv = csvRows(await exported.text());
  expect(csv[0]!.slice(0, 6)).toEqual(['Posición', 'Nombre completo', 'Nombre', 'Apellido', 'Sede', 'Puntos totales']);
  // The whole name in one column; first and last name are its parts.
  const csvOf = (name: string) => csv.find((row) => row[1] === name)!;
  for (const row of adminRows) {
    const line = csvOf(row.name);
    expect([line[0], points(Number(line[5]))]).toEqual([row.position, row.points]);
    expect(`${line[2]} ${line[3]}`).toBe(row.name);
  }
  expect(csvOf(beto.fullName)[4]).toBe('Stand Norte');
  // Then a score and an attempt count per trivia, in the campaign's order; blank where not played.
  expect(csv[0]!.slice(8)).toEqual(links.flatMap((l) => [`${l.questionGroup.name} - Puntaje`, `${l.questionGroup.name} - Intentos`]));
  const perTrivia = (scores: Record<number, number>) =>
    links.flatMap((l) => (l.questionGroupId in scores ? [String(scores[l.questionGroupId]), '1'] : ['', '0']));
  expect(csvOf(ana.fullName).slice(8)).toEqual(perTrivia({ [DEMO_TRIVIA]: anaDemo!, [second.id]: anaSums! }));
  expect(csvOf(beto.fullName).slice(8)).toEqual(perTrivia({ [DEMO_TRIVIA]: betoDemo!, [second.id]: betoSums! }));

  // The public ranking, without a session: same order and points, correct answers, podium.
  const anonymous = await page.context().browser()!.newContext({ baseURL: new URL(page.url()).origin, locale: 'es-CO' });
  const publicPage = await anonymous.newPage();
  const publicRanking = new CampaignRankingPage(publicPage);
  await publicRanking.gotoPublic(campaignId);
  await expect(publicPage.getByRole('heading', { level: 1, name: campaignName })).toBeVisible();
  await expect(publicPage.getByText('Campaña de prueba')).toBeVisible();
  await expect(publicRanking.rowOf(ana.fullName)).toHaveCount(1);
  const publicRows = await publicRanking.rowsOf([ana.fullName, beto.fullName]);
  expect(publicRows).toEqual(adminRows);
  // Its dates are a from date and a to date: from tomorrow nobody has played; emptied, all are back.
  await publicPage.getByLabel('Desde').fill(day(1));
  await expect(publicPage.getByText('No hay datos de ranking disponibles para los filtros seleccionados.')).toBeVisible();
  await publicPage.getByLabel('Desde').fill('');
  await publicPage.getByLabel('Hasta').fill(day(0));
  await expect(publicRanking.rowOf(ana.fullName)).toHaveCount(1);
  await publicPage.getByLabel('Hasta').fill('');
  // Correct answers summed over both trivias; the average time as the API computed it, in m:ss.
  const answers = (await (await anonymous.request.get(`/api/public/campaigns/${campaignId}/ranking`)).json()) as CampaignRankingEntry[];
  const correctOf = (pattern: boolean[]) => pattern.filter(Boolean).length;
  for (const [player, correct] of [
    [ana, correctOf(ANA_DEMO) + correctOf(ANA_SUMS)],
    [beto, correctOf(BETO_DEMO) + correctOf(BETO_SUMS)],
  ] as const) {
    const entry = answers.find((e) => `${e.firstName} ${e.lastName}` === player.fullName)!;
    expect(entry.totalCorrectAnswers).toBe(correct);
    expect(await publicRanking.statsOf(player.fullName)).toEqual({ correct: String(correct), time: minutesSeconds(entry.averageCompletionTime!) });
  }
  await publicRanking.tab('Podio').click();
  await expect(publicRanking.podium()).toBeVisible();
  await publicPage.goto('/public/campaigns/987654/ranking');
  await expect(publicPage.getByText('La campaña solicitada no existe o no está disponible públicamente.')).toBeVisible();
  await anonymous.close();
});
