import { type Browser, type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Campaign, Company, QuestionGroup } from '../../contract';
import { LoginPage } from './pages/login-page';
import { createFourQuestionTrivia, postJson, signInThroughApi, type Requester } from './support/admin-api';
import { seedOnePersonThreeTimes } from './support/duplicate-players';
import { playBundle, syncRankedResults } from './support/ranked-results';
import { seriousViolations } from './support/axe';
import { isoDay } from '../support/iso-day';

/**
 * axe-core on the rankings and every admin screen, with each screen's dialogs and panels open, in
 * light and in dark mode. Each screen is reached once, light, and checked as it is, then with the
 * device switched to dark (the admin app follows the device's scheme as it changes, until its
 * toggle is used) and back: walking every screen again in dark only repeated the same pages. The theme editor is tested with its own screen's tests; dialogs and menus
 * by keyboard and touch in a11y-admin-keyboard, the header on narrow screens in admin-header-narrow.
 */

const SCHEMES = ['light', 'dark'] as const;

interface Fixture {
  company: Company;
  trivia: QuestionGroup;
  campaign: Campaign;
}

/** A fresh browser context, its device in light mode, and its page. */
async function signedInPage(browser: Browser) {
  // Reduced motion: a row caught halfway through its fade-in would be measured at half its contrast.
  const context = await browser.newContext({ colorScheme: 'light', reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  return { context, page };
}

/** The trivias, results, campaign and duplicate players the screens show, through the admin API (no page). */
async function buildFixture(page: Requester): Promise<Fixture> {
  const stamp = Date.now();
  const company = await postJson<Company>(page, '/api/companies', { name: `Axe ${stamp}`, description: 'Empresa de la prueba de accesibilidad' });
  await postJson(page, '/api/locations', { name: 'Stand Axe', companyId: company.id });
  const trivia = await createFourQuestionTrivia(page, company.id, `Trivia Axe ${stamp}`);
  // A long description, so /packages shows its 'Ver más' (checked for contrast in both modes).
  await postJson(page, `/api/companies/${company.id}/question-groups`, {
    name: `Trivia Axe larga ${stamp}`,
    description: 'Una descripción larga de verdad: las normas de la feria, los premios de cada día, los horarios del stand y lo que los visitantes deben saber antes de jugar.'.repeat(2),
    companyId: company.id,
    questionsPerRound: 5,
    randomizeQuestions: true,
    randomizeAnswers: true,
    maxAttempts: 0,
  });
  await syncRankedResults(page, await playBundle(page, trivia.id), ['María Fernanda Rodríguez Castañeda', 'Beto Rápido', 'Carla Díaz', 'Dani Pérez']);
  const campaign = await postJson<Campaign>(page, '/api/campaigns', {
    name: `Campaña Axe ${stamp}`,
    description: 'Campaña de la prueba',
    companyId: company.id,
    startDate: isoDay(-1),
    endDate: isoDay(1),
  });
  await postJson(page, `/api/campaigns/${campaign.id}/question-groups/bulk`, { questionGroupIds: [trivia.id] });
  // "Unir jugadores" with a document's players waiting.
  await seedOnePersonThreeTimes(page, 'Axe');
  return { company, trivia, campaign };
}

/**
 * What axe finds on what the page shows now, in light mode, then with the device switched to dark
 * (once the document has the admin app's `dark` class); the device is left light.
 */
async function lightAndDarkViolations(page: Page, screen: string): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    found.push(...(await seriousViolations(page, `${colorScheme} ${screen}`)));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

/**
 * Opens a dialog with `opener`, waits until it has settled (`ready`, e.g. a button enabled once its
 * data came), checks it light and dark, and closes it with Escape (the focus goes back to the opener).
 */
async function checkDialog(
  page: Page,
  found: string[],
  screen: string,
  opener: Locator,
  ready?: (dialog: Locator) => Promise<void>,
  focusBackTo: Locator = opener,
) {
  await opener.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading').first()).toBeVisible();
  await ready?.(dialog);
  found.push(...(await lightAndDarkViolations(page, screen)));
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(focusBackTo).toBeFocused();
}

/** Every screen and dialog of the admin and the rankings, light and dark; returns what axe found. */
async function auditEveryScreen(page: Page, fixture: Fixture): Promise<string[]> {
  const found: string[] = [];
  const check = async (screen: string) => found.push(...(await lightAndDarkViolations(page, screen)));
  const { company, trivia, campaign } = fixture;

  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await check('/auth');
  await new LoginPage(page).signIn('admin', 'e2e-admin-password');
  await expect(page).toHaveURL(/\/$/);
  // The admin follows the device's scheme until its toggle is used, as the scheme changes too.
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await expect(page.getByRole('button', { name: colorScheme === 'dark' ? 'Cambiar a tema claro' : 'Cambiar a tema oscuro' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.getByRole('heading', { name: 'Trivias Recientes' })).toBeVisible();
  await check('/');

  await page.goto('/company');
  await expect(page.getByRole('cell', { name: company.name, exact: true })).toBeVisible();
  await check('/company');
  await checkDialog(page, found, `/company create dialog`, page.getByRole('button', { name: 'Agregar empresa' }));
  await checkDialog(page, found, `/company edit dialog`, page.getByRole('button', { name: `Editar ${company.name}` }));
  await checkDialog(page, found, `/company delete dialog`, page.getByRole('button', { name: `Eliminar ${company.name}` }));
  await page.getByRole('button', { name: `Ver sedes de ${company.name}` }).click();
  const locations = page.getByRole('region', { name: `Sedes de ${company.name}` });
  await expect(locations.getByText('Stand Axe')).toBeVisible();
  await check('/company locations panel');
  await locations.getByRole('button', { name: 'Agregar sede' }).click();
  await expect(locations.getByLabel('Nombre de la sede')).toBeVisible();
  await check('/company location form');

  await page.goto('/packages');
  await page.getByLabel('Seleccionar Empresa:').selectOption({ label: company.name });
  await expect(page.getByRole('article', { name: trivia.name, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ver más' })).toBeVisible();
  await check('/packages');
  const create = page.getByRole('button', { name: 'Crear Trivia' });
  await create.click();
  for (const tab of ['General', 'Configuración', 'Opciones']) {
    await page.getByRole('dialog').getByRole('tab', { name: tab }).click();
    await check(`/packages create dialog, tab ${tab}`);
  }
  await page.keyboard.press('Escape');
  await expect(create).toBeFocused();
  // "Más acciones" open, then its "Eliminar": the focus goes back to the menu's button.
  const moreActions = page.getByRole('button', { name: `Más acciones de ${trivia.name}`, exact: true });
  await moreActions.click();
  await expect(page.getByRole('menu')).toBeVisible();
  await check('/packages "Más acciones" menu');
  await checkDialog(page, found, `/packages delete dialog`, page.getByRole('menuitem', { name: 'Eliminar', exact: true }), undefined, moreActions);

  await page.goto(`/packages/${trivia.id}/questions`);
  await expect(page.getByTestId('question-card').first()).toBeVisible();
  await check('/packages/:id/questions');
  await checkDialog(page, found, 'question dialog', page.getByRole('main').getByRole('button', { name: 'Crear Pregunta' }).first());
  // Its submit button is disabled (paler) until the AI service's status arrives: audit the dialog as the admin uses it.
  await checkDialog(page, found, 'AI dialog', page.getByRole('button', { name: 'Generar con IA' }), (dialog) =>
    expect(dialog.getByRole('button', { name: 'Generar Preguntas' })).toBeEnabled(),
  );

  await page.goto('/campaigns');
  await expect(page.getByRole('article', { name: campaign.name, exact: true })).toBeVisible();
  await check('/campaigns');
  await checkDialog(page, found, `/campaigns create dialog`, page.getByRole('button', { name: 'Crear Campaña', exact: true }));

  await page.goto(`/campaigns/${campaign.id}`);
  await expect(page.getByTestId('campaign-link-row')).toHaveCount(1);
  await check('/campaigns/:id');

  await page.goto(`/campaigns/${campaign.id}/ranking`);
  await expect(page.getByText('Beto Rápido').first()).toBeVisible();
  await check('/campaigns/:id/ranking');

  await page.goto(`/ranking-admin?id=${trivia.id}`);
  await expect(page.getByTestId('ranking-row')).toHaveCount(4);
  // The picker settled: a select waiting for its list is disabled (grey), and axe would catch it mid-way.
  await expect(page.getByRole('combobox', { name: 'Empresa' })).toBeEnabled();
  await expect(page.getByRole('combobox', { name: 'Trivia' })).toBeEnabled();
  await check('/ranking-admin');
  await page.getByRole('button', { name: /^Fechas/ }).click();
  await expect(page.getByRole('grid').first()).toBeVisible();
  await check('/ranking-admin date picker');

  await page.goto(`/ranking/${trivia.id}`);
  await expect(page.getByTestId('ranking-row')).toHaveCount(4);
  await check('/ranking/:id');
  await page.goto('/ranking/999999');
  await expect(page.getByRole('heading', { name: 'Trivia no encontrada' })).toBeVisible();
  await check('/ranking/:id missing');

  await page.goto(`/public/campaigns/${campaign.id}/ranking`);
  await expect(page.getByText('Beto Rápido').first()).toBeVisible();
  await check('/public/campaigns/:id/ranking');

  await page.goto('/player-merges');
  await expect(page.getByRole('heading', { name: 'Unir jugadores', level: 1 })).toBeVisible();
  await expect(page.getByRole('radio').first()).toBeVisible();
  await check('/player-merges');
  await checkDialog(page, found, `/player-merges merge dialog`, page.getByRole('button', { name: 'Unir 3 jugadores' }).first());

  await page.goto('/no-existe');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await check('not found');
  return found;
}

test.describe('axe on the rankings and every admin screen', () => {
  let fixture: Fixture;

  test.beforeAll(async ({ browser }) => {
    const admin = await browser.newContext();
    await signInThroughApi(admin);
    fixture = await buildFixture(admin);
    await admin.close();
  });

  test('no serious or critical violations in light or dark mode', async ({ browser }) => {
    // Every screen and its dialogs, twice each: several minutes on a busy two-core machine.
    test.setTimeout(420_000);
    const { context, page } = await signedInPage(browser);
    const found = await auditEveryScreen(page, fixture);
    await context.close();
    expect(found, `serious or critical axe violations:\n${found.join('\n')}`).toEqual([]);
  });
});
