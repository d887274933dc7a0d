import { readFile } from 'node:fs/promises';
import { expect, type BrowserContext } from '@playwright/test';
import type { TriviaRankingEntry } from '../../../contract';
import { PlayerPage } from '../pages/player-page';
import type { Journey } from './journey-build';
import { testBundle } from './test-bundle';

/**
 * The admin journey's second half (tests/e2e/admin-journey.spec.ts): a player plays the trivia from
 * its copied link, and the admin sees the ranking, exports and clears the scores and removes it all.
 */

/** Copiar Link puts the public play link on the clipboard; returns the link. */
export async function playLinkCopied(journey: Journey, baseURL: string | undefined) {
  const { page, toast, groups, triviaName, triviaId, playHref } = journey;
  await (await groups.cardAction(triviaName, 'Copiar Link')).click();
  await expect(toast).toContainText('Link copiado');
  const playLink = await page.evaluate(() => navigator.clipboard.readText());
  expect(playLink).toBe(`${baseURL}${playHref}`);
  await expect(groups.cardLink(triviaName, 'Ver Ranking')).toHaveAttribute('href', `/ranking/${triviaId}`);
  return playLink;
}

/** A player opens the copied link on a kiosk of their own and plays a round. */
export async function playerPlaysARound(journey: Journey, context: BrowserContext, baseURL: string | undefined, playLink: string) {
  const { page, triviaId, playerName } = journey;
  const kiosk = await context.browser()!.newContext({ baseURL, locale: 'es-CO' });
  const kioskPage = await kiosk.newPage();
  const player = new PlayerPage(kioskPage);
  const bundle = await testBundle(triviaId);
  await kioskPage.goto(playLink);
  await expect(player.validate()).toBeVisible();
  await player.enterDocument(bundle.documentTypes[0]!.name, `9${Date.now() % 1_000_000_000}`);
  await player.registerAs(playerName, 'Stand Sur');
  // The instructions: the bold text rendered, nothing of the image handler or the script.
  const instructions = kioskPage.getByTestId('group-instructions');
  await expect(instructions.locator('strong')).toHaveText('Lee bien');
  await expect(instructions.locator('img, script')).toHaveCount(0);
  await expect(kioskPage.locator('img[onerror]')).toHaveCount(0);
  expect(await kioskPage.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  await player.start().click();
  await player.playRoundFrom(bundle, 1, [true, false, true], 3);
  await expect(player.score()).toHaveText('67%');
  expect(await kioskPage.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  await expect
    .poll(async () => {
      const reply = await page.request.get(`/api/ranking?questionGroupId=${triviaId}`);
      return ((await reply.json()) as TriviaRankingEntry[]).length;
    }, { timeout: 20_000 })
    .toBe(1);
  await kiosk.close();
}

/** Ver Ranking shows the player. */
export async function rankingShowsThePlayer(journey: Journey) {
  const { page, groups, triviaName } = journey;
  await groups.cardLink(triviaName, 'Ver Ranking').click();
  await expect(page.getByTestId('ranking-row')).toHaveCount(1);
  await expect(page.getByTestId('ranking-row')).toContainText('Ana Ruiz');
  await expect(page.getByTestId('ranking-score')).toHaveText('67%');
  await page.goBack();
}

/** Descargar Puntajes: the dated name, a BOM, the Spanish header, the row made inert. */
export async function scoresDownloaded(journey: Journey) {
  const { page, toast, groups, triviaName, stamp } = journey;
  const downloading = page.waitForEvent('download');
  await (await groups.cardAction(triviaName, 'Descargar Puntajes')).click();
  const download = await downloading;
  // The name as written (filename*: spaces and accents kept), not the spec's ASCII fallback.
  expect(download.suggestedFilename()).toMatch(new RegExp(`^puntajes_Trivia Seguridad ${stamp} v2_\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const csv = await readFile((await download.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv.toString('utf8').slice(1).split('\r\n').filter(Boolean);
  expect(lines[0]).toMatch(/^Nombre completo,Tipo de documento,Número de documento,Sede,Puntaje \(%\)/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^'=1\\+1 Ana Ruiz ${stamp},[^,]+,9\\d+,Stand Sur,67,2,3,`));
  await expect(toast).toContainText('Archivo de puntajes descargado correctamente');
}

/** Limpiar Datos asks the browser to confirm, naming the trivia; the ranking then is empty. */
export async function scoresCleared(journey: Journey) {
  const { page, toast, groups, triviaName } = journey;
  page.once('dialog', async (dialog) => {
    expect(dialog.type()).toBe('confirm');
    expect(dialog.message()).toContain(`"${triviaName}"`);
    expect(dialog.message()).toContain('no se puede deshacer');
    await dialog.accept();
  });
  await (await groups.cardAction(triviaName, 'Limpiar Datos')).click();
  await expect(toast).toContainText('Datos eliminados');
  await expect(toast).toContainText('Se eliminó 1 intento de juego');
  await groups.cardLink(triviaName, 'Ver Ranking').click();
  await expect(page.getByText('No hay resultados para mostrar')).toBeVisible();
  await expect(page.getByTestId('ranking-row')).toHaveCount(0);
  await page.goBack();
}

/** A company that still has a trivia cannot be deleted. */
export async function companyWithTriviaKept(journey: Journey) {
  const { toast, companies, companyName } = journey;
  await companies.goto();
  await companies.deleteCompany(companyName);
  await expect(toast).toContainText('No se pudo eliminar la empresa');
  await expect(toast).toContainText('todavía tiene trivias o campañas');
}

/** Delete a question, after a confirmation that says its answers go too. */
export async function questionDeleted(journey: Journey) {
  const { page, toast, questions, triviaId } = journey;
  await questions.goto(triviaId);
  const sky = questions.card('color es el cielo');
  await sky.getByRole('button', { name: /^Eliminar pregunta/ }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Se eliminarán también todas sus respuestas');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(toast).toContainText('Pregunta eliminada correctamente');
  await expect(questions.cards()).toHaveCount(4);
  await expect(sky).toHaveCount(0);
}

/** Delete the trivia, the sites and the company, each with its confirmation. */
export async function everythingDeleted(journey: Journey) {
  const { page, toast, companies, groups, companyName, triviaName, triviaId } = journey;
  await groups.goto();
  await groups.deleteTrivia(triviaName);
  await expect(toast).toContainText('Trivia eliminada correctamente');
  await expect(page.getByText('No hay trivias para esta empresa. ¡Crea una nueva!')).toBeVisible();
  expect((await page.request.get(`/api/question-groups/${triviaId}`)).status()).toBe(404);

  await companies.goto();
  await companies.openLocations(companyName);
  await companies.deleteLocation('Stand Sur');
  await expect(toast).toContainText('Sede eliminada correctamente');
  await companies.deleteLocation('Stand Oriente');
  await expect(companies.locationsPanel()).toContainText('No hay sedes. Agrega la primera arriba.');
  await companies.deleteCompany(companyName);
  await expect(toast).toContainText('Empresa eliminada correctamente');
  await expect(companies.row(companyName)).toHaveCount(0);
}
