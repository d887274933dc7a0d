import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { triviaStandingOrder } from '../../api/results/ranking/from-standings';
import { triviaRankingOrder } from '../../api/results/ranking/trivia-ranking';
import { createDataSource } from '../../db/data-source';
import { listBaseBackups } from '../../db/backups/retention';
import { ServerProcess } from '../e2e/support/server-process';
import { exactlyOnce, reportFigures } from './support/figures';
import { KioskClient, sumFigures } from './support/kiosk-client';
import { auditServer, type DeviceLedger } from './support/ledger';
import { playOnPhone, storedRounds } from './support/phone-rounds';
import { FAULT_SEED, fetchBundle, playOutbox, seededRandom } from './support/plays';
import { demoTriviaId, queryServer } from './support/server-records';

/**
 * The laptop dies at a booth (docs/backups.md): a crowd of kiosks syncs against `npm start` with
 * its continuous backups on, and an open phone's players play rounds the server deals; mid-crowd the
 * server and its PostgreSQL are killed and the whole data directory is deleted; `npm run restore`
 * brings the backup directory (another disk) back, the server starts on it, and the kiosks and the
 * phone send again what the restore lost. Nothing acknowledged is
 * lost, nothing is stored twice, and the rankings read from the standings equal a recomputation.
 */

const DEVICES = 4;
const PLAYERS_PER_DEVICE = 16; // a player and two rounds each: 5 mutations, 80 per device, 320 in all
/** Of each device's outbox, what is synced and archived before the crowd's last stretch. */
const ARCHIVED_SHARE = 0.5;
/** Players on an open phone, each with one round the server deals. */
const PHONE_PLAYERS = 2;
/** When the disk dies: after this share of all mutations was acknowledged. */
const DIES_AT_SHARE = 0.75;

const root = await mkdtemp(path.join(tmpdir(), 'trivia-disaster-'));
// As root the server's PostgreSQL runs as the `postgres` user, which must reach the backup folder.
await chmod(root, 0o755);
const backupDir = path.join(root, 'backups');
// The archive gets a segment only when the test finishes one (archiveNow), however slow the machine:
// what the crowd commits after that is what the disk takes with it.
const server = new ServerProcess({ admin: { username: 'admin', password: 'faults-disaster-password' }, env: { BACKUP_DIR: backupDir, BACKUP_MAX_LOSS_SECONDS: '3600' } });
afterAll(async () => {
  await server.stop();
  await rm(server.dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  await rm(root, { recursive: true, force: true });
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds, polling; throws with `what` after `ms`. */
async function until(what: string, check: () => Promise<boolean> | boolean, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await pause(100);
  }
}

/** Finishes the current WAL segment and waits until the server has archived it into BACKUP_DIR. */
async function archiveNow(url: string): Promise<void> {
  const [{ wal }] = (await queryServer<{ wal: string }>(url, `SELECT pg_walfile_name(pg_switch_wal()) AS wal`)) as [{ wal: string }];
  await until(`${wal} archived`, async () => {
    const [{ last }] = (await queryServer<{ last: string | null }>(url, `SELECT last_archived_wal AS last FROM pg_stat_archiver`)) as [{ last: string | null }];
    return last !== null && last >= wal;
  });
}

/** `npm run restore -- --from BACKUP_DIR` into the server's (empty) DATA_DIR; its output when it fails. */
function npmRestore(): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'restore', '--', '--from', backupDir], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => (status === 0 ? resolve(output) : reject(new Error(`npm run restore exited ${status}:\n${output}`))));
  });
}

/** The completed attempts among those the kiosks planned, and how many of them are held for review. */
async function completedOf(ledgers: DeviceLedger[]): Promise<{ completed: number; held: number }> {
  const ids = ledgers.flatMap((ledger) => ledger.outbox.completions.map((c) => c.attemptClientId));
  const [counts] = await queryServer<{ completed: number; held: number }>(
    server.databaseUrl(),
    `SELECT count(*)::int AS completed, count(*) FILTER (WHERE review_status = 'held')::int AS held FROM player_attempts WHERE client_id = ANY($1::uuid[]) AND completed_at IS NOT NULL`,
    [ids],
  );
  return counts!;
}

