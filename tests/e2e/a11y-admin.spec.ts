import { type Browser, type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Campaign, Company, QuestionGroup } from '../../contract';
import { LoginPage } from './pages/login-page';
import { QuestionGroupsPage } from './pages/question-groups-page';
import { createFourQuestionTrivia, postJson } from './support/admin-api';
import { seedOnePersonThreeTimes } from './support/duplicate-players';
import { playBundle, syncRankedResults } from './support/ranked-results';
import { seriousViolations, tabTo } from './support/axe';

/**
 * axe-core on the rankings and every admin screen, with each screen's dialogs and panels open, in
 * light and in dark mode. The theme editor is tested with its own screen's tests.
 */

const SCHEMES = ['light', 'dark'] as const;

interface Fixture {
  company: Company;
  trivia: QuestionGroup;
  campaign: Campaign;
}

/** A fresh browser context (one per mode) and its page. */
async function signedInPage(browser: Browser, colorScheme: 'light' | 'dark') {
  // Reduced motion: a row caught halfway through its fade-in would be measured at half its contrast.
  const context = await browser.newContext({ colorScheme, reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  return { context, page };
}

async function buildFixture(page: Page): Promise<Fixture> {
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
  const today = new Date().toISOString().slice(0, 10);
  const campaign = await postJson<Campaign>(page, '/api/campaigns', {
    name: `Campaña Axe ${stamp}`,
    description: 'Campaña de la prueba',
    companyId: company.id,
    startDate: today,
    endDate: today,
  });
  await postJson(page, `/api/campaigns/${campaign.id}/question-groups/bulk`, { questionGroupIds: [trivia.id] });
  // "Unir jugadores" with a document's players waiting.
  await seedOnePersonThreeTimes(page, 'Axe');
  return { company, trivia, campaign };
}

/**
 * Opens a dialog with `opener`, waits until it has settled (`ready`, e.g. a button enabled once its
 * data came), checks it, and closes it with Escape (the focus goes back to the opener).
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
  found.push(...(await seriousViolations(page, screen)));
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(focusBackTo).toBeFocused();
}

/** Every screen and dialog of the admin and the rankings; returns what axe found. */
async function auditEveryScreen(page: Page, fixture: Fixture, colorScheme: 'light' | 'dark'): Promise<string[]> {
  const found: string[] = [];
  const check = async (screen: string) => found.push(...(await seriousViolations(page, `${colorScheme} ${screen}`)));
  const { company, trivia, campaign } = fixture;

  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await check('/auth');
  await new LoginPage(page).signIn('admin', 'e2e-admin-password');
  await expect(page).toHaveURL(/\/$/);
  // The admin follows the device's scheme until its toggle is used.
  await expect(page.getByRole('button', { name: colorScheme === 'dark' ? 'Cambiar a tema claro' : 'Cambiar a tema oscuro' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  await expect(page.getByRole('heading', { name: 'Trivias Recientes' })).toBeVisible();
  await check('/');

  await page.goto('/company');
  await expect(page.getByRole('cell', { name: company.name, exact: true })).toBeVisible();
  await check('/company');
  await checkDialog(page, found, `${colorScheme} /company create dialog`, page.getByRole('button', { name: 'Agregar empresa' }));
  await checkDialog(page, found, `${colorScheme} /company edit dialog`, page.getByRole('button', { name: `Editar ${company.name}` }));
  await checkDialog(page, found, `${colorScheme} /company delete dialog`, page.getByRole('button', { name: `Eliminar ${company.name}` }));
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
  await checkDialog(page, found, `${colorScheme} /packages delete dialog`, page.getByRole('menuitem', { name: 'Eliminar', exact: true }), undefined, moreActions);

  await page.goto(`/packages/${trivia.id}/questions`);
  await expect(page.getByTestId('question-card').first()).toBeVisible();
  await check('/packages/:id/questions');
  await checkDialog(page, found, `${colorScheme} question dialog`, page.getByRole('main').getByRole('button', { name: 'Crear Pregunta' }).first());
  // Its submit button is disabled (paler) until the AI service's status arrives: audit the dialog as the admin uses it.
  await checkDialog(page, found, `${colorScheme} AI dialog`, page.getByRole('button', { name: 'Generar con IA' }), (dialog) =>
    expect(dialog.getByRole('button', { name: 'Generar Preguntas' })).toBeEnabled(),
  );

  await page.goto('/campaigns');
  await expect(page.getByRole('article', { name: campaign.name, exact: true })).toBeVisible();
  await check('/campaigns');
  await checkDialog(page, found, `${colorScheme} /campaigns create dialog`, page.getByRole('button', { name: 'Crear Campaña', exact: true }));

  await page.goto(`/campaigns/${campaign.id}`);
  await expect(page.getByTestId('campaign-link-row')).toHaveCount(1);
  await check('/campaigns/:id');

  await page.goto(`/campaigns/${campaign.id}/ranking`);
  await expect(page.getByText('Beto Rápido').first()).toBeVisible();
  await check('/campaigns/:id/ranking');

  await page.goto(`/ranking-admin?id=${trivia.id}`);
  await expect(page.getByTestId('ranking-row')).toHaveCount(4);
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
  await checkDialog(page, found, `${colorScheme} /player-merges merge dialog`, page.getByRole('button', { name: 'Unir 3 jugadores' }).first());

  await page.goto('/no-existe');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await check('not found');
  return found;
}

test.describe('axe on the rankings and every admin screen', () => {
  let fixture: Fixture;

  test.beforeAll(async ({ browser }) => {
    const { context, page } = await signedInPage(browser, 'light');
    await new LoginPage(page).signInAsAdmin();
    fixture = await buildFixture(page);
    await context.close();
  });

  for (const colorScheme of SCHEMES) {
    test(`no serious or critical violations in ${colorScheme} mode`, async ({ browser }) => {
      // Every screen and its dialogs: several minutes on a busy two-core machine.
      test.setTimeout(420_000);
      const { context, page } = await signedInPage(browser, colorScheme);
      const found = await auditEveryScreen(page, fixture, colorScheme);
      await context.close();
      expect(found, `serious or critical axe violations:\n${found.join('\n')}`).toEqual([]);
    });
  }
});

test('a create dialog works by keyboard: opened, filled and submitted, the focus goes back to its button', async ({ page }) => {
  await new LoginPage(page).signInAsAdmin();
  await page.goto('/company');
  await expect(page.getByRole('heading', { name: 'Administración de Empresas' })).toBeVisible();
  const opener = page.getByRole('button', { name: 'Agregar empresa' });
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Nueva empresa' })).toBeVisible();

  const name = `Teclado ${Date.now()}`;
  await tabTo(page, dialog.getByLabel('Nombre'), 10);
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Descripción')).toBeFocused();
  await page.keyboard.type('Creada sin ratón');
  // Tab never leaves the dialog on its way to 'Crear'.
  for (let i = 0; i < 10 && !(await dialog.getByRole('button', { name: 'Crear' }).evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement)), 'the focus stays in the dialog').toBe(true);
  }
  await expect(dialog.getByRole('button', { name: 'Crear' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  await expect(opener).toBeFocused();
});

/** A company with one trivia of its own (through the API), for the tests below. */
async function companyWithTrivia(page: Page, label: string) {
  const stamp = Date.now();
  const company = await postJson<Company>(page, '/api/companies', { name: `${label} ${stamp}`, description: 'Empresa de la prueba' });
  const trivia = await createFourQuestionTrivia(page, company.id, `Trivia ${label} ${stamp}`);
  return { company, trivia };
}

test('a trivia card\'s "Más acciones" works by keyboard and by touch; a disabled item says why', async ({ browser, page }) => {
  test.setTimeout(120_000);
  await new LoginPage(page).signInAsAdmin();
  const { company, trivia } = await companyWithTrivia(page, 'Menú');
  const groups = new QuestionGroupsPage(page);
  await page.goto(`/packages?company=${company.id}`);
  const button = groups.cardMenu(trivia.name);
  await expect(button).toHaveAttribute('aria-haspopup', 'menu');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  // Only the main actions are buttons on the card.
  await expect(groups.card(trivia.name).getByRole('link')).toHaveText(['Ver Preguntas', 'Ver Ranking', 'Resultados']);

  await tabTo(page, button);
  await page.keyboard.press('Enter');
  const menu = groups.menu();
  const item = (name: string) => menu.getByRole('menuitem', { name, exact: true });
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const names = ['Editar', 'Editar Estilos', 'Duplicar', 'Copiar Link', 'Ver Trivia', 'Configurar kiosco', 'Pantalla', 'Descargar Puntajes', 'Limpiar Datos', 'Eliminar'];
  for (const name of names) await expect(item(name)).toBeVisible();
  // Real buttons and links under the menu roles.
  expect(await menu.getByRole('menuitem').evaluateAll((items) => items.map((el) => el.tagName))).toEqual(['BUTTON', 'BUTTON', 'BUTTON', 'BUTTON', 'A', 'BUTTON', 'A', 'BUTTON', 'BUTTON', 'BUTTON']);
  await expect(item('Editar')).toHaveAttribute('data-focus', '');
  await page.keyboard.press('ArrowDown');
  await expect(item('Editar Estilos')).toHaveAttribute('data-focus', '');
  await page.keyboard.press('End');
  await expect(item('Eliminar')).toHaveAttribute('data-focus', '');
  await page.keyboard.press('Home');
  await expect(item('Editar')).toHaveAttribute('data-focus', '');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();

  // An item chosen by keyboard opens its dialog; closing it gives the focus back to the menu's button.
  await page.keyboard.press('Enter');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown');
  await expect(item('Configurar kiosco')).toHaveAttribute('data-focus', '');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Configurar kiosco' })).toBeVisible();
  await expect(page.getByTestId('kiosk-setup-link')).toHaveValue(/\?kiosk=/);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(button).toBeFocused();

  // By touch, on a phone, where the clipboard cannot be used: "Copiar Link" is there, looks disabled and says why.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, storageState: await page.context().storageState() });
  await phone.addInitScript(() => Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined }));
  const touch = await phone.newPage();
  const onPhone = new QuestionGroupsPage(touch);
  await touch.goto(`/packages?company=${company.id}`);
  await onPhone.cardMenu(trivia.name).tap();
  const copy = onPhone.menu().getByRole('menuitem', { name: 'Copiar Link', exact: true });
  await expect(copy).toHaveAttribute('aria-disabled', 'true');
  await expect(copy).toHaveAccessibleDescription(/necesita HTTPS/);
  await expect(copy).toHaveCSS('cursor', 'not-allowed');
  await copy.tap({ force: true });
  await expect(touch.getByTestId('toast')).toHaveCount(0);
  await expect(onPhone.menu()).toBeVisible();
  await onPhone.menu().getByRole('menuitem', { name: 'Editar', exact: true }).tap();
  await expect(touch.getByRole('dialog').getByLabel('Nombre')).toHaveValue(trivia.name);
  await phone.close();
});

/** The screens whose header is checked at 200 % zoom and on a phone. */
const ADMIN_SCREENS = [
  { path: '/', heading: /^¡Hola/ },
  { path: '/company', heading: 'Administración de Empresas' },
  { path: '/packages', heading: 'Trivias' },
  { path: '/campaigns', heading: 'Administración de Campañas' },
  // The seeded demo trivia's admin ranking.
  { path: '/ranking-admin?id=1', heading: 'Trivia de Cultura General' },
  { path: '/devices', heading: 'Dispositivos' },
  { path: '/player-data', heading: 'Datos personales' },
  { path: '/player-merges', heading: 'Unir jugadores' },
  { path: '/usuarios', heading: 'Usuarios' },
  { path: '/mi-cuenta', heading: 'Mi cuenta' },
];
/** A 390 px phone at 200 % zoom is a 195 px-wide page; the same phone at 100 %. */
const NARROW = [
  { name: '200 % zoom', viewport: { width: 195, height: 422 }, deviceScaleFactor: 4 },
  { name: '390 px phone', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 },
] as const;

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('the admin header never scrolls sideways: at 200 % zoom and on a phone its links fold behind "Menú"', async ({ browser, page }) => {
  test.setTimeout(360_000);
  await new LoginPage(page).signInAsAdmin();
  // Where they fit, the links are in the header and there is no "Menú".
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto('/packages');
  await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link')).toHaveText(['Inicio', 'Trivias', 'Dispositivos', 'Datos personales', 'Usuarios']);
  await expect(page.getByRole('button', { name: 'Menú' })).toBeHidden();
  const storageState = await page.context().storageState();
  const found: string[] = [];
  for (const { name, viewport, deviceScaleFactor } of NARROW) {
    for (const colorScheme of SCHEMES) {
      const context = await browser.newContext({ viewport, deviceScaleFactor, colorScheme, reducedMotion: 'reduce', storageState });
      const narrow = await context.newPage();
      const menuButton = narrow.getByRole('banner').getByRole('button', { name: 'Menú' });
      const nav = narrow.getByRole('navigation', { name: 'Principal' });
      for (const screen of ADMIN_SCREENS) {
        await narrow.goto(screen.path);
        await expect(narrow.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
        expect(await sideways(narrow), `${name} ${colorScheme} ${screen.path}: no sideways scroll`).toBeLessThanOrEqual(0);
        await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
        await expect(nav).toBeHidden();
      }
      // Open by keyboard: the links show as a list under the header, still nothing sideways; Escape folds them.
      await tabTo(narrow, menuButton, 10);
      await narrow.keyboard.press('Enter');
      await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
      await expect(nav.getByRole('link')).toHaveText(['Inicio', 'Trivias', 'Dispositivos', 'Datos personales', 'Usuarios', 'Mi cuenta']);
      expect(await sideways(narrow), `${name} ${colorScheme}: no sideways scroll with "Menú" open`).toBeLessThanOrEqual(0);
      found.push(...(await seriousViolations(narrow, `${name} ${colorScheme} header with "Menú" open`)));
      await narrow.keyboard.press('Tab');
      await expect(nav.getByRole('link', { name: 'Inicio' })).toBeFocused();
      await narrow.keyboard.press('Escape');
      await expect(nav).toBeHidden();
      await expect(menuButton).toBeFocused();
      // Choosing a link goes there and folds the list.
      await menuButton.click();
      await nav.getByRole('link', { name: 'Trivias' }).click();
      await expect(narrow.getByRole('heading', { level: 1, name: 'Trivias' })).toBeVisible();
      await expect(nav).toBeHidden();
      await context.close();
    }
  }
  expect(found, `serious or critical axe violations:\n${found.join('\n')}`).toEqual([]);
});
