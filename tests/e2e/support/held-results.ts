import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import type { PlayBundle } from '../../../contract';
import { syncingKiosk } from './synced-kiosk';

const WRITE = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

/**
 * Results a kiosk synced with a time of 0 (a round cannot be played that fast): the server
 * stores them and holds them for review, out of the ranking.
 */
export async function syncHeldResults(page: Page, bundle: PlayBundle, names: string[]) {
  const device = await syncingKiosk(page.request, bundle.group.id);
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
