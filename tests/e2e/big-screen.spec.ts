import { type Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEFAULT_THEME, TIE_RULES, type Campaign, type CampaignRankingEntry, type Company } from '../../contract';
import { createFourQuestionTrivia, postJson, signInThroughApi, type Requester } from './support/admin-api';
import { seriousViolations } from './support/axe';
import { decodeQr } from './support/qr';
import { playBundle, syncRankedResults } from './support/ranked-results';
import { docsScreenshot } from './support/screenshot';
import { isoDay } from '../support/iso-day';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

/** The big screen ("Pantalla"): live, themed, with a QR code of the play link. */

// With motion, as most players see it (the suite's default is reduced motion: playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

const TV = { width: 1920, height: 1080 };

/** A company, its site and a trivia, made by the test's context through the admin API: no page. */
async function newTrivia(page: Requester, name: string) {
  await signInThroughApi(page);
  const company = await postJson<Company>(page, '/api/companies', { name: `Pantalla ${Date.now()}`, description: 'Feria' });
  await postJson(page, '/api/locations', { name: 'Stand Pantalla', companyId: company.id });
  return createFourQuestionTrivia(page, company.id, name);
}

/** Where a text's lines wrap: the character before and after each break ("/|ranking"). */
function lineBreaks(element: Locator): Promise<string[]> {
  return element.evaluate((node) => {
    const characters: { text: string; top: number }[] = [];
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      for (let i = 0; i < text.textContent!.length; i++) {
        const range = document.createRange();
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        const box = range.getClientRects()[0];
        if (box) characters.push({ text: text.textContent![i]!, top: box.top });
      }
    }
    return characters.flatMap((c, i) => (i > 0 && c.top > characters[i - 1]!.top + 1 ? [`${characters[i - 1]!.text}|${c.text}`] : []));
  });
}

test('a completion synced while the screen is open appears on it within 5 s, highlighted, and its QR code decodes to the play link', async ({ browser, context: admin, baseURL }) => {
  test.setTimeout(180_000);
  const trivia = await newTrivia(admin, `Pantalla en vivo ${Date.now()}`);
  const bundle = await playBundle(admin, trivia.id);
  await syncRankedResults(admin, bundle, ['Ana María Gómez', 'Beto Ruiz', 'Diana Prieto', 'Esteban Ríos', 'Fabiola Quintero', 'Gustavo Salas', 'Helena Torres'], 30);

  // The trivia's theme font is the screen's too.
  const themed = await admin.request.patch(`/api/question-groups/${trivia.id}/theme`, {
    data: { theme: { ...DEFAULT_THEME, fontFamily: 'Poppins' } },
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(themed.ok(), await themed.text()).toBe(true);

  const tv = await browser.newContext({ viewport: TV, locale: 'es-CO' });
  const screen = await tv.newPage();
  const fontFiles: string[] = [];
  screen.on('requestfinished', (request) => {
    if (request.url().endsWith('.woff2')) fontFiles.push(new URL(request.url()).pathname);
  });
  await screen.goto(`/pantalla/trivia/${trivia.id}`);
  await expect(screen.getByRole('heading', { level: 1, name: trivia.name })).toBeVisible();
  await expect.poll(() => fontFiles.some((file) => file.includes('poppins'))).toBe(true);
  await expect(screen.getByTestId('screen-row')).toHaveCount(7);
  await expect(screen.getByTestId('screen-link')).toHaveText(`${baseURL}/play-trivia/${trivia.id}`);
  expect(await decodeQr(screen.getByTestId('screen-qr'))).toBe(`${baseURL}/play-trivia/${trivia.id}`);

  // Another "kiosk" syncs a faster, better round: it shows on the open screen, without a reload.
  const loads: string[] = [];
  screen.on('load', () => loads.push(screen.url()));
  const synced = Date.now();
  await syncRankedResults(admin, bundle, ['Carla Núñez'], 10);
  const newest = screen.locator('[data-testid="screen-row"][data-newest]');
  await expect(newest).toContainText('Carla Núñez', { timeout: 5_000 });
  expect(Date.now() - synced).toBeLessThan(5_000);
  await expect(screen.getByTestId('screen-row')).toHaveCount(8);
  await expect(screen.getByTestId('screen-row').filter({ hasText: /Puesto 1(?!\d)/ })).toContainText('Carla Núñez');
  await expect(screen.getByTestId('screen-newest')).toContainText('Carla Núñez');
  // A trivia's screen shows the score as the rankings do: a percentage, never points.
  await expect(screen.getByTestId('screen-newest')).toContainText(/\d%/);
  await expect(screen.getByTestId('screen-newest')).not.toContainText('pts');
  // The order of equal results is said, as beside the rankings.
  await expect(screen.getByTestId('tie-rule')).toHaveText(TIE_RULES.trivia);
  expect(loads).toEqual([]);

  // The server unreachable: the screen keeps its data and says how old it is, then recovers by itself.
  await screen.route('**/api/public/screens/**', (route) => route.abort('connectionrefused'));
  await expect(screen.getByTestId('screen-status')).toContainText(/Sin conexión · datos de las \d\d:\d\d/, { timeout: 10_000 });
  await expect(screen.getByTestId('screen-row')).toHaveCount(8);
  await docsScreenshot(screen, 'big-screen-offline-1920');
  await screen.unroute('**/api/public/screens/**');
  await expect(screen.getByTestId('screen-status')).toContainText('En vivo', { timeout: 15_000 });

  // A 3840×2160 TV gets the same screen, twice as large.
  await docsScreenshot(screen, 'big-screen-1920');
  await screen.setViewportSize({ width: 3840, height: 2160 });
  await expect(screen.getByRole('heading', { level: 1, name: trivia.name })).toBeVisible();
  expect(await decodeQr(screen.getByTestId('screen-qr'))).toBe(`${baseURL}/play-trivia/${trivia.id}`);
  await docsScreenshot(screen, 'big-screen-3840');
  await tv.close();
});

test('the big screen passes axe in light and dark mode, and a missing trivia or a bad id says so', async ({ browser, context: admin }) => {
  const trivia = await newTrivia(admin, `Pantalla axe ${Date.now()}`);
  await syncRankedResults(admin, await playBundle(admin, trivia.id), ['Ana María Gómez', 'Beto Ruiz', 'Carla Núñez', 'Darío Pérez'], 30);
  // One screen, each address reached once, the colour scheme switched in place for axe.
  const tv = await browser.newContext({ viewport: TV, locale: 'es-CO' });
  const screen = await tv.newPage();
  const axeInBothSchemes = async (what: string, picture?: string) => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await screen.emulateMedia({ colorScheme });
      expect(await seriousViolations(screen, `${what} (${colorScheme})`)).toEqual([]);
      if (picture && colorScheme === 'light') await docsScreenshot(screen, picture);
    }
    await screen.emulateMedia({ colorScheme: 'light' });
  };
  await screen.goto(`/pantalla/trivia/${trivia.id}`);
  await expect(screen.getByTestId('screen-row')).toHaveCount(4);
  await expect(screen.getByTestId('screen-qr').locator('svg')).toBeVisible();
  await axeInBothSchemes('big screen');

  await screen.goto('/pantalla/trivia/999999');
  await expect(screen.getByRole('heading', { level: 1, name: 'Esta trivia no existe o fue eliminada.' })).toBeVisible();
  await expect(screen.getByText(/Seguimos intentando/)).toBeVisible();
  await axeInBothSchemes('missing trivia', 'big-screen-missing-1920');

  await screen.goto('/pantalla/campana/abc');
  await expect(screen.getByRole('heading', { level: 1, name: 'La dirección de esta pantalla no es válida.' })).toBeVisible();
  await tv.close();
});

