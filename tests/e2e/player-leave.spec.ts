import { testBundle } from './support/test-bundle';
import { expect, test } from './fixtures';
import type { Question, QuestionGroup } from '../../contract';
import { PlayerPage } from './pages/player-page';
import { createFourQuestionTrivia, postJson, signInThroughApi } from './support/admin-api';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

const DEMO_TRIVIA = 1;

test.describe('leaving the player screen clean for the next person', () => {
  test("'Salir' on a kiosk abandons a half-played round after confirming, and a reload opens the attract screen, not the round", async ({ page }) => {
    test.setTimeout(120_000);
    const bundle = await testBundle(DEMO_TRIVIA);
    const player = new PlayerPage(page);
    const documentNumber = `6${Date.now() % 1_000_000_000}`;

    await player.gotoKiosk(DEMO_TRIVIA);
    await player.enterDocument(bundle.documentTypes[0]!.name, documentNumber);
    await player.registerAs(`Tomás Arias ${documentNumber.slice(-4)}`, 'Stand Principal');
    await player.start().click();
    await expect(player.counter()).toHaveText('1 / 5');
    await player.answerCurrent(bundle, true);
    await expect(player.counter()).toHaveText('2 / 5', { timeout: 10_000 });

    // Asked first; changing one's mind keeps the round where it was.
    await player.leave().click();
    await expect(player.leaveDialog()).toContainText('Tu progreso en este intento se perderá.');
    await player.keepPlaying().click();
    await expect(player.leaveDialog()).toBeHidden();
    await expect(player.counter()).toHaveText('2 / 5');

    await player.leave().click();
    await player.confirmLeave().click();
    await expect(player.validate()).toBeVisible();
    await expect(player.documentNumber()).toHaveValue('');
    await expect(player.counter()).toBeHidden();

    await page.reload();
    await expect(player.attract()).toBeVisible();
    await expect(player.counter()).toBeHidden();

    // The registration and the attempt reached the server; the kiosk's badge says when.
    await expect(player.pending()).toHaveText('Nada por sincronizar', { timeout: 20_000 });
    await expect(player.lastSync()).toHaveText('Sincronizado hace un momento');
  });

  test('a trivia with no questions yet says so instead of starting an empty round', async ({ page }) => {
    test.setTimeout(120_000);
    const demo = await testBundle(DEMO_TRIVIA);
    await signInThroughApi(page);
    const empty = await postJson<QuestionGroup>(page, `/api/companies/${demo.group.companyId}/question-groups`, {
      name: `Sin preguntas ${Date.now() % 100_000}`,
      description: null,
      companyId: demo.group.companyId,
      questionsPerRound: 5,
      randomizeQuestions: true,
      randomizeAnswers: true,
      maxAttempts: 0,
    });

    const player = new PlayerPage(page);
    await player.gotoKiosk(empty.id);
    await player.enterDocument(demo.documentTypes[0]!.name, `4${Date.now() % 1_000_000_000}`);
    await player.registerAs('Irene Mora', 'Stand Principal');
    await expect(page.getByRole('alert').filter({ hasText: 'Esta trivia aún no tiene preguntas.' })).toBeVisible();
    await expect(player.start()).toHaveCount(0);
    await page.getByRole('button', { name: 'Volver', exact: true }).click();
    await expect(player.validate()).toBeVisible();
    // Only the registration was queued: no attempt for an empty round (the kiosk's badge counts them).
    await expect(player.pending()).toHaveText('Nada por sincronizar', { timeout: 20_000 });
  });

  test('a round whose next questions were deleted meanwhile is not resumed into a blank screen', async ({ page }) => {
    test.setTimeout(120_000);
    const demo = await testBundle(DEMO_TRIVIA);
    await signInThroughApi(page);
    const trivia = await createFourQuestionTrivia(page, demo.group.companyId, `Cambiante ${Date.now() % 100_000}`);
    const bundle = await testBundle(trivia.id);

    const player = new PlayerPage(page);
    await player.goto(trivia.id);
    await player.enterDocument(demo.documentTypes[0]!.name, `3${Date.now() % 1_000_000_000}`);
    await player.registerAs('Rosa Díaz', 'Stand Principal');
    await player.start().click();
    await player.answerCurrent(bundle, true);
    await expect(player.counter()).toHaveText('2 / 4', { timeout: 10_000 });

    // Staff delete the third question while the round is open; the kiosk is then reloaded.
    const questions = (await (await page.request.get(`/api/question-groups/${trivia.id}/questions`)).json()) as Question[];
    const third = questions.find((q) => q.text.startsWith('¿Cuánto es 3 + 3?'))!;
    const deleted = await page.request.delete(`/api/questions/${third.id}`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    expect(deleted.ok()).toBe(true);
    await page.reload();

    await expect(player.notice()).toContainText('La trivia cambió y el intento anterior no se pudo continuar.');
    await expect(player.live()).toContainText('La trivia cambió y el intento anterior no se pudo continuar.');
    await expect(player.validate()).toBeVisible();
    await expect(player.counter()).toBeHidden();
  });
});
