import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { COMPANY_ROLE_LABELS, type Campaign, type Company, type TriviaRankingEntry } from '../../contract';
import { createFourQuestionTrivia, postJson, signInThroughApi } from './support/admin-api';
import { tabTo } from './support/axe';
import { isoDay } from '../support/iso-day';
import { playBundle, syncRankedResults } from './support/ranked-results';
import { checkLightAndDark } from './support/light-and-dark';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });


/** Company A (a trivia with ranked players, their documents known, and a campaign of it) and company B (a trivia). */
async function seedTwoCompanies(page: Page) {
  const stamp = Date.now();
  const a = await postJson<Company>(page, '/api/companies', { name: `Cliente A ${stamp}`, description: 'La empresa del cliente' });
  const b = await postJson<Company>(page, '/api/companies', { name: `Cliente B ${stamp}`, description: 'Otra empresa' });
  await postJson(page, '/api/locations', { name: 'Stand A', companyId: a.id });
  const triviaA = await createFourQuestionTrivia(page, a.id, `Trivia A ${stamp}`);
  const triviaB = await createFourQuestionTrivia(page, b.id, `Trivia B ${stamp}`);
  const documents = [1, 2, 3].map((n) => `77${n}${stamp % 1_000_000}`);
  await syncRankedResults(page, await playBundle(page, triviaA.id), ['Ana María Uno', 'Beto Dos', 'Carla Tres'], 30, documents);
  const campaign = await postJson<Campaign>(page, '/api/campaigns', { name: `Campaña A ${stamp}`, companyId: a.id, startDate: isoDay(-1), endDate: isoDay(1) });
  await postJson(page, '/api/campaign-question-groups', { campaignId: campaign.id, questionGroupId: triviaA.id });
  return { a, b, triviaA, triviaB, campaign, documents };
}

/** No document number anywhere on the page, its text or its markup. */
async function expectNoDocuments(page: Page, documents: string[], screen: string) {
  const html = await page.content();
  for (const document of documents) expect(html.includes(document), `${screen} shows the document ${document}`).toBe(false);
}

/** The controls that change content or export people, which a viewer never sees on a screen. */
async function expectNoEditOrExport(page: Page, screen: string) {
  const main = page.getByRole('main');
  const forbidden = /^(Crear|Editar|Eliminar|Duplicar|Importar|Exportar CSV|Descargar Puntajes|Limpiar Datos|Descalificar|Restaurar|Configurar|Agregar|Generar con IA|Personalizar Tema|Sortear)/;
  const names = await main.getByRole('button').or(main.getByRole('link')).evaluateAll((els) => els.map((el) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim()));
  expect(names.filter((name) => forbidden.test(name)), `${screen}: edit or export controls`).toEqual([]);
}

