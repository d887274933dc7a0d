import { expect, test } from '@playwright/test';
import { PlayerPage } from '../../e2e/pages/player-page';
import { ServerProcess } from '../../e2e/support/server-process';
import { playRound, registerBeforeTheBackup, serverSql, setUpKioskEarlier, storedResults, withKiosk } from '../support/kiosk-browser';

const DEMO_TRIVIA = 1;
const server = new ServerProcess({ admin: { username: 'admin', password: 'faults-returning-password' } });

test.afterAll(async () => {
  await server.stop();
});

test('a player the kiosk knew plays offline after the server was restored to before she existed: her result is hers, not that of whoever took her old id', async () => {
  test.setTimeout(150_000);
  await withKiosk(server, DEMO_TRIVIA, async ({ bundle, context }) => {
    const page = await context.newPage();
    const player = new PlayerPage(page);

    // Online, Previa registers: the kiosk learns her server id (1).
    await registerBeforeTheBackup(player, bundle, DEMO_TRIVIA);
    await expect.poll(() => serverSql(server, 'SELECT id FROM players'), { timeout: 15_000 }).toEqual([{ id: 1 }]);
    // Set up by staff before the outage: reloaded, its copy of the trivia holds the answer key.
    await setUpKioskEarlier(server, player, DEMO_TRIVIA);

    // Offline; the server is restored to a backup from before (ids rewound too). A new player
    // plays first, and will take id 1 on the server; then Previa comes back and plays.
    await context.setOffline(true);
    await serverSql(server, 'TRUNCATE sync_mutations, devices, player_attempts, players RESTART IDENTITY CASCADE');
    await playRound(page, bundle, { fullName: 'Nuevo Jugador', documentNumber: '7770009', site: 'Stand Principal', pattern: [true, true, true, true, true], score: 100 });
    await player.enterDocument(bundle.documentTypes[0]!.name, '7770000');
    await player.start().click();
    await player.playRoundFrom(bundle, 1, [false, false, false, false, false]);
    await expect(player.score()).toHaveText('0%');
    await player.restart().click();

    await context.setOffline(false);
    await expect
      .poll(() => storedResults(server, DEMO_TRIVIA), { timeout: 30_000 })
      .toEqual([
        expect.objectContaining({ fullName: 'Nuevo Jugador', documentNumber: '7770009', score: 100 }),
        expect.objectContaining({ fullName: 'Previa Al Respaldo', documentNumber: '7770000', score: 0 }),
      ]);
    await expect(player.pending()).toHaveText('Nada por sincronizar');
    await expect(player.rejectedCount()).toHaveCount(0);
    expect(await serverSql(server, `SELECT count(*)::int AS n FROM sync_mutations WHERE status <> 'applied'`)).toEqual([{ n: 0 }]);
  });
});
