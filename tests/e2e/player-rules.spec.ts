import { testBundle } from './support/test-bundle';
import { expect, test } from './fixtures';
import type { Company, Location, TriviaRankingEntry } from '../../contract';
import { PlayerPage } from './pages/player-page';
import { createFourQuestionTrivia, postJson, signInThroughApi } from './support/admin-api';

const DEMO_TRIVIA = 1;

test('a player from another company picks their site there, and a trivia\'s attempt limit stops a second attempt', async ({ page }) => {
  test.setTimeout(120_000);
  const suffix = String(Date.now() % 100_000);
  await signInThroughApi(page);
  const fair = await postJson<Company>(page, '/api/companies', { name: `Ferias del Sur ${suffix}`, description: null });
  await postJson<Location>(page, '/api/locations', { name: 'Stand Sur', companyId: fair.id });
  const limited = await createFourQuestionTrivia(page, fair.id, `Una vez ${suffix}`, 1);

  const player = new PlayerPage(page);
  const documentNumber = `8${Date.now() % 1_000_000_000}`;
  const fullName = `Mateo Ruiz ${suffix}`;
  const demo = await testBundle(DEMO_TRIVIA);
  const documentType = demo.documentTypes[0]!.name;

  // Registered at the demo company's booth.
  await player.goto(DEMO_TRIVIA);
  await player.enterDocument(documentType, documentNumber);
  await player.registerAs(fullName, 'Stand Principal');
  await expect(player.start()).toBeVisible();

  // At another company's trivia the same document on the same phone brings along the name typed on
  // it (the server tells a phone nothing of another company's player), but the site is theirs to pick.
  await player.goto(limited.id);
  await player.enterDocument(documentType, documentNumber);
  await expect(player.notice()).toContainText('Jugador encontrado en otra empresa');
  await expect(player.notice()).toContainText('Por favor, selecciona tu sede actual para continuar.');
  await expect(player.live()).toHaveText('Jugador encontrado en otra empresa. Por favor, selecciona tu sede actual para continuar.');
  await expect(player.fullName()).toHaveValue(fullName);
  await expect(player.documentNumber()).toHaveValue(documentNumber);
  await expect(player.location()).toHaveValue('');
  await expect(player.location().locator('option')).toContainText(['Stand Sur']);
  await expect(player.location().locator('option', { hasText: 'Stand Principal' })).toHaveCount(0);
  await player.location().selectOption({ label: 'Stand Sur' });
  await player.register().click();

  const bundle = await testBundle(limited.id);
  await player.start().click();
  await player.playRoundFrom(bundle, 1, [true, true, false, true], 4);
  await expect(player.score()).toHaveText('75%');
  await expect
    .poll(async () => {
      const reply = await page.request.get(`/api/ranking?questionGroupId=${limited.id}`);
      return ((await reply.json()) as TriviaRankingEntry[]).map((e) => [`${e.firstName} ${e.lastName}`, e.score, e.location?.name]);
    }, { timeout: 20_000 })
    .toEqual([[fullName, 75, 'Stand Sur']]);

  // One attempt allowed: the second is refused before it starts, with the spec's title.
  await player.goto(limited.id);
  await player.enterDocument(documentType, documentNumber);
  await expect(player.notice()).toContainText('Límite de intentos alcanzado');
  await expect(player.live()).toContainText('Límite de intentos alcanzado');
  await expect(player.start()).toHaveCount(0);
  await expect(player.validate()).toBeVisible();
});
