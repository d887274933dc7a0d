import { expect, test, type Page } from '@playwright/test';
import { PlayerPage } from '../../e2e/pages/player-page';
import { ServerProcess } from '../../e2e/support/server-process';
import { reportFigures } from '../support/figures';
import { playRound, serverSql, storedResults, type KioskPlayer, withKiosk } from '../support/kiosk-browser';

const DEMO_TRIVIA = 1;
/** How soon after it is back online the kiosk must have synced on its own. */
const SYNC_WITHIN_SECONDS = 30;
const server = new ServerProcess({ admin: { username: 'admin', password: 'faults-two-tabs-password' } });

test.afterAll(async () => {
  await server.stop();
});

/** Played in turns: A, B, A, B. */
const PLAYERS: (KioskPlayer & { tab: 'A' | 'B' })[] = [
  { tab: 'A', fullName: 'Lucía Arango', documentNumber: '8880001', site: 'Stand Principal', pattern: [true, true, true, false, false], score: 60 },
  { tab: 'B', fullName: 'Mateo Cano', documentNumber: '8880002', site: 'Stand Norte', pattern: [true, false, true, true, true], score: 80 },
  { tab: 'A', fullName: 'Nora Quintero', documentNumber: '8880003', site: 'Stand Norte', pattern: [false, true, false, false, false], score: 20 },
  { tab: 'B', fullName: 'Óscar Ríos', documentNumber: '8880004', site: 'Stand Principal', pattern: [true, true, true, true, true], score: 100 },
];

test('two tabs of a browser without Web Locks, opened at once, register one device, play offline in turns and sync everything once under that identity', async () => {
  test.setTimeout(240_000);
  await withKiosk(server, DEMO_TRIVIA, async ({ bundle, context }) => {
    // As on plain http at a LAN address (not a secure context): no Web Locks, so the flush lease decides.
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined, configurable: true }));
    // Every registration the server granted (a second one would be a second identity).
    const registrations: string[] = [];
    context.on('response', (response) => {
      if (response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/devices' && response.ok()) registrations.push(response.url());
    });

    // One tab plays the trivia at a time (the lease in the kiosk's database stands in for Web
    // Locks): the second tab says the trivia is open in the other one, and each turn takes it over.
    const tabs: Record<'A' | 'B', Page> = { A: await context.newPage(), B: await context.newPage() };
    await new PlayerPage(tabs.A).gotoKiosk(DEMO_TRIVIA);
    await tabs.B.goto(`/play-trivia/${DEMO_TRIVIA}`);
    await expect(new PlayerPage(tabs.B).otherTabHeading()).toBeVisible();
    // Each tab tells the server it is there as it opens, registering first: the lease lets one tab do it.
    for (const page of Object.values(tabs)) {
      expect(await page.evaluate(() => navigator.locks === undefined)).toBe(true);
      await expect.poll(() => new PlayerPage(page).storedDeviceId()).not.toBeNull();
    }

    await context.setOffline(true);
    for (const who of PLAYERS) {
      const player = new PlayerPage(tabs[who.tab]);
      await tabs[who.tab].bringToFront();
      if (await player.otherTabHeading().isVisible()) await player.takeOver().click();
      await player.toDocumentStep();
      // Never set up as a kiosk: no answer key on this device, the score comes with the connection.
      await playRound(tabs[who.tab], bundle, who, 'pending');
    }
    for (const page of Object.values(tabs)) await expect(new PlayerPage(page).pending()).toHaveText(`${PLAYERS.length} partidas por sincronizar`);
    expect(registrations).toHaveLength(1);

    // Both tabs see the network come back at once; nobody touches either.
    await context.setOffline(false);
    const back = Date.now();
    await Promise.all(Object.values(tabs).map((page) => expect(new PlayerPage(page).pending()).toHaveText('Nada por sincronizar', { timeout: SYNC_WITHIN_SECONDS * 1000 })));
    const seconds = Math.round((Date.now() - back) / 100) / 10;

    const stored = await storedResults(server, DEMO_TRIVIA);
    const devices = await serverSql<{ id: string; last: number }>(server, 'SELECT id, last_mutation_id AS "last" FROM devices');
    const mutations = await serverSql<{ id: number; status: string }>(server, 'SELECT mutation_id AS id, status FROM sync_mutations ORDER BY mutation_id');
    const deviceIds = await Promise.all(Object.values(tabs).map((page) => new PlayerPage(page).storedDeviceId()));
    const expected = [...PLAYERS]
      .sort((a, b) => a.fullName.localeCompare(b.fullName))
      .map((p) => ({ fullName: p.fullName, documentNumber: p.documentNumber, site: p.site, score: p.score, correctAnswers: p.pattern.filter(Boolean).length }));
    const matched = expected.filter((row) => stored.some((s) => s.fullName === row.fullName && s.score === row.score)).length;
    reportFigures('kiosk-two-tabs-no-locks', 'kiosk browser, two tabs without Web Locks', {
      sent: PLAYERS.length,
      acknowledged: PLAYERS.length,
      stored: matched,
      duplicated: Math.max(0, stored.length - new Set(stored.map((s) => s.documentNumber)).size),
      lost: PLAYERS.length - matched,
      extra: { mutations: mutations.length, registrations: registrations.length, devices: devices.length, secondsToSync: seconds },
    });

    // Exactly the four results, each once, from one device that registered once and that both tabs use.
    expect(stored.map(({ deviceId: _device, ...row }) => row)).toEqual(expected);
    expect(registrations).toHaveLength(1);
    expect(devices).toEqual([{ id: deviceIds[0], last: PLAYERS.length * 3 }]);
    expect(deviceIds[1]).toBe(deviceIds[0]);
    expect(stored.every((s) => s.deviceId === deviceIds[0])).toBe(true);
    expect(mutations).toEqual(Array.from({ length: PLAYERS.length * 3 }, (_, i) => ({ id: i + 1, status: 'applied' })));
    for (const page of Object.values(tabs)) {
      const player = new PlayerPage(page);
      await expect(player.rejectedCount()).toHaveCount(0);
      await expect(player.connection()).toHaveText('En línea');
    }
    expect(seconds).toBeLessThanOrEqual(SYNC_WITHIN_SECONDS);
  });
});
