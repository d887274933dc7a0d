import { testBundle } from './support/test-bundle';
import { expect, test } from './fixtures';
import type { TriviaRankingEntry } from '../../contract';
import { PlayerPage } from './pages/player-page';
import { RankingPage } from './pages/ranking-page';
import { publicPlace } from './support/ranked-results';
import { signInThroughApi } from './support/admin-api';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

const DEMO_TRIVIA = 1;

// With motion, as most players see it (the suite's default is reduced motion: playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

test.describe('playing the demo trivia online', () => {
  test('a new player registers, plays, sees the tier and ranks; a better attempt replaces it unless duplicates are shown', async ({ page, request }) => {
    test.setTimeout(120_000);
    const bundle = await testBundle(DEMO_TRIVIA);
    expect(bundle.group.company.name).toBe('Demo Eventos');
    // Other specs may add questions to the demo trivia; a round still takes questionsPerRound of them.
    expect(bundle.questions.length).toBeGreaterThanOrEqual(bundle.group.questionsPerRound);
    const player = new PlayerPage(page);
    /** The player's scores as the ranking API lists them (the screen syncs in the background). */
    const scoresOf = async (name: string, includeDuplicates: boolean) => {
      const reply = await request.get(`/api/ranking?questionGroupId=${DEMO_TRIVIA}&includeDuplicates=${includeDuplicates}`);
      return ((await reply.json()) as TriviaRankingEntry[]).filter((e) => `${e.firstName} ${e.lastName}` === name).map((e) => e.score);
    };
    const documentNumber = `7${Date.now() % 1_000_000_000}`;
    const fullName = `Laura Gómez ${documentNumber.slice(-4)}`;

    await player.goto(DEMO_TRIVIA);
    await player.validate().click();
    await expect(page.getByTestId('field-error').filter({ hasText: 'El número de documento debe tener al menos 5 caracteres' })).toBeVisible();
    await expect(player.documentNumber()).toHaveAttribute('aria-invalid', 'true');
    await expect(player.live()).toHaveText('El tipo de documento es requerido. El número de documento debe tener al menos 5 caracteres');

    await player.enterDocument(bundle.documentTypes[0]!.name, documentNumber);
    await expect(player.documentNumber()).toBeDisabled();
    await player.registerAs(fullName, 'Stand Principal');
    await expect(page.getByText('QUIZ', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: '¡Bienvenido a la trivia!' })).toBeVisible();
    await player.start().click();

    await expect(page.getByText('Pregunta 1', { exact: true })).toBeVisible();
    await expect(page.getByText('Pregunta 5', { exact: true })).toBeVisible();
    // One wrong answer on screen: locked, marked, the correct one marked in the list and announced.
    await expect(player.counter()).toHaveText('1 / 5');
    await player.answerCurrent(bundle, false);
    await expect(player.live()).toContainText('Incorrecta, la correcta es ');
    await expect(page.locator('.player-answer[data-state="wrong"]')).toContainText('Tu respuesta: incorrecta');
    await expect(page.locator('.player-answer[data-state="right-answer"]')).toContainText('Respuesta correcta');
    for (const answer of await player.answers().all()) await expect(answer).toHaveAttribute('aria-disabled', 'true');
    await player.playRoundFrom(bundle, 2, [false, true, true, false]);

    await expect(page.getByRole('heading', { name: '¡Buen intento!' })).toBeVisible();
    await expect(player.score()).toHaveText('40%');
    await expect(player.correct()).toHaveText('2 / 5');
    await expect.poll(() => scoresOf(fullName, true), { timeout: 20_000 }).toEqual([40]);
    // The place the server gave, where the public ranking lists the player.
    await expect(player.place()).toHaveText(`Tu puesto en el ranking: ${await publicPlace(request, DEMO_TRIVIA, fullName)}.º`);
    // Once stored, the result screen shows the server's own figures: the ranking's.
    const firstTime = (await player.time().textContent())!;
    // A player's own phone shows no sync details, and no offline line while the server answers.
    await expect(player.statusBadge()).toHaveCount(0);
    await expect(player.offlineNotice()).toBeEmpty();

    const ranking = new RankingPage(page);
    await ranking.goto(DEMO_TRIVIA);
    const row = ranking.rowOf(fullName);
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('ranking-score')).toHaveText('40%');
    await expect(row.getByTestId('ranking-correct')).toHaveText('2/5');
    await expect(row.getByTestId('ranking-time')).toHaveText(firstTime);
    await expect(row).toContainText('Stand Principal');

    // Second attempt: the same document is recognised and goes straight to the instructions.
    await player.goto(DEMO_TRIVIA);
    await player.enterDocument(bundle.documentTypes[0]!.name, documentNumber);
    await player.start().click();
    await player.playRoundFrom(bundle, 1, [true, true, true, true, true]);
    await expect(page.getByRole('heading', { name: '¡Excelente trabajo!' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Trofeo' })).toBeVisible();
    await expect(player.score()).toHaveText('100%');
    await expect.poll(() => scoresOf(fullName, true), { timeout: 20_000 }).toEqual([100, 40]);
    await expect(player.place()).toHaveText(`Tu puesto en el ranking: ${await publicPlace(request, DEMO_TRIVIA, fullName)}.º`);
    await expect(player.offlineNotice()).toBeEmpty();

    await ranking.goto(DEMO_TRIVIA);
    await expect(ranking.rowOf(fullName)).toHaveCount(1);
    await expect(ranking.rowOf(fullName).getByTestId('ranking-score')).toHaveText('100%');
    // "Mostrar intentos duplicados" is offered to a signed-in admin only (docs/decisions.md).
    await expect(ranking.duplicates()).toHaveCount(0);
    await signInThroughApi(page);
    await ranking.goto(DEMO_TRIVIA);
    await ranking.duplicates().check();
    await expect(ranking.rowOf(fullName)).toHaveCount(2);
    await expect(ranking.rowOf(fullName).getByTestId('ranking-score')).toHaveText(['100%', '40%']);
    await ranking.location().selectOption({ label: 'Stand Norte' });
    await expect(ranking.rowOf(fullName)).toHaveCount(0);
    await ranking.location().selectOption({ label: 'Stand Principal' });
    await expect(ranking.rowOf(fullName)).toHaveCount(2);
    expect(await scoresOf(fullName, false)).toEqual([100]);
  });

  test('a missing trivia shows the error card, and a non-numeric ranking id is refused', async ({ page }) => {
    await page.goto('/play-trivia/987654');
    await expect(page.getByRole('heading', { name: 'Error' })).toBeVisible();
    await expect(page.getByText('No se encontró la trivia.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Volver al Dashboard' })).toHaveAttribute('href', '/');
    await page.goto('/ranking/abc');
    await expect(page.getByText('ID de trivia no válido')).toBeVisible();
  });
});
