import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import type { PlayBundle } from '../../contract';
import { LoginPage } from './pages/login-page';
import { createFourQuestionTrivia } from './support/admin-api';

/** The seeded demo company. */
const DEMO_COMPANY = 1;
const WRITE = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

/**
 * Results a kiosk synced with a time of 0 (a round cannot be played that fast): the server
 * stores them and holds them for review, out of the ranking.
 */
async function syncHeldResults(page: Page, bundle: PlayBundle, names: string[]) {
  const device = await (await page.request.post('/api/devices', { headers: WRITE, data: {} })).json();
  const now = new Date().toISOString();
  const mutations = names.flatMap((fullName, i) => {
    const playerClientId = randomUUID();
    const attemptClientId = randomUUID();
    return [
      { kind: 'player', payload: { clientId: playerClientId, fullName, documentTypeId: bundle.documentTypes[0]!.id, documentNumber: `H${Date.now()}${i}`, locationId: bundle.locations[0]!.id } },
      { kind: 'attempt', payload: { clientId: attemptClientId, playerClientId, questionGroupId: bundle.group.id, totalQuestions: 4, startedAt: now } },
      {
        kind: 'completion',
        payload: { attemptClientId, answers: bundle.questions.map((q) => ({ questionId: q.id, answerId: bundle.answers[q.id]![0]!.id })), completionTime: 0, completedAt: now },
      },
    ];
  });
  const reply = await page.request.post('/api/sync', {
    headers: { ...WRITE, 'X-Device-Id': device.deviceId, 'X-Device-Secret': device.secret },
    data: { mutations: mutations.map((m, i) => ({ ...m, mutationId: i + 1 })) },
  });
  const { results } = (await reply.json()) as { results: { status: string }[] };
  expect(results.map((r) => r.status)).toEqual(mutations.map(() => 'applied'));
}

test('an admin approves one held result into the ranking and discards another after confirming', async ({ page }) => {
  await new LoginPage(page).signInAsAdmin();
  const group = await createFourQuestionTrivia(page, DEMO_COMPANY, `Revisión ${Date.now()}`);
  const bundle = (await (await page.request.get(`/api/play/${group.id}/bundle`)).json()) as PlayBundle;
  await syncHeldResults(page, bundle, ['Ana Veloz', 'Beto Rápido']);

  await page.goto(`/ranking-admin?id=${group.id}`);
  const section = page.getByRole('region', { name: 'Resultados en revisión' });
  await expect(section.getByRole('listitem')).toHaveCount(2);
  await expect(section.getByText('Motivo: Tiempo no plausible')).toHaveCount(2);
  const rows = page.getByTestId('ranking-row');
  await expect(rows).toHaveCount(0);

  // Keyboard: the button is reachable and pressed with Enter.
  await section.getByRole('button', { name: 'Aprobar el resultado de Ana Veloz' }).focus();
  await page.keyboard.press('Enter');
  await expect(section.getByRole('listitem')).toHaveCount(1);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Ana Veloz');

  await section.getByRole('button', { name: 'Descartar el resultado de Beto Rápido' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Descartar el resultado?' });
  await expect(dialog).toContainText('Beto Rápido');
  await dialog.getByRole('button', { name: 'Descartar' }).click();
  await expect(section.getByText('No hay resultados en revisión.')).toBeVisible();
  await expect(rows).toHaveCount(1);
});
