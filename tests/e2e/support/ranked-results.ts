import { testBundle } from './test-bundle';
import { roundsInARow, syncingKiosk } from './synced-kiosk';
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import type { PlayBundle, TriviaRankingEntry } from '../../../contract';
import type { Requester } from './admin-api';

const WRITE = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
/** Mutations per push, as a kiosk back from an outage sends them. */
const BATCH = 60;

/**
 * Results a kiosk synced for `names` (one player each, every answer correct unless `choose` says
 * which answer (its index in the bundle) player `p` chose at question `q`, played in `seconds` one
 * after another, the last finished now): plausible rounds, so every one of them ranks. `documents`
 * names the players' documents (the same document at another trivia is the same player).
 */
export async function syncRankedResults(
  page: Requester,
  bundle: PlayBundle,
  names: string[],
  seconds = 30,
  documents?: string[],
  choose: (q: number, p: number) => number = () => 0,
) {
  const device = await syncingKiosk(page.request, bundle.group.id);
  const times = roundsInARow(names.length, seconds);
  const mutations = names.flatMap((fullName, i) => {
    const { startedAt, completedAt } = times[i]!;
    const playerClientId = randomUUID();
    const attemptClientId = randomUUID();
    return [
      { kind: 'player', payload: { clientId: playerClientId, fullName, documentTypeId: bundle.documentTypes[0]!.id, documentNumber: documents?.[i] ?? `R${Date.now()}${i}`, locationId: bundle.locations[0]!.id } },
      { kind: 'attempt', payload: { clientId: attemptClientId, playerClientId, questionGroupId: bundle.group.id, totalQuestions: bundle.questions.length, startedAt } },
      {
        kind: 'completion',
        payload: {
          attemptClientId,
          answers: bundle.questions.map((q, qi) => ({ questionId: q.id, answerId: bundle.answers[q.id]![choose(qi, i)]!.id })),
          completionTime: seconds,
          completedAt,
        },
      },
    ];
  });
  const numbered = mutations.map((m, i) => ({ ...m, mutationId: i + 1 }));
  for (let start = 0; start < numbered.length; start += BATCH) {
    const batch = numbered.slice(start, start + BATCH);
    const reply = await page.request.post('/api/sync', {
      headers: { ...WRITE, 'X-Device-Id': device.deviceId, 'X-Device-Secret': device.secret },
      // More of the outbox follows: the same upload, its rounds all placed after the kiosk's set-up.
      data: { mutations: batch, more: start + BATCH < numbered.length },
    });
    const { results } = (await reply.json()) as { results: { status: string }[] };
    expect(results.map((r) => r.status)).toEqual(batch.map(() => 'applied'));
  }
}

/** The trivia's play bundle, with its answer key for the test to know the right answers. */
export const playBundle = (_page: Requester, groupId: number): Promise<PlayBundle> => testBundle(groupId);

/** Where the trivia's public ranking lists the player named `fullName` (1 = first; 0 = not listed). */
export async function publicPlace(request: APIRequestContext, questionGroupId: number, fullName: string): Promise<number> {
  const reply = await request.get(`/api/ranking?questionGroupId=${questionGroupId}`);
  return ((await reply.json()) as TriviaRankingEntry[]).findIndex((e) => `${e.firstName} ${e.lastName}` === fullName) + 1;
}
