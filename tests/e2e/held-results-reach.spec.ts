import { type Browser, type BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Company, QuestionGroup } from '../../contract';
import { createFourQuestionTrivia, postJson, signInThroughApi } from './support/admin-api';
import { seriousViolations, tabTo } from './support/axe';
import { syncHeldResults } from './support/held-results';
import { DOCS_SCREENSHOTS, docsFullPageScreenshot, docsScreenshot } from './support/screenshot';
import { testBundle } from './support/test-bundle';
import { brokenWords } from './support/text-lines';

/**
 * How an organiser finds the results held for review of a trivia: from its card ("Resultados",
 * with "N en revisión"), the dashboard's "Resultados en revisión", the picker of /ranking-admin and,
 * signed in, the public ranking; and the admin ranking with held results at 200 % zoom on a phone.
 */

const SCHEMES = ['light', 'dark'] as const;
const SIZES = [
  { device: 'phone', width: 390, height: 844 },
  { device: 'tablet', width: 1024, height: 768 },
  { device: 'desktop', width: 1366, height: 900 },
] as const;
const PLAYERS = ['Ana Revisión', 'Beto Revisión', 'Carla Revisión', 'Darío Revisión'];

let company: Company;
let trivia: QuestionGroup;
let storageState: Awaited<ReturnType<BrowserContext['storageState']>>;

async function signedIn(browser: Browser, colorScheme: 'light' | 'dark' = 'light', viewport: { width: number; height: number } = { width: 1366, height: 900 }, deviceScaleFactor = 1) {
  const context = await browser.newContext({ colorScheme, reducedMotion: 'reduce', viewport, deviceScaleFactor, storageState });
  return context.newPage();
}

test.beforeAll(async ({ browser }) => {
  // Through the admin API alone: no page.
  const admin = await browser.newContext();
  await signInThroughApi(admin);
  storageState = await admin.storageState();
  company = await postJson<Company>(admin, '/api/companies', { name: 'Expo Ciencia', description: 'Feria de ciencia' });
  await postJson(admin, '/api/locations', { name: 'Stand Central', companyId: company.id });
  trivia = await createFourQuestionTrivia(admin, company.id, 'Desafío Espacial');
  // Four players finish on one phone in no time: stored, held for review, out of the ranking.
  await syncHeldResults(admin, await testBundle(trivia.id), PLAYERS);
  await admin.close();
});

