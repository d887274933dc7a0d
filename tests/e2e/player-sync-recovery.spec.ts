import { testBundle } from './support/test-bundle';
import { setUpKioskByLink } from './support/kiosk-setup-link';
import { randomInt } from 'node:crypto';
import { request, type APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import type { PlayBundle, SyncRejection } from '../../contract';
import { PlayerPage } from './pages/player-page';
import { E2E_ADMIN } from './fixtures';
import { appQuery } from './support/app-database';
import { exportedScores } from './support/score-export';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

const DEMO_TRIVIA = 1;
/** Well under the retry backoff's ceiling: what is sent here is sent by the flush the writes trigger. */
const ONE_FLUSH_CYCLE_MS = 10_000;

async function demoBundle(_api?: APIRequestContext) {
  return await testBundle(DEMO_TRIVIA);
}

/** Ten random digits: two documents made in the same millisecond must differ (they once did by one digit only). */
const freshDocument = () => String(randomInt(1_000_000_000, 9_999_999_999));

/** Registers a new player and plays a full round: 4 of 5 right. */
async function playRound(player: PlayerPage, bundle: PlayBundle, fullName: string, documentNumber: string) {
  await player.enterDocument(bundle.documentTypes[0]!.name, documentNumber);
  await player.registerAs(fullName, 'Stand Principal');
  await player.start().click();
  await player.playRoundFrom(bundle, 1, [true, true, false, true, true]);
  await expect(player.score()).toHaveText('80%');
  await player.restart().click();
}

async function adminApi(baseURL: string) {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest' } });
  expect((await api.post('/api/login', { data: E2E_ADMIN })).ok()).toBe(true);
  return api;
}

test.describe('a kiosk whose sync the server refuses in part never stops syncing', () => {
  test('a kiosk whose device row was deleted on the server keeps its identity and syncs everything after a gap resync', async ({ page, request: api, baseURL }) => {
    test.setTimeout(120_000);
    const bundle = await demoBundle(api);
    const player = new PlayerPage(page);
    await player.gotoKiosk(DEMO_TRIVIA);
    const first = { name: 'Restaurada Uno', document: freshDocument() };
    await playRound(player, bundle, first.name, first.document);
    await expect(player.pending()).toHaveText('Nada por sincronizar', { timeout: ONE_FLUSH_CYCLE_MS });
    const deviceId = await player.storedDeviceId();
    expect(deviceId).toMatch(/^[0-9a-f-]{36}$/);

    // The server's database loses the device (restored from a backup taken before it registered).
    await appQuery('DELETE FROM devices WHERE id = $1', [deviceId]);

    const second = { name: 'Restaurada Dos', document: freshDocument() };
    await playRound(player, bundle, second.name, second.document);
    await expect(player.pending()).toHaveText('Nada por sincronizar', { timeout: ONE_FLUSH_CYCLE_MS });
    await expect(player.rejectedCount()).toHaveCount(0);
    expect(await player.storedDeviceId()).toBe(deviceId);

    const scores = await exportedScores(baseURL!, E2E_ADMIN, DEMO_TRIVIA);
    for (const { name, document } of [first, second]) {
      expect(scores.filter((s) => s.documentNumber === document).map((s) => [s.fullName, s.score])).toEqual([[name, 80]]);
    }
  });

  test('a kiosk whose queue holds a result the server refuses syncs everything else in one flush and shows the refusal with its reason', async ({
    page,
    context,
    request: api,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const bundle = await demoBundle(api);
    const player = new PlayerPage(page);
    // Set up by staff: its copy of the trivia holds the answer key it judges with offline.
    await setUpKioskByLink(page, baseURL!, E2E_ADMIN, DEMO_TRIVIA);
    await player.toDocumentStep();

    // Offline, two players play; the first one's result is then made one the server refuses
    // (an answer from no question of this trivia).
    await context.setOffline(true);
    const refused = { name: 'Rechazada Uno', document: freshDocument() };
    const accepted = { name: 'Aceptada Dos', document: freshDocument() };
    await playRound(player, bundle, refused.name, refused.document);
    await playRound(player, bundle, accepted.name, accepted.document);
    await expect(player.pending()).toHaveText('2 partidas por sincronizar');
    const entries = (await player.outboxEntries()).sort((a, b) => a.mutationId - b.mutationId);
    const completion = entries.find((e) => e.kind === 'completion')!;
    const answers = completion.payload.answers as { questionId: number; answerId: number }[];
    await player.patchOutboxPayload(completion.mutationId, { answers: [{ ...answers[0]!, answerId: 2_000_000_000 }, ...answers.slice(1)] });

    await context.setOffline(false);
    await expect(player.pending()).toHaveText('Nada por sincronizar', { timeout: ONE_FLUSH_CYCLE_MS });
    await expect(player.rejectedCount()).toHaveText('1 rechazado');

    // The badge names the refused result and the server's own reason for it.
    const admin = await adminApi(baseURL!);
    const rejections = (await (await admin.get('/api/sync/rejections?limit=5')).json()) as SyncRejection[];
    await admin.dispose();
    const deviceId = await player.storedDeviceId();
    const reason = rejections.find((r) => r.deviceId === deviceId && r.kind === 'completion')!.reason;
    expect(reason).not.toBe('');
    await player.statusBadge().click();
    await player.rejectedList().locator('summary').click();
    await expect(player.rejectedEntries()).toHaveCount(1);
    await expect(player.rejectedEntries().first()).toContainText('Resultado');
    await expect(player.rejectedEntries().first()).toContainText(reason);

    const scores = await exportedScores(baseURL!, E2E_ADMIN, DEMO_TRIVIA);
    expect(scores.filter((s) => s.documentNumber === accepted.document).map((s) => [s.fullName, s.score])).toEqual([[accepted.name, 80]]);
    expect(scores.filter((s) => s.documentNumber === refused.document)).toEqual([]);
  });
});
