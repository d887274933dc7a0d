import { KIOSK_SETUP_PIN, setUpKioskByLink } from './support/kiosk-setup-link';
import { expect, test } from './fixtures';
import { PlayerPage } from './pages/player-page';
import { exportedScores } from './support/score-export';
import { ServerProcess } from './support/server-process';
import { PersistentKiosk } from './support/persistent-kiosk';
import { kioskShellKept } from './support/kiosk-shell';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

const DEMO_TRIVIA = 1;
const ADMIN = { username: 'admin', password: 'offline-test-password' };
const server = new ServerProcess({ admin: ADMIN });
const kiosk = new PersistentKiosk(server, 'kiosk-profile');

test.afterAll(async () => {
  await server.stop();
});

test('a kiosk keeps playing with the server stopped, survives a reload and a browser restart, and syncs exactly three results', async () => {
  test.setTimeout(420_000);
  await server.start();
  const bundle = await server.bundle(DEMO_TRIVIA);
  const documentType = bundle.documentTypes[0]!;
  const standNorte = bundle.locations.find((l) => l.name === 'Stand Norte')!;

  // Two players the server already knows (registered at another kiosk).
  const known = [
    { fullName: 'Marta Ruiz', documentNumber: '5550001' },
    { fullName: 'Pedro Soto', documentNumber: '5550002' },
  ];
  for (const player of known) {
    const reply = await fetch(`${server.baseUrl}/api/players`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ ...player, documentTypeId: documentType.id, locationId: standNorte.id }),
    });
    expect(reply.ok).toBe(true);
  }

  // Online once: the kiosk opens the trivia (bundle stored, service worker installed) and
  // recognises both players, so it keeps their salted document hashes.
  let { context, page } = await kiosk.launch();
  let player = new PlayerPage(page);
  // Set up by staff: its copy of the trivia holds the answer key it judges with offline.
  await setUpKioskByLink(page, server.baseUrl, ADMIN, DEMO_TRIVIA);
  await player.toDocumentStep();
  await kioskShellKept(page);
  for (const { documentNumber } of known) {
    await player.enterDocument(documentType.name, documentNumber);
    await expect(player.start()).toBeVisible();
    await player.goto(DEMO_TRIVIA);
  }

  await server.stop();

  // 1) A known player, offline: 3 of 5 right.
  await page.reload();
  await player.toDocumentStep();
  await player.enterDocument(documentType.name, known[0]!.documentNumber);
  await expect(page.getByText('Hola, Marta Ruiz.')).toBeVisible();
  await expect(player.connection()).toHaveText('Sin conexión');
  await player.start().click();
  await player.playRoundFrom(bundle, 1, [true, true, true, false, false]);
  await expect(player.score()).toHaveText('60%');
  await player.restart().click();

  // 2) A new player registers offline, the page is reloaded mid-attempt and resumes: 4 of 5 right.
  await player.enterDocument(documentType.name, '5550003');
  await player.registerAs('Lucía Vega', 'Stand Principal');
  await player.start().click();
  for (const [i, correct] of [true, false].entries()) {
    await expect(player.counter()).toHaveText(`${i + 1} / 5`, { timeout: 10_000 });
    await player.answerCurrent(bundle, correct);
  }
  await expect(player.counter()).toHaveText('3 / 5', { timeout: 10_000 });
  const questionBefore = await player.questionText().textContent();
  await page.reload();
  await expect(player.counter()).toHaveText('3 / 5');
  await expect(player.questionText()).toHaveText(questionBefore!);
  await player.playRoundFrom(bundle, 3, [true, true, true]);
  await expect(player.score()).toHaveText('80%');
  await expect(player.correct()).toHaveText('4 / 5');

  // The browser is closed and started again, the server still down and the browser offline too:
  // staff open their panel behind the PIN from what the service worker kept (the badge, the PIN's
  // check and the panel are chunks a kiosk's alone), then a whole round is played.
  await context.close();
  ({ context, page } = await kiosk.launch());
  await context.setOffline(true);
  player = new PlayerPage(page);
  await player.goto(DEMO_TRIVIA);
  await player.openStaffPanelWith(KIOSK_SETUP_PIN);
  await expect(player.staffPanel()).toBeVisible();
  await player.staffPanel().getByRole('button', { name: 'Cerrar' }).click();
  await expect(player.staffPanel()).toBeHidden();
  await player.toDocumentStep();

  // 3) The other known player: 1 of 5 right.
  await player.enterDocument(documentType.name, known[1]!.documentNumber);
  await expect(page.getByText('Hola, Pedro Soto.')).toBeVisible();
  await player.start().click();
  await player.playRoundFrom(bundle, 1, [false, false, false, false, true]);
  await expect(page.getByRole('heading', { name: '¡Sigue practicando!' })).toBeVisible();
  await expect(player.score()).toHaveText('20%');
  // The kiosk scored the round itself; its place is the server's to say.
  await expect(player.place()).toHaveText('Tu puesto llega con la conexión');
  // Three rounds wait (three writes each: a known player is named again by document, offline);
  // none reached the server, but the kiosk did, when it was set up: it was in sync then.
  await expect(player.pending()).toHaveText('3 partidas por sincronizar');
  await expect(player.lastSync()).toHaveText(/^Sincronizado hace /);

  // The server comes back: the next page start flushes the outbox.
  await context.setOffline(false);
  await server.start();
  await page.reload();
  await expect(player.pending()).toHaveText('Nada por sincronizar', { timeout: 30_000 });
  await expect(player.rejectedCount()).toHaveCount(0);
  await expect(player.connection()).toHaveText('En línea');
  await expect(player.lastSync()).toHaveText('Sincronizado hace un momento');

  // What the server holds, read from its records as an admin exports them (the public ranking
  // would hide a duplicated player or an over-limit attempt): exactly the three rounds played.
  const scores = await exportedScores(server.baseUrl, ADMIN, DEMO_TRIVIA);
  expect(
    scores
      .map((s) => [s.fullName, s.documentNumber, s.score, s.correctAnswers, s.totalQuestions, s.overLimit])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
  ).toEqual([
    ['Lucía Vega', '5550003', 80, 4, 5, false],
    ['Marta Ruiz', '5550001', 60, 3, 5, false],
    ['Pedro Soto', '5550002', 20, 1, 5, false],
  ]);
  expect(scores.find((s) => s.fullName === 'Lucía Vega')!.location).toBe('Stand Principal');
  await context.close();
});
