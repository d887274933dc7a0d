import { randomInt } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test, E2E_ADMIN } from './fixtures';
import type { PollResults } from '../../contract';
import { PlayerPage } from './pages/player-page';
import { boothWithTrivia, signInThroughApi } from './support/admin-api';
import { seriousViolations, tabTo } from './support/axe';
import { offlineKioskTablet } from './support/kiosk-setup-link';
import { reviewScreen } from './support/screen-review';
import { POLL_SLIDE_MS, RANKING_SLIDE_MS } from '../../web/features/big-screen/poll-slides';

// A kiosk and its offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

const newDocument = () => String(randomInt(1_000_000_000, 9_999_999_999));

/** Each poll's answers with their votes, as the server counts them. */
async function countedVotes(request: APIRequestContext, groupId: number): Promise<[string, number][][]> {
  const results = (await (await request.get(`/api/play/${groupId}/polls`)).json()) as PollResults;
  return results.polls.map((poll) => poll.answers.map((a): [string, number] => [a.text, a.votes]));
}

/**
 * A poll, made by keyboard in the editor ("Encuesta": no correct answer, no clock), asked on a
 * phone before the round: the player votes by keyboard, sees how the others voted with their own
 * vote marked and read out, then plays the scored round as before; the next player sees both votes,
 * and the big screen shows them between rankings.
 */
