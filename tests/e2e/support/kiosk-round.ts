import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import type { PlayBundle } from '../../../contract';
import { signInThroughApi } from './admin-api';

/**
 * One player's round as a kiosk syncs it (registration, attempt, completion; mutations 1 to 3):
 * every answer right, played in 30 s and finished now, at the trivia's first site.
 */
export function roundMutations(bundle: PlayBundle, player: { fullName: string; documentNumber: string }) {
  const playerClientId = randomUUID();
  const attemptClientId = randomUUID();
  const completedAt = new Date();
  return [
    {
      mutationId: 1,
      kind: 'player',
      payload: { clientId: playerClientId, ...player, documentTypeId: bundle.documentTypes[0]!.id, locationId: bundle.locations[0]!.id },
    },
    {
      mutationId: 2,
      kind: 'attempt',
      payload: { clientId: attemptClientId, playerClientId, questionGroupId: bundle.group.id, totalQuestions: bundle.questions.length, startedAt: new Date(completedAt.getTime() - 30_000).toISOString() },
    },
    {
      mutationId: 3,
      kind: 'completion',
      payload: {
        attemptClientId,
        answers: bundle.questions.map((q) => ({ questionId: q.id, answerId: bundle.answers[q.id]!.find((a) => a.isCorrect)!.id })),
        completionTime: 30,
        completedAt: completedAt.toISOString(),
      },
    },
  ];
}

/** A desktop page, motion reduced, in the colour scheme asked for. */
async function desktopPage(browser: Browser, colorScheme: 'light' | 'dark'): Promise<Page> {
  const context = await browser.newContext({ colorScheme, reducedMotion: 'reduce', viewport: { width: 1366, height: 900 } });
  return context.newPage();
}

/** A desktop page signed in as the admin (through the API: it has opened no address yet), motion reduced, in the colour scheme asked for. */
export async function adminPage(browser: Browser, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await desktopPage(browser, colorScheme);
  await signInThroughApi(page);
  return page;
}