test('a campaign screen shows its newest finisher with her campaign total, as her row does, and its address wraps only after a "/"', async ({ browser, context: admin, baseURL }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const first = await newTrivia(admin, `Copa primera ${stamp}`);
  const second = await createFourQuestionTrivia(admin, first.companyId, `Copa segunda ${stamp}`);
  const names = ['Ana Primera', 'Beto Segundo', 'Carla Tercera', 'Dario Cuarto', 'Elena Quinta', 'Fabio Sexto', 'Inés Séptima'];
  const documents = names.map((_, i) => `C${stamp % 1_000_000_000}${i}`);
  await syncRankedResults(admin, await playBundle(admin, first.id), names, 30, documents);
  const campaign = await postJson<Campaign>(admin, '/api/campaigns', { name: `Copa ${stamp}`, companyId: first.companyId, startDate: isoDay(-1), endDate: isoDay(1) });
  for (const trivia of [first, second]) await postJson(admin, '/api/campaign-question-groups', { campaignId: campaign.id, questionGroupId: trivia.id });

  const tv = await browser.newContext({ viewport: TV, locale: 'es-CO' });
  const screen = await tv.newPage();
  await screen.goto(`/pantalla/campana/${campaign.id}`);
  await expect(screen.getByTestId('screen-row')).toHaveCount(7);

  // Inés plays the second trivia and gets half of it: her campaign total is both rounds, weighted.
  await syncRankedResults(admin, await playBundle(admin, second.id), ['Inés Séptima'], 20, documents.slice(6), (q) => (q < 2 ? 0 : 1));
  const ranking = (await (await admin.request.get(`/api/public/campaigns/${campaign.id}/ranking`)).json()) as CampaignRankingEntry[];
  const ines = ranking.find((entry) => entry.firstName === 'Inés')!;
  const total = `${new Intl.NumberFormat('es', { maximumFractionDigits: 2 }).format(ines.totalScore)} pts`;
  await expect(screen.getByTestId('screen-newest')).toHaveText(`Acaba de terminar: Inés Séptima · ${total} en la campaña`, { timeout: 5_000 });
  await expect(screen.locator('[data-testid="screen-row"][data-newest]')).toContainText(total);

  // The address breaks between its parts, never inside a word, on a 1920 TV and on smaller screens.
  const link = screen.getByTestId('screen-link');
  await expect(link).toHaveText(`${baseURL}/public/campaigns/${campaign.id}/ranking`);
  for (const viewport of [TV, { width: 1366, height: 768 }, { width: 1024, height: 768 }]) {
    await screen.setViewportSize(viewport);
    for (const at of await lineBreaks(link)) expect(at, `a line break at ${viewport.width} px`).toMatch(/^\/\|/);
    if (viewport === TV) await docsScreenshot(screen, 'big-screen-campaign-1920');
  }
  await tv.close();
});
