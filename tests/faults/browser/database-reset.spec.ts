import { expect, test } from '@playwright/test';
import { PlayerPage } from '../../e2e/pages/player-page';
import { seriousViolations } from '../../e2e/support/axe';
import { KIOSK_SETUP_PIN, setUpKioskByLink } from '../../e2e/support/kiosk-setup-link';
import { exportedScores } from '../../e2e/support/score-export';
import { ServerProcess } from '../../e2e/support/server-process';
import { reportFigures } from '../support/figures';
import { playRound, serverSql, storedResults, type KioskPlayer, withKiosk } from '../support/kiosk-browser';

const DEMO_TRIVIA = 1;
/** How soon after it is back online the kiosk must have synced on its own. */
const SYNC_WITHIN_SECONDS = 30;
const ADMIN = { username: 'admin', password: 'faults-reset-password' };
const server = new ServerProcess({ admin: ADMIN });

test.afterAll(async () => {
  await server.stop();
});

/** Played online, acknowledged, then lost with the database: the kiosk's refill brings the result back. */
const BEFORE_THE_BACKUP: KioskPlayer = { fullName: 'Previa Al Respaldo', documentNumber: '7770000', site: 'Stand Norte', pattern: [true, false, true, false, true], score: 60 };
const PLAYERS: KioskPlayer[] = [
  { fullName: 'Inés Restrepo', documentNumber: '7770001', site: 'Stand Principal', pattern: [true, true, false, true, false], score: 60 },
  { fullName: 'Julián Vega', documentNumber: '7770002', site: 'Stand Norte', pattern: [true, true, true, true, true], score: 100 },
  { fullName: 'Karen Ospina', documentNumber: '7770003', site: 'Stand Principal', pattern: [false, false, true, false, false], score: 20 },
];