test('an organiser adds a poll by keyboard; phone players vote before the round and see the shares, counted by the server and shown on the big screen', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  await signInThroughApi(page);
  const { trivia } = await boothWithTrivia(page, { company: 'Encuestas', site: 'Stand Encuestas', trivia: 'Trivia con encuesta' });

  await page.goto(`/packages/${trivia.id}/questions`);
  await page.getByRole('button', { name: 'Crear Pregunta' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Crear Pregunta' });
  await dialog.getByLabel('Pregunta', { exact: true }).fill('¿Qué color prefieres?');
  await tabTo(page, dialog.getByRole('radio', { name: /Opción única/ }));
  // The last kind, one arrow back from the first.
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByRole('radio', { name: /Encuesta/ })).toBeChecked();
  // A poll has no correct answer to mark, and no clock.
  await expect(dialog.getByRole('radio', { name: /es la correcta/ })).toHaveCount(0);
  await expect(dialog.getByLabel('Tiempo de esta pregunta')).toHaveCount(0);
  await dialog.getByLabel('Respuesta 1', { exact: true }).fill('Rojo');
  await dialog.getByLabel('Respuesta 2', { exact: true }).fill('Verde');
  await dialog.getByRole('button', { name: 'Agregar Respuesta' }).click();
  await dialog.getByLabel('Respuesta 3', { exact: true }).fill('Azul');
  await reviewScreen(page, 'question-poll-dialog');
  await dialog.getByRole('button', { name: 'Crear Pregunta' }).click();
  await expect(dialog).toHaveCount(0);
  const card = page.getByTestId('question-card').last();
  await expect(card.getByTestId('question-kind')).toHaveText('Encuesta');
  // Opened again it stays a poll: the scored kinds are not offered.
  await card.getByRole('button', { name: /Editar pregunta/ }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Pregunta' });
  await expect(edit.getByRole('radio')).toHaveCount(1);
  await expect(edit.getByRole('radio', { name: /Encuesta/ })).toBeChecked();
  await page.keyboard.press('Escape');

  for (const [name, viewport, answer] of [
    ['Vera Voto', { width: 390, height: 844 }, 'Verde'],
    // The second at 200 % zoom of a phone: the shares stack, nothing scrolls sideways.
    ['Rosa Roja', { width: 195, height: 422 }, 'Rojo'],
  ] as const) {
    const phone = await browser.newContext({ baseURL, locale: 'es-CO', viewport });
    try {
      const screen = await phone.newPage();
      const player = new PlayerPage(screen);
      await player.goto(trivia.id);
      await player.enterDocument('Cédula de ciudadanía', newDocument());
      await player.registerAs(name, 'Stand Encuestas');
      await expect(screen.getByTestId('poll-text')).toHaveText('¿Qué color prefieres?');
      await expect(screen.getByTestId('poll-text')).toBeFocused();
      await expect(screen.getByTestId('poll-counter')).toHaveText('Encuesta');
      for (const colorScheme of ['light', 'dark'] as const) {
        await screen.emulateMedia({ colorScheme });
        expect(await seriousViolations(screen, `a poll on a phone (${colorScheme})`)).toEqual([]);
      }
      await tabTo(screen, player.answers().filter({ hasText: answer }));
      await screen.keyboard.press('Enter');
      const shares = screen.getByTestId('poll-share');
      await expect(shares).toHaveCount(3);
      await expect(screen.getByTestId('poll-share').filter({ hasText: 'Tu voto' })).toContainText(answer);
      if (answer === 'Verde') {
        await expect(screen.getByRole('heading', { name: 'Así votaron 1 persona' })).toBeFocused();
        await expect(screen.getByTestId('poll-percent')).toHaveText(['0 %', '100 %', '0 %']);
        await expect(player.live()).toHaveText('Tu voto: Verde. Rojo: 0 %. Verde: 100 %. Azul: 0 %.');
      } else {
        await expect(screen.getByRole('heading', { name: 'Así votaron 2 personas' })).toBeVisible();
        await expect(screen.getByTestId('poll-percent')).toHaveText(['50 %', '50 %', '0 %']);
        expect(await screen.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      }
      for (const colorScheme of ['light', 'dark'] as const) {
        await screen.emulateMedia({ colorScheme });
        expect(await seriousViolations(screen, `a poll's shares on a phone (${colorScheme})`)).toEqual([]);
      }
      await screen.getByRole('button', { name: 'Continuar' }).click();
      // The round itself is the trivia's four scored questions, as before.
      await player.start().click();
      for (const position of [1, 2, 3, 4]) {
        await expect(player.counter()).toHaveText(`${position} / 4`, { timeout: 15_000 });
        await player.answers().first().click();
      }
      await expect(player.completed()).toBeVisible({ timeout: 15_000 });
      await expect(player.score()).toHaveText('100%');
    } finally {
      await phone.close();
    }
  }
  expect(await countedVotes(page.request, trivia.id)).toEqual([
    [
      ['Rojo', 1],
      ['Verde', 1],
      ['Azul', 0],
    ],
  ]);

  // The question list says the poll's votes where a question says its share right.
  await page.goto(`/packages/${trivia.id}/questions`);
  const pollCard = page.getByTestId('question-card').last();
  await expect(pollCard.getByTestId('poll-votes')).toHaveText('2 votos');
  await expect(pollCard.getByTestId('poll-answer-share')).toHaveText(['50 % (1)', '50 % (1)', '0 % (0)']);
  await expect(page.getByTestId('question-card').first().getByTestId('question-insight')).toContainText('Acierto 100');
  await reviewScreen(page, 'question-list-with-poll');

  // The big screen shows the poll between rankings: after the ranking's turn, the shares; then the ranking again.
  const tv = await browser.newPage({ baseURL, viewport: { width: 1920, height: 1080 } });
  try {
    await tv.clock.install();
    await tv.goto(`/pantalla/trivia/${trivia.id}`);
    await expect(tv.getByTestId('screen-row')).toHaveCount(2);
    await tv.clock.fastForward(RANKING_SLIDE_MS + 1_000);
    const slide = tv.getByTestId('screen-poll');
    await expect(slide.getByRole('heading', { name: '¿Qué color prefieres?' })).toBeVisible();
    await expect(slide).toContainText('Encuesta · 2 votos');
    await expect(slide.getByTestId('screen-poll-share')).toHaveText(['Rojo50 %', 'Verde50 %', 'Azul0 %']);
    expect(await seriousViolations(tv, 'a poll on the big screen')).toEqual([]);
    await tv.clock.fastForward(POLL_SLIDE_MS + 1_000);
    await expect(slide).toHaveCount(0);
    await expect(tv.getByTestId('screen-row')).toHaveCount(2);
  } finally {
    await tv.close();
  }
});

/**
 * Offline on a kiosk the vote is kept with the round: the screen says the results come with the
 * connection, and once the kiosk syncs, the server counts the vote once.
 */
test('a kiosk without connection keeps the vote with its round, says the results come later, and the server counts it once synced', async ({ context: admin, browser, baseURL }) => {
  test.setTimeout(150_000);
  await signInThroughApi(admin);
  const { trivia } = await boothWithTrivia(admin, { company: 'Encuesta kiosco', site: 'Stand Kiosco', trivia: 'Kiosco con encuesta' });
  const created = await admin.request.post(`/api/question-groups/${trivia.id}/questions`, {
    data: { text: '¿Cómo llegaste a la feria?', groupId: trivia.id, kind: 'poll', answers: [{ text: 'A pie' }, { text: 'En bus' }, { text: 'En coche' }] },
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(created.ok(), await created.text()).toBe(true);

  const { tablet, screen, kiosk } = await offlineKioskTablet(browser, baseURL!, E2E_ADMIN, trivia.id);
  try {
    await kiosk.enterDocument('Cédula de ciudadanía', newDocument());
    await kiosk.registerAs('Kiko Encuesta', 'Stand Kiosco');
    await kiosk.answers().filter({ hasText: 'En bus' }).click();
    await expect(screen.getByTestId('poll-later')).toHaveText('Tu voto quedó guardado. Los resultados de la encuesta llegarán con la conexión.', { timeout: 10_000 });
    await expect(screen.getByRole('heading', { name: 'Voto guardado' })).toBeFocused();
    for (const colorScheme of ['light', 'dark'] as const) {
      await screen.emulateMedia({ colorScheme });
      expect(await seriousViolations(screen, `a poll's vote kept offline on a kiosk (${colorScheme})`)).toEqual([]);
    }
    await screen.getByRole('button', { name: 'Continuar' }).click();
    await kiosk.start().click();
    for (const position of [1, 2, 3, 4]) {
      await expect(kiosk.counter()).toHaveText(`${position} / 4`, { timeout: 15_000 });
      await kiosk.answers().first().click();
    }
    await expect(kiosk.completed()).toBeVisible({ timeout: 15_000 });
    await expect(kiosk.score()).toHaveText('100%');

    await tablet.setOffline(false);
    await screen.reload();
    await expect(kiosk.pending()).toHaveText('Nada por sincronizar', { timeout: 30_000 });
  } finally {
    await tablet.close();
  }
  expect(await countedVotes(admin.request, trivia.id)).toEqual([
    [
      ['A pie', 0],
      ['En bus', 1],
      ['En coche', 0],
    ],
  ]);
});