test('a viewer of company A sees only A on the dashboard, rankings and analysis, no document, no edit or export; B\'s trivia does not exist for them; disabled, their next request signs them out', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInThroughApi(page);
  const { a, triviaA, triviaB, campaign, documents } = await seedTwoCompanies(page);

  // The owner invites a client of company A, read-only, from "Usuarios".
  await page.goto('/usuarios');
  await page.getByRole('button', { name: 'Invitar usuario' }).click();
  const invite = page.getByRole('dialog', { name: 'Invitar usuario' });
  await invite.getByLabel('Nombre', { exact: true }).fill('Valeria');
  await invite.getByLabel('Apellido', { exact: true }).fill('Cliente');
  await invite.getByLabel('Correo electrónico').fill('valeria@example.com');
  await invite.getByLabel('Usuario', { exact: true }).fill(`cliente.a.${Date.now()}`);
  await expect(invite.getByRole('radio', { name: /^Por empresa/ })).toBeChecked();
  const row = invite.getByTestId('access-row');
  await row.getByLabel('Empresa', { exact: true }).selectOption({ label: a.name });
  await row.getByLabel('Rol', { exact: true }).selectOption({ label: COMPANY_ROLE_LABELS.viewer });
  await invite.getByRole('button', { name: 'Crear invitación' }).click();
  const invitation = await page.getByRole('dialog', { name: 'Invitación creada' }).getByTestId('account-link').inputValue();
  await page.keyboard.press('Escape');

  // The viewer, in a browser of their own, chooses a password through the link and is signed in.
  const viewerContext: BrowserContext = await browser.newContext({ baseURL, locale: 'es-CO', viewport: { width: 1366, height: 768 } });
  const viewer = await viewerContext.newPage();
  await viewer.goto(invitation);
  await viewer.getByLabel('Contraseña nueva', { exact: true }).fill('mirador-de-ventas-4');
  await viewer.getByLabel('Repite la contraseña', { exact: true }).fill('mirador-de-ventas-4');
  await viewer.keyboard.press('Enter');
  await expect(viewer).toHaveURL(/\/$/);

  // Dashboard: company A's counts and trivias only; the header offers only what the role may use.
  const nav = viewer.getByRole('navigation', { name: 'Principal' });
  await expect(nav.getByRole('link', { name: 'Trivias' })).toBeVisible();
  for (const hidden of ['Dispositivos', 'Datos personales', 'Usuarios']) await expect(nav.getByRole('link', { name: hidden })).toHaveCount(0);
  await expect(viewer.getByTestId('count-companies')).toContainText('1');
  await expect(viewer.getByTestId('count-trivias')).toContainText('1');
  await expect(viewer.getByTestId('count-campaigns')).toContainText('1');
  await expect(viewer.getByRole('heading', { level: 3, name: triviaA.name })).toBeVisible();
  await expect(viewer.getByRole('article', { name: campaign.name })).toBeVisible();
  await expect(viewer.getByText(triviaB.name)).toHaveCount(0);
  await expect(viewer.getByRole('heading', { name: 'Resultados en revisión' })).toHaveCount(0);
  await expectNoEditOrExport(viewer, 'dashboard');
  // The cards say what a client can do there, not "Gestiona" or "Crea".
  await expect(viewer.getByText('Tus empresas y sus sedes.')).toBeVisible();
  await expect(viewer.getByText(/Gestiona|Crea y gestiona|Combina varias/)).toHaveCount(0);
  await expectNoDocuments(viewer, documents, 'dashboard');
  await checkLightAndDark(viewer, 'viewer dashboard', 'roles-viewer-dashboard');

  // Trivias: company A alone, its card without edit, kiosk, export or delete in its menu.
  await nav.getByRole('link', { name: 'Trivias' }).click();
  const card = viewer.getByRole('article', { name: triviaA.name });
  await expect(card).toBeVisible();
  await expect(viewer.getByRole('article')).toHaveCount(1);
  await expectNoEditOrExport(viewer, 'trivias');
  await card.getByRole('button', { name: `Más acciones de ${triviaA.name}` }).click();
  await expect(viewer.getByRole('menuitem')).toHaveText(['Copiar Link', 'Ver Trivia', 'Pantalla']);
  await viewer.keyboard.press('Escape');

  // The admin ranking, by keyboard from the card: names as the API sends them to this viewer, no document, no moderation, draw or export.
  const results = card.getByRole('link', { name: 'Resultados' });
  await tabTo(viewer, results);
  await viewer.keyboard.press('Enter');
  await expect(viewer).toHaveURL(new RegExp(`/ranking-admin\\?id=${triviaA.id}$`));
  const rows = viewer.getByTestId('ranking-row');
  await expect(rows).toHaveCount(3);
  const sent = (await (await viewerContext.request.get(`/api/ranking?questionGroupId=${triviaA.id}`)).json()) as { data: TriviaRankingEntry[] } | TriviaRankingEntry[];
  const entries = Array.isArray(sent) ? sent : sent.data;
  await expect(rows.getByTestId('ranking-name')).toHaveText(entries.map((entry) => `${entry.firstName} ${entry.lastName}`));
  await expect(viewer.getByRole('heading', { name: 'Sorteo' })).toHaveCount(0);
  await expect(viewer.getByLabel('Mostrar intentos duplicados')).toHaveCount(0);
  await expect(viewer.getByRole('link', { name: /^Historial/ })).toHaveCount(0);
  await expectNoEditOrExport(viewer, 'ranking');
  await expectNoDocuments(viewer, documents, 'ranking');
  await checkLightAndDark(viewer, 'viewer ranking', 'roles-viewer-ranking');

  // Campaigns: company A's, without create, edit or delete.
  await viewer.goto('/campaigns');
  await expect(viewer.getByRole('article', { name: campaign.name })).toBeVisible();
  await expect(viewer.getByRole('article')).toHaveCount(1);
  await expectNoEditOrExport(viewer, 'campaigns');

  // The campaign's ranking: no export, no settings.
  await viewer.goto(`/campaigns/${campaign.id}/ranking`);
  await expect(viewer.getByRole('heading', { level: 1, name: `Ranking: ${campaign.name}` })).toBeVisible();
  await expect(viewer.getByTestId('campaign-ranking-row').first()).toBeVisible();
  await expectNoEditOrExport(viewer, 'campaign ranking');
  await expectNoDocuments(viewer, documents, 'campaign ranking');

  // The trivia's analysis, from its card.
  await viewer.goto(`/packages?company=${a.id}`);
  await viewer.getByRole('article', { name: triviaA.name }).getByRole('link', { name: 'Análisis' }).click();
  await expect(viewer.getByRole('heading', { level: 1, name: `Análisis: ${triviaA.name}` })).toBeVisible();
  await expect(viewer.getByTestId('analysis-summary')).toContainText('3 rondas contadas');
  await expectNoEditOrExport(viewer, 'analysis');
  await expectNoDocuments(viewer, documents, 'analysis');
  await checkLightAndDark(viewer, 'viewer analysis', 'roles-viewer-analysis');

  // Company B's trivia by its address: it does not exist, on its questions, its analysis and its admin ranking.
  for (const path of [`/packages/${triviaB.id}/questions`, `/packages/${triviaB.id}/analysis`, `/ranking-admin?id=${triviaB.id}`]) {
    await viewer.goto(path);
    await expect(viewer.getByText('Trivia no encontrada'), path).toBeVisible();
    await expect(viewer.getByText(`No existe ninguna trivia con el ID ${triviaB.id}.`)).toBeVisible();
    await expect(viewer.getByText(triviaB.name)).toHaveCount(0);
  }
  await checkLightAndDark(viewer, 'a trivia out of reach', 'roles-viewer-missing-trivia');
  // A screen the role cannot use, by its address: said plainly.
  await viewer.goto('/devices');
  await expect(viewer.getByRole('heading', { level: 1, name: 'Dispositivos: no disponible para tu rol' })).toBeVisible();
  await checkLightAndDark(viewer, 'a screen the role cannot use', 'roles-viewer-refusal');
  // At 200 % zoom on a phone (195 px) the refusal wraps: nothing scrolls sideways.
  await viewer.setViewportSize({ width: 195, height: 422 });
  expect(await viewer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'the refusal at 195 px: no sideways scroll').toBeLessThanOrEqual(0);
  await viewer.setViewportSize({ width: 1366, height: 768 });

  // The owner disables the viewer: their next request signs them out.
  await page.goto('/usuarios');
  await page.getByRole('button', { name: 'Más acciones de Valeria Cliente' }).click();
  await page.getByRole('menuitem', { name: 'Desactivar', exact: true }).click();
  await expect(page.getByTestId('user-card').filter({ hasText: 'Valeria Cliente' }).getByTestId('user-status')).toHaveText('Desactivado');
  await viewer.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Trivias' }).click();
  await expect(viewer).toHaveURL(/\/auth$/);
  await viewerContext.close();
});