test('the trivia card, the dashboard, the admin ranking picker and the public ranking (signed in) say how many results wait in review and lead to them', async ({ browser }) => {
  test.setTimeout(180_000);
  const found: string[] = [];
  // One page at every width, each screen reached once: the colour scheme does not move the
  // layout, so it is switched in place where axe (on a desktop) or a picture needs it.
  const atWidths = await signedIn(browser);
  for (const { device, width, height } of SIZES) {
    await atWidths.setViewportSize({ width, height });
    const schemes = device === 'desktop' || DOCS_SCREENSHOTS ? SCHEMES : [];
    await atWidths.goto(`/packages?company=${company.id}`);
    const card = atWidths.getByRole('article', { name: trivia.name, exact: true });
    await expect(card.getByTestId('in-review-count')).toHaveText('4 en revisión');
    await expect(card.getByRole('link', { name: /^Resultados/ })).toHaveAttribute('href', `/ranking-admin?id=${trivia.id}`);
    expect(await atWidths.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `/packages ${width}`).toBeLessThanOrEqual(0);
    for (const colorScheme of schemes) {
      await atWidths.emulateMedia({ colorScheme });
      found.push(...(await seriousViolations(atWidths, `/packages ${colorScheme} ${device}`)));
      await docsFullPageScreenshot(atWidths, `packages-in-review-${colorScheme}-${device}`);
    }
    await atWidths.emulateMedia({ colorScheme: 'light' });

    await atWidths.goto('/');
    const callout = atWidths.getByRole('region', { name: 'Resultados en revisión' });
    await expect(callout.getByRole('link', { name: new RegExp(`^${trivia.name} Expo Ciencia 4 en revisión`) })).toHaveAttribute('href', `/ranking-admin?id=${trivia.id}`);
    for (const colorScheme of schemes) {
      await atWidths.emulateMedia({ colorScheme });
      found.push(...(await seriousViolations(atWidths, `/ ${colorScheme} ${device}`)));
      await docsFullPageScreenshot(atWidths, `dashboard-in-review-${colorScheme}-${device}`);
    }
    await atWidths.emulateMedia({ colorScheme: 'light' });
  }
  await atWidths.context().close();
  expect(found, `serious or critical axe violations:\n${found.join('\n')}`).toEqual([]);

  const page = await signedIn(browser);
  // The dashboard's entry leads to the held results.
  await page.goto('/');
  await page.getByRole('region', { name: 'Resultados en revisión' }).getByRole('link', { name: new RegExp(`^${trivia.name}`) }).click();
  await expect(page.getByRole('region', { name: 'Resultados en revisión' }).getByRole('listitem')).toHaveCount(4);

  // /ranking-admin without a trivia: the ones waiting, and a picker by company and name.
  await page.goto('/ranking-admin');
  await expect(page.getByRole('region', { name: 'Resultados en revisión' }).getByRole('link', { name: new RegExp(`^${trivia.name}`) })).toBeVisible();
  await page.getByLabel('Empresa').selectOption({ label: company.name });
  await page.getByLabel('Trivia', { exact: true }).selectOption({ label: `${trivia.name} · 4 en revisión` });
  await page.getByRole('button', { name: 'Ver ranking' }).click();
  await expect(page).toHaveURL(`/ranking-admin?id=${trivia.id}`);
  await expect(page.getByRole('region', { name: 'Resultados en revisión' }).getByRole('listitem')).toHaveCount(4);
  // ?id= opens with the picker on that trivia.
  await page.reload();
  await expect(page.getByLabel('Empresa')).toHaveValue(String(company.id));
  await expect(page.getByLabel('Trivia', { exact: true })).toHaveValue(String(trivia.id));

  // The public ranking, signed in: the held results are not there, it says so and leads to them.
  await page.goto(`/ranking/${trivia.id}`);
  await expect(page.getByTestId('admin-review-notice')).toHaveText('4 resultados de esta trivia esperan revisión y no aparecen en este ranking público.');
  await expect(page.getByRole('complementary', { name: 'Aviso para administradores' }).getByRole('link', { name: /^Resultados/ })).toHaveAttribute('href', `/ranking-admin?id=${trivia.id}`);
  await expect(page.getByLabel('Mostrar intentos duplicados')).toBeVisible();
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousViolations(page, `/ranking/${trivia.id} signed in, ${colorScheme}`)).toEqual([]);
  }
  await page.context().close();

  // The public never asks for the held counts, sees no notice and no "Mostrar intentos duplicados".
  const publicContext = await browser.newContext({ reducedMotion: 'reduce' });
  const visitor = await publicContext.newPage();
  const asked: string[] = [];
  visitor.on('request', (request) => {
    if (request.url().includes('/api/player-attempts/held')) asked.push(request.url());
  });
  await visitor.goto(`/ranking/${trivia.id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: trivia.name })).toBeVisible();
  await expect(visitor.getByText('No hay resultados para mostrar')).toBeVisible();
  await expect(visitor.getByTestId('admin-review-notice')).toHaveCount(0);
  await expect(visitor.getByLabel('Mostrar intentos duplicados')).toHaveCount(0);
  expect(asked).toEqual([]);
  await publicContext.close();
});

test('an organiser new to the product reaches the held results from the trivia card in one Enter, approves one and draws a prize, by keyboard alone', async ({ browser }) => {
  const page = await signedIn(browser);
  await page.goto(`/packages?company=${company.id}`);
  const card = page.getByRole('article', { name: trivia.name, exact: true });
  await expect(card.getByTestId('in-review-count')).toHaveText('4 en revisión');

  // From here on: Tab, Enter and Space only. Two activations reach the held results: the card's
  // "Resultados", then the link down to them at the top of the admin ranking.
  await tabTo(page, card.getByRole('link', { name: /^Resultados/ }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/ranking-admin?id=${trivia.id}`);
  const held = page.getByRole('region', { name: 'Resultados en revisión' });
  await expect(held.getByRole('listitem')).toHaveCount(4);
  const rows = page.getByTestId('ranking-row');
  await expect(rows).toHaveCount(0);
  await expect(page.getByText('4 resultados esperan tu decisión')).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Ir a Resultados en revisión' }), 20);
  await page.keyboard.press('Enter');
  await expect(held.getByRole('heading', { name: 'Resultados en revisión' })).toBeFocused();
  await expect(held.getByRole('heading', { name: 'Resultados en revisión' })).toBeInViewport();

  await tabTo(page, held.getByRole('button', { name: `Aprobar el resultado de ${PLAYERS[0]}` }), 20);
  await page.keyboard.press('Enter');
  await expect(held.getByRole('listitem')).toHaveCount(3);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(PLAYERS[0]!);

  const draws = page.getByTestId('prize-draws');
  await tabTo(page, draws.getByRole('button', { name: 'Sortear' }), 120);
  await page.keyboard.press('Space');
  const drawn = draws.getByRole('listitem', { name: /^Sorteo #/ });
  await expect(drawn).toHaveCount(1);
  await expect(drawn.getByRole('list', { name: /^Ganadores del sorteo/ }).getByRole('listitem')).toHaveText([new RegExp(`^${PLAYERS[0]}`)]);
  await page.context().close();
});