/** The trivia's rankings (whole, and per site) read from the standings beside their recomputation from the attempts. */
async function rankingsAgainstRecomputation(groupId: number, siteIds: number[]) {
  const dataSource = createDataSource({ url: server.databaseUrl(), poolSize: 1 });
  await dataSource.initialize();
  try {
    const pairs = [];
    for (const locationId of [undefined, ...siteIds]) {
      const filters = { questionGroupId: groupId, includeDuplicates: false, from: null, to: null, ...(locationId ? { locationId } : {}) };
      const standing = await triviaStandingOrder(dataSource.manager, filters, null);
      const recomputed = await triviaRankingOrder(dataSource.manager, filters, null);
      pairs.push({ standing: { total: standing.total, ids: Array.from(standing.ids) }, recomputed: { total: recomputed.total, ids: Array.from(recomputed.ids) } });
    }
    return pairs;
  } finally {
    await dataSource.destroy();
  }
}

it('a crowd syncing when the disk dies: restored from the backups, the kiosks refill what was lost, each result once, and the rankings equal a recomputation', async () => {
  await server.start();
  let url = server.databaseUrl();
  // The base backup taken at start has finished: the archive can replay from it.
  await until('the first base backup', async () => (await listBaseBackups(backupDir)).length > 0);
  const groupId = await demoTriviaId(url);
  const bundle = await fetchBundle(server.baseUrl, groupId, url);
  const random = seededRandom(FAULT_SEED);
  const kiosks = await Promise.all(Array.from({ length: DEVICES }, () => KioskClient.register(() => server.baseUrl, { databaseUrl: url, groupId })));
  const phone = await KioskClient.registerDevice(() => server.baseUrl);
  const ledgers: DeviceLedger[] = kiosks.map((kiosk, d) => ({ deviceId: kiosk.deviceId, outbox: playOutbox(bundle, random, { players: PLAYERS_PER_DEVICE, roundsEach: 2, documentPrefix: `7${d}` }) }));
  const planned = ledgers.reduce((sum, ledger) => sum + ledger.outbox.mutations.length, 0);

  // While the server is reachable each kiosk pushes in small batches; after the disk dies it backs
  // off, and it waits at the gate while the test counts what the restore brought back. A stretch's
  // pushes end when every kiosk's outbox is empty and nothing more is to be played in it.
  let gate: Promise<void> = Promise.resolve();
  let stretchPlayed = true;
  const drain = (kiosk: KioskClient, upTo = Infinity) =>
    (async () => {
      const deadline = Date.now() + 170_000;
      const left = () => kiosk.outbox.filter((m) => m.mutationId <= upTo).length;
      while (left() > 0 || !stretchPlayed) {
        if (Date.now() > deadline) throw new Error(`device ${kiosk.deviceId}: ${left()} mutations pending at the deadline`);
        await gate;
        if (left() === 0) {
          await pause(50);
          continue;
        }
        const outcome = await kiosk.pushOnce(8, upTo);
        await pause(outcome.kind === 'reply' && outcome.reply.results.length > 0 ? 20 : 250);
      }
    })();

  // Every kiosk has been offline for hours and uploads its backlog as one upload (fair play anchors
  // it to the kiosk's set-up). The first half of every outbox syncs, and its WAL reaches the archive.
  const LAST_PLAYER = 5; // a player and two rounds
  const cutoff = (d: number) => Math.round(ledgers[d]!.outbox.mutations.length * ARCHIVED_SHARE);
  kiosks.forEach((kiosk, d) => kiosk.enqueue(d === 0 ? ledgers[d]!.outbox.mutations : ledgers[d]!.outbox.mutations.slice(0, -LAST_PLAYER)));
  await Promise.all(kiosks.map((kiosk, d) => drain(kiosk, cutoff(d))));
  await archiveNow(url);

  // The upload goes on. The first kiosk sends all it has and falls quiet; the others are still
  // pushing when the disk dies, and their last player plays while the server is gone.
  const acknowledged = () => kiosks.reduce((sum, kiosk) => sum + kiosk.figures().acknowledged, 0);
  stretchPlayed = false;
  const crowd = Promise.all(kiosks.map((kiosk) => drain(kiosk)));
  // Meanwhile an open phone's players play online: rounds the server deals.
  const phoneRounds = await playOnPhone(phone, server.baseUrl, bundle, PHONE_PLAYERS);
  const phoneRoundsBefore = await storedRounds(server.databaseUrl(), phoneRounds);
  await until('the crowd well into its last stretch, the first kiosk quiet', () => acknowledged() >= planned * DIES_AT_SHARE && kiosks[0]!.pending === 0, 120_000);
  let openGate!: () => void;
  gate = new Promise((resolve) => (openGate = resolve));
  await server.kill();
  kiosks.forEach((kiosk, d) => d > 0 && kiosk.enqueue(ledgers[d]!.outbox.mutations.slice(-LAST_PLAYER)));
  stretchPlayed = true;
  const completionIds = new Set(ledgers.flatMap((ledger) => ledger.outbox.mutations.filter((m) => m.kind === 'completion').map((m) => `${ledger.deviceId}:${m.mutationId}`)));
  const resultsAcknowledged = kiosks.reduce((sum, kiosk) => sum + [...kiosk.ids().acknowledged].filter((id) => completionIds.has(`${kiosk.deviceId}:${id}`)).length, 0);
  await rm(server.dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });

  // Restored from the backup directory into an empty DATA_DIR, then served again.
  const restoreOutput = await npmRestore();
  expect(restoreOutput).toMatch(/Restored from the base backup/);
  await server.start();
  url = server.databaseUrl();
  const presentAfterRestore = await completedOf(ledgers);
  const presentPhoneRounds = (await storedRounds(server.databaseUrl(), phoneRounds)).length;
  const siteIds = bundle.locations.map((site) => site.id);
  const restoredRankings = await rankingsAgainstRecomputation(groupId, siteIds);

  // The kiosks come back to it and send again what it lost: those with writes waiting learn of the
  // restore from their next push's gap, those with nothing to send from their heartbeat.
  openGate();
  await crowd;
  const refilledByHeartbeat = (await Promise.all(kiosks.map((kiosk) => kiosk.heartbeat()))).reduce((sum, n) => sum + n, 0);
  await Promise.all(kiosks.map((kiosk) => drain(kiosk)));
  // The phone, open and quiet, learns of the restore from its heartbeat too.
  const phoneRefilled = await phone.heartbeat();
  await drain(phone);
  const phoneRoundsAfter = await storedRounds(server.databaseUrl(), phoneRounds);
  const presentAfterRefill = await completedOf(ledgers);
  const audit = await auditServer(url, ledgers);
  const client = sumFigures(kiosks.map((kiosk) => kiosk.figures()));
  const refilledRankings = await rankingsAgainstRecomputation(groupId, siteIds);
  const results = ledgers.reduce((sum, ledger) => sum + ledger.outbox.completions.length, 0);
  reportFigures('disaster-restore', 'disk dead mid-crowd, restored from the backups', {
    ...exactlyOnce(client, audit),
    extra: {
      devices: DEVICES,
      results,
      resultsAcknowledgedBeforeTheDisaster: resultsAcknowledged,
      resultsPresentAfterRestore: presentAfterRestore.completed,
      resultsPresentAfterRefill: presentAfterRefill.completed,
      heldForReview: presentAfterRefill.held,
      mutationsRefilled: client.refilled,
      ofThemAfterAHeartbeat: refilledByHeartbeat,
      phoneRoundsDealtByTheServer: phoneRounds.length,
      phoneRoundsPresentAfterRestore: presentPhoneRounds,
      phoneRoundsBackFromTheirReceipts: phoneRoundsAfter.filter((round) => round.completed).length,
      seed: FAULT_SEED,
    },
  });

  // The restore lost the crowd's last stretch (not yet archived) and kept the archived half.
  expect(presentAfterRestore.completed).toBeGreaterThanOrEqual(results * ARCHIVED_SHARE);
  expect(presentAfterRestore.completed).toBeLessThan(resultsAcknowledged);
  expect(refilledByHeartbeat).toBeGreaterThan(0);
  expect(client.refilled).toBeGreaterThan(refilledByHeartbeat);
  // Every planned mutation is on the server once, as sent: nothing acknowledged is lost.
  expect(audit.problems).toEqual([]);
  expect({ stored: audit.stored, duplicated: audit.duplicated, lost: audit.lost }).toEqual({ stored: planned, duplicated: 0, lost: 0 });
  // Every result is back, and none is held for review: what the kiosks sent again keeps its anchor.
  expect(presentAfterRefill).toEqual({ completed: results, held: 0 });
  for (const { standing, recomputed } of [...restoredRankings, ...refilledRankings]) expect(standing).toEqual(recomputed);
  expect(refilledRankings[0]!.standing.total).toBeGreaterThan(restoredRankings[0]!.standing.total);
  // The phone's rounds, which the server had dealt and lost, are back as it dealt them (its clock's
  // start, the score), once each, from the receipts their completions carried.
  expect(presentPhoneRounds).toBe(0);
  expect(phoneRefilled).toBe(PHONE_PLAYERS * 2);
  expect(phoneRoundsAfter).toEqual(phoneRoundsBefore);
  expect(phoneRoundsAfter.map(({ completed, dealt, held, score }) => ({ completed, dealt, held, score }))).toEqual(phoneRounds.map(() => ({ completed: true, dealt: true, held: false, score: 100 })));
}, 240_000);