test('a kiosk whose results were played while the server database was reset to empty (a restore from an earlier backup) syncs them all, once, under its same device id', async () => {
  // The server starts inside the test (up to a minute on a busy machine), then four rounds on a kiosk.
  test.setTimeout(240_000);
  await withKiosk(server, DEMO_TRIVIA, async ({ bundle, context }) => {
    const page = await context.newPage();
    const player = new PlayerPage(page);

    // Staff set the tablet up as a kiosk of the trivia (with its PIN); online, a first player plays
    // a round the server deals, which it acknowledges: the player's registration, then the
    // completion, which carries the deal's signed receipt.
    await setUpKioskByLink(page, server.baseUrl, ADMIN, DEMO_TRIVIA);
    await player.toDocumentStep();
    await playRound(page, bundle, BEFORE_THE_BACKUP);
    await expect.poll(() => serverSql(server, 'SELECT last_mutation_id AS "last" FROM devices'), { timeout: 15_000 }).toEqual([{ last: 2 }]);
    expect(await serverSql(server, 'SELECT count(*)::int AS n FROM player_attempts WHERE dealt_by_server')).toEqual([{ n: 1 }]);
    await expect(player.pending()).toHaveText('Nada por sincronizar');
    const deviceId = await player.storedDeviceId();
    expect(deviceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await serverSql(server, 'SELECT id FROM devices')).toEqual([{ id: deviceId }]);

    // Offline, three players play full rounds: a player, an attempt and a completion each.
    await context.setOffline(true);
    for (const who of PLAYERS) await playRound(page, bundle, who);
    await expect(player.pending()).toHaveText(`${PLAYERS.length} partidas por sincronizar`);
    // Numbered after the first round's mutations 1 and 2, which the server is about to forget.
    expect((await player.outboxEntries()).map((e) => e.mutationId).sort((a, b) => a - b)).toEqual(Array.from({ length: PLAYERS.length * 3 }, (_, i) => i + 3));

    // Meanwhile the server's database is restored from a backup taken before the kiosk ever
    // synced: its players, attempts, devices and sync records are gone (sequences too); the
    // trivia, its questions and the sites stay. player_aliases goes with players (ON DELETE CASCADE).
    await serverSql(server, 'TRUNCATE sync_mutations, devices, player_attempts, players RESTART IDENTITY CASCADE');
    expect(await serverSql(server, 'SELECT (SELECT count(*) FROM players)::int AS players, (SELECT count(*) FROM devices)::int AS devices, (SELECT count(*) FROM questions WHERE group_id = $1)::int AS questions', [DEMO_TRIVIA])).toEqual([
      { players: 0, devices: 0, questions: bundle.questions.length },
    ]);

    // The kiosk comes back; nobody touches it.
    await context.setOffline(false);
    const back = Date.now();
    await expect(player.pending()).toHaveText('Nada por sincronizar', { timeout: SYNC_WITHIN_SECONDS * 1000 });
    const seconds = Math.round((Date.now() - back) / 100) / 10;
    await expect(player.rejectedCount()).toHaveCount(0);
    await expect(player.connection()).toHaveText('En línea');

    // What the server holds: exactly the four results, under the kiosk's own device, whose row
    // is back with its counter at the last of its eleven resynced mutations: the first round's
    // two, which the server had acknowledged and lost and the kiosk kept (the refill: the round
    // the server had dealt comes back from its receipt), then the nine played offline.
    const stored = await storedResults(server, DEMO_TRIVIA);
    const scores = await exportedScores(server.baseUrl, ADMIN, DEMO_TRIVIA);
    const devices = await serverSql<{ id: string; last: number }>(server, 'SELECT id, last_mutation_id AS "last" FROM devices');
    const mutations = await serverSql<{ id: number; status: string }>(server, 'SELECT mutation_id AS id, status FROM sync_mutations ORDER BY mutation_id');
    const everyone = [BEFORE_THE_BACKUP, ...PLAYERS];
    const expected = everyone.map((p) => ({ fullName: p.fullName, documentNumber: p.documentNumber, site: p.site, score: p.score, correctAnswers: p.pattern.filter(Boolean).length }));
    const matched = expected.filter((row) => stored.some((s) => s.fullName === row.fullName && s.score === row.score)).length;
    reportFigures('kiosk-database-reset', 'kiosk browser, database reset to empty', {
      sent: everyone.length,
      acknowledged: (await player.pending().textContent()) === 'Nada por sincronizar' ? everyone.length : 0,
      stored: matched,
      duplicated: Math.max(0, stored.length - new Set(stored.map((s) => s.documentNumber)).size),
      lost: everyone.length - matched,
      extra: { mutations: mutations.length, secondsToSync: seconds, sameDevice: devices.length === 1 && devices[0]!.id === deviceId },
    });

    expect(stored.map(({ deviceId: _device, ...row }) => row)).toEqual([...expected].sort((a, b) => a.fullName.localeCompare(b.fullName)));
    expect(stored.every((s) => s.deviceId === deviceId)).toBe(true);
    expect(scores.map((s) => [s.fullName, s.score, s.overLimit]).sort()).toEqual(everyone.map((p) => [p.fullName, p.score, false]).sort());
    expect(devices).toEqual([{ id: deviceId, last: PLAYERS.length * 3 + 2 }]);
    expect(mutations).toEqual(Array.from({ length: PLAYERS.length * 3 + 2 }, (_, i) => ({ id: i + 1, status: 'applied' })));
    // The dealt round is back as the server dealt it, and ranks.
    expect(await serverSql(server, `SELECT a.dealt_by_server AS dealt, a.review_status AS review FROM player_attempts a JOIN players p ON p.id = a.player_id WHERE p.document_number = '7770000'`)).toEqual([
      { dealt: true, review: 'clean' },
    ]);
    expect(await player.storedDeviceId()).toBe(deviceId);
    expect(seconds).toBeLessThanOrEqual(SYNC_WITHIN_SECONDS);

    // Staff read on the panel that the server got back the round it had lost; the panel stays
    // accessible with the line, in light and dark.
    await player.openStaffPanelWith(KIOSK_SETUP_PIN);
    await expect(page.getByTestId('staff-refilled')).toHaveText(/^El servidor recuperó 1 resultado de este kiosco \(.+\)\.$/);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await seriousViolations(page, `staff panel after a refill (${colorScheme})`, '[data-testid="staff-panel"]')).toEqual([]);
    }
  });
});