test('the dashboard and the admin ranking with held results and a draw never scroll sideways at 200 % zoom on a phone (195 px), light and dark', async ({ browser }) => {
  test.setTimeout(120_000);
  // Each screen reached once at 195 px; the layout is checked once and axe in each scheme, switched in place.
  const zoomed = await signedIn(browser, 'light', { width: 195, height: 422 }, 2);
  const inBothSchemes = async (screen: string, picture?: string) => {
    for (const colorScheme of SCHEMES) {
      await zoomed.emulateMedia({ colorScheme });
      expect(await seriousViolations(zoomed, `${screen} 195 px ${colorScheme}`)).toEqual([]);
      if (picture) await docsFullPageScreenshot(zoomed, `${picture}-${colorScheme}`);
    }
    await zoomed.emulateMedia({ colorScheme: 'light' });
  };
  // The dashboard: "Resultados en revisión" and each recent trivia's "Resultados" with its count fit the page.
  await zoomed.goto('/');
  await expect(zoomed.getByRole('region', { name: 'Resultados en revisión' }).getByRole('link', { name: new RegExp(trivia.name) })).toBeVisible();
  expect(await zoomed.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'the dashboard').toBeLessThanOrEqual(0);
  expect(await brokenWords(zoomed, 'main h2'), "the dashboard's words cut across lines").toEqual([]);
  await inBothSchemes('/', 'dashboard-zoom-200');
  await zoomed.goto(`/ranking-admin?id=${trivia.id}`);
  const held = zoomed.getByRole('region', { name: 'Resultados en revisión' });
  await expect(held.getByRole('listitem')).toHaveCount(3);
  await expect(zoomed.getByTestId('prize-draws').getByRole('listitem', { name: /^Sorteo #/ })).toHaveCount(1);
  // Nothing wider than the page, no box of it scrolling sideways on its own, no button or link whose words spill out of it.
  const wide = await zoomed.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.scrollWidth > el.clientWidth + 1 && (['auto', 'scroll'].includes(getComputedStyle(el).overflowX) || el.matches('button, a')))
      .map((el) => `${el.tagName.toLowerCase()} "${el.textContent}"`),
  );
  expect(await zoomed.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'the admin ranking').toBeLessThanOrEqual(0);
  expect(wide, 'boxes that scroll sideways').toEqual([]);
  await inBothSchemes('/ranking-admin');
  await zoomed.context().close();

  // The admin ranking at every width, reached once on one page (the scheme switched in place for the pictures).
  const atWidths = await signedIn(browser);
  for (const { device, width, height } of SIZES) {
    await atWidths.setViewportSize({ width, height });
    await atWidths.goto(`/ranking-admin?id=${trivia.id}`);
    await expect(atWidths.getByRole('region', { name: 'Resultados en revisión' }).getByRole('listitem')).toHaveCount(3);
    await expect(atWidths.getByTestId('ranking-row')).toHaveCount(1);
    expect(await atWidths.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `/ranking-admin ${width}`).toBeLessThanOrEqual(0);
    for (const colorScheme of DOCS_SCREENSHOTS ? SCHEMES : []) {
      await atWidths.emulateMedia({ colorScheme });
      expect(await seriousViolations(atWidths, `/ranking-admin ${colorScheme} ${device}`)).toEqual([]);
      await docsFullPageScreenshot(atWidths, `ranking-admin-held-${colorScheme}-${device}`);
      // The gallery's "Held results": the section alone, the sticky bar hidden as it would cover its top.
      if (colorScheme === 'light' && device === 'desktop') {
        await docsScreenshot(atWidths.getByRole('region', { name: 'Resultados en revisión' }), 'held-results-desktop', { style: 'header { display: none !important; }' });
      }
    }
    await atWidths.emulateMedia({ colorScheme: 'light' });
  }
  await atWidths.context().close();
});
