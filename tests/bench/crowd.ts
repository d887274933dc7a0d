/**
 * npm run load: a crowd of players over the path the PWA really uses, against `npm start` on this
 * machine (its embedded PostgreSQL in a fresh DATA_DIR, its demo trivia), then a read-back of the
 * database: acknowledged == stored, no duplicate, nothing lost. Figures, not a test.
 *
 * Each player, kiosk or phone, is a returning device: it revalidates the trivia's bundle with its
 * ETag (a 304) and checks the document (POST /api/players/validate); then its device pushes the
 * player's mutations (registration, attempt, completion answering every question of the round with
 * real answer ids) to POST /api/sync. Kiosks (LOAD_KIOSKS of them) push their outbox every
 * LOAD_KIOSK_BATCH players (a booth on patchy Wi-Fi), each push saying more of the outbox follows
 * until the last; a phone is a device of its own and pushes its one player's three mutations at
 * once. LOAD_PHONE_SHARE of the players use phones, LOAD_PHONES at a time.
 *
 * The rounds were played in the last six hours (playOutbox), offline: every device registered
 * (POST /api/devices, before the timed run) and the kiosks were set up before that, which the
 * harness writes into the database (fair play places a round after its device's last contact;
 * docs/fair-play.md). The answer key the harness scores with is read from the database, as the
 * crowd's devices hold none.
 *
 * LOAD_PROCESSES=2 (or --processes 2) runs two API processes on one PostgreSQL and SIGKILLs the
 * first when 40 % of the players are in; every device then retries on the other.
 *
 * --topology scaled (or LOAD_TOPOLOGY=scaled) runs the topology of docs/scale-out.md instead:
 * HAProxy in front of LOAD_PROCESSES API processes (3 unless told), PgBouncer in front of the
 * primary, a streaming replica serving the public reads, with big screens and ranking readers
 * beside the players and, unless --no-faults, the faults of tests/bench/scaled-run.ts under the crowd.
 *
 * The last API process is scraped (GET /metrics, with the run's METRICS_TOKEN) before the timed
 * run, when half the players are in and at the end: the figures an operator watches on event day
 * (docs/operations.md), moving as the crowd plays.
 */
import { performance } from 'node:perf_hooks';
import type { Mutation, PlayBundle, SyncReply } from '../../contract';
import { fetchBundle, lettersDocumentType, playOutbox, seededRandom, type ExpectedCompletion } from '../faults/support/plays';
import { queryServer } from '../faults/support/server-records';
import { auditCrowd, type CrowdDevice } from './crowd-audit';
import { loadProfile, profileNodeFlags, profileSettings } from './crowd-profile';
import { metricsLine, scrapeMetrics } from './crowd-metrics';
import { backupDirOf, LOAD_BACKUPS, startCrowdServers } from './crowd-servers';
import { probeHealthDuringBackups } from './backup-probe';
import { latencyLines } from './kiosk-path';
import { percentiles } from './load';
import { cpuMs, postgresPids } from './process-cpu';
import { crowdClient, type CrowdClient } from './crowd-client';
import { scaledRun } from './scaled-run';
import { startScaledServers } from './scaled-servers';

if (process.argv.includes('--help')) {
  console.log(
    'npm run load [-- --players N] [-- --processes 2] [-- --profile] [-- --topology scaled [--processes 1-3] [--no-faults]]: a crowd of kiosks and phones over the bundle, document check and sync against npm start, then a read-back audit (docs/benchmarks.md, "npm run load"); LOAD_* variables set the mix.',
  );
  process.exit(0);
}

const argValue = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const PLAYERS = Number(argValue('players') ?? process.env.LOAD_PLAYERS ?? 10_000);
const SCALED = (argValue('topology') ?? process.env.LOAD_TOPOLOGY ?? 'single') === 'scaled';
const FAULTS = !process.argv.includes('--no-faults');
/** Where the CPU per player goes (crowd-profile.ts); a single-topology run only. */
const PROFILE = !SCALED && (process.argv.includes('--profile') || process.env.LOAD_PROFILE === '1');
const PROCESSES = Number(argValue('processes') ?? process.env.LOAD_PROCESSES ?? (SCALED ? 3 : 1));
const KIOSKS = Number(process.env.LOAD_KIOSKS ?? 20);
const KIOSK_BATCH = Number(process.env.LOAD_KIOSK_BATCH ?? 10);
const PHONE_SHARE = Number(process.env.LOAD_PHONE_SHARE ?? 0.5);
const PHONES = Number(process.env.LOAD_PHONES ?? 20);
/** The share of players after which, with two processes, the first is SIGKILLed. */
const KILL_AT = 0.4;
const SEED = Number(process.env.LOAD_SEED ?? 20_261_124);

const say = (line: string) => console.log(line);


interface Device extends CrowdDevice {
  secret: string;
  route: { api: number };
  nextMutationId: number;
  /** When its next round may start (ms). */
  clock: number;
}

async function registerDevice(http: CrowdClient, route: { api: number }): Promise<Device> {
  const reply = await http.send(route, 'POST /api/devices', 'POST', '/api/devices', {});
  if (reply.status !== 201) throw new Error(`device registration: ${reply.status} ${JSON.stringify(reply.body)}`);
  return { deviceId: reply.body.deviceId, secret: reply.body.secret, route, nextMutationId: 1, clock: Date.now() - 6 * 3600_000, sent: [], completions: [], acknowledged: new Map() };
}

/**
 * Pushes `mutations` (the device's next ones, in order) until every one is settled, as the
 * outbox does: whatever a reply did not settle is sent again. Returns how many were refused or held.
 */
async function pushUntilSettled(http: CrowdClient, device: Device, label: string, mutations: Mutation[], more = false): Promise<number> {
  let queue = mutations;
  let refused = 0;
  while (queue.length) {
    const reply = await http.send(device.route, label, 'POST', '/api/sync', { mutations: queue, more }, { 'X-Device-Id': device.deviceId, 'X-Device-Secret': device.secret });
    if (reply.status === 200) {
      for (const result of (reply.body as SyncReply).results) {
        if (result.status === 'applied' || result.status === 'duplicate') device.acknowledged.set(result.mutationId, result.id);
        else refused++;
      }
      const settled = new Set((reply.body as SyncReply).results.map((r) => r.mutationId));
      queue = queue.filter((m) => !settled.has(m.mutationId));
    } else {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return refused;
}

/** One player's minutes at the booth as the server sees them: the bundle revalidated, the document checked. */
async function arrive(http: CrowdClient, route: { api: number }, bundle: PlayBundle, etag: string, documentNumber: string): Promise<number> {
  let unexpected = 0;
  const revalidated = await http.send(route, 'GET bundle (If-None-Match)', 'GET', `/api/play/${bundle.group.id}/bundle`, undefined, { 'If-None-Match': etag });
  if (revalidated.status !== 304) unexpected++;
  const check = await http.send(route, 'POST /api/players/validate', 'POST', '/api/players/validate', {
    documentTypeId: lettersDocumentType(bundle).id,
    documentNumber,
    companyId: bundle.group.companyId,
    questionGroupId: bundle.group.id,
  });
  if (check.status !== 200) unexpected++;
  return unexpected;
}

/** Adds `players` players' mutations to the device's outbox and returns them. */
function play(device: Device, bundle: PlayBundle, random: ReturnType<typeof seededRandom>, players: number, documentPrefix: string): { mutations: Mutation[]; documents: string[]; completions: ExpectedCompletion[] } {
  // One round after another on the device's own clock, from six hours ago: a busy booth's pace.
  const outbox = playOutbox(bundle, random, { players, roundsEach: 1, documentPrefix, firstMutationId: device.nextMutationId, startsAt: device.clock, gapSeconds: [5, 20] });
  device.clock = outbox.endsAt!;
  device.nextMutationId += outbox.mutations.length;
  device.sent.push(...outbox.mutations);
  device.completions.push(...outbox.completions);
  return { mutations: outbox.mutations, documents: outbox.players.map((p) => p.documentNumber), completions: outbox.completions };
}

const dataset = `L${Date.now().toString(36).toUpperCase()}`;
say(`npm run load${SCALED ? ` --topology scaled${FAULTS ? '' : ' --no-faults'}` : ''}: ${PLAYERS.toLocaleString('en')} players, ${PROCESSES} API process${PROCESSES > 1 ? 'es' : ''}; ${KIOSKS} kiosks pushing every ${KIOSK_BATCH} players, ${Math.round(PHONE_SHARE * 100)} % of the players on phones (${PHONES} at a time, one device and one push each)`);
const scaled = SCALED ? await startScaledServers(PROCESSES, say) : undefined;
const profile = PROFILE ? loadProfile() : undefined;
const servers = scaled ?? (await startCrowdServers(PROCESSES, say, profile && { settings: await profileSettings(), nodeFlags: profileNodeFlags(), onLog: profile.onLog }));
/** The kiosks set up seven hours ago and the phones registered then (the trivia made before): the rounds playOutbox places in the last six hours are anchored. */
async function registeredEarlier(kiosks: Device[], phones: Device[], triviaId: number): Promise<void> {
  await queryServer(
    servers.databaseUrl,
    `UPDATE devices SET created_at = now() - interval '7 hours',
            kiosk_name = CASE WHEN id = ANY($1::uuid[]) THEN 'Tableta de carga' END,
            kiosk_question_group_id = CASE WHEN id = ANY($1::uuid[]) THEN $3::int END,
            kiosk_setup_at = CASE WHEN id = ANY($1::uuid[]) THEN now() - interval '7 hours' END
      WHERE id = ANY($1::uuid[]) OR id = ANY($2::uuid[])`,
    [kiosks.map((k) => k.deviceId), phones.map((p) => p.deviceId), triviaId],
  );
  await queryServer(servers.databaseUrl, `UPDATE question_groups SET created_at = least(created_at, now() - interval '8 hours') WHERE id = $1`, [triviaId]);
}

let failed: boolean;
/** The profile's PostgreSQL lines, and what its API lines need once the process has exited. */
let profiled: { lines: string[]; players: number; apiCpu: number } | undefined;
try {
  const http = crowdClient(servers.entries, KIOSKS + PHONES);
  const demoTriviaId = servers.apis[0]!.demoTriviaId;
  if (!demoTriviaId) throw new Error('npm start did not print the demo trivia');
  const random = seededRandom(SEED);
  const phonePlayers = Math.round(PLAYERS * PHONE_SHARE);
  const kioskPlayers = PLAYERS - phonePlayers;

  const kiosks = await Promise.all(Array.from({ length: KIOSKS }, (_, k) => registerDevice(http, { api: k })));
  const phones: Device[] = [];
  for (let lane = 0; lane < phonePlayers; lane += PHONES) {
    phones.push(...(await Promise.all(Array.from({ length: Math.min(PHONES, phonePlayers - lane) }, (_, i) => registerDevice(http, { api: lane + i })))));
  }
  await registeredEarlier(kiosks, phones, demoTriviaId);
  // The bundle is read from the replica in the scaled topology: the version read below must be the set-up's.
  await scaled?.replicaCaughtUp();
  // Read after the set-up is written: the trivia's row moved, so its bundle's version is read now.
  const first = await http.send({ api: 0 }, 'GET bundle (first visit)', 'GET', `/api/play/${demoTriviaId}/bundle`);
  const etag = String(first.headers.etag);
  const bundle: PlayBundle = await fetchBundle(servers.entries[0]!.url, demoTriviaId, servers.databaseUrl);
  let playersIn = 0;
  let refused = 0;
  let unexpected = 0;
  let killed: string | undefined;
  // The process that lives to the end: with two or more, the first is killed mid-run. Scraped directly, not through a balancer (docs/operations.md).
  const watched = servers.apis.at(-1)!;
  const metricsAtStart = await scrapeMetrics(watched.url);
  say(metricsLine('   GET /metrics before the run', metricsAtStart));
  let midRun: Promise<void> | undefined;
  const onPlayersIn = (count: number) => {
    playersIn += count;
    midRun ??= playersIn >= PLAYERS / 2 ? scrapeMetrics(watched.url).then((samples) => say(metricsLine(`   GET /metrics at ${playersIn.toLocaleString('en')} players`, samples, metricsAtStart))) : undefined;
    if ('kill' in servers && PROCESSES > 1 && !killed && playersIn >= PLAYERS * KILL_AT) {
      killed = `SIGKILLed API process 1 after ${playersIn.toLocaleString('en')} players`;
      servers.kill(servers.apis[0]!);
    }
    scaledExtras?.onPlayersIn(playersIn);
  };

  const scaledExtras = scaled && scaledRun(scaled, http.latencies, { players: PLAYERS, faults: FAULTS, triviaId: demoTriviaId, say });
  await profile?.begin(servers.databaseUrl);
  const cpuBefore = servers.apis.map((api) => cpuMs(api.serverPid));
  const pgBefore = postgresPids().reduce((sum, pid) => sum + cpuMs(pid), 0);
  const started = performance.now();
  const backupProbe = LOAD_BACKUPS && 'dataDir' in servers ? probeHealthDuringBackups(watched.url, backupDirOf(servers.dataDir)) : undefined;

  const kioskWork = kiosks.map(async (kiosk, k) => {
    const share = Math.floor(kioskPlayers / KIOSKS) + (k < kioskPlayers % KIOSKS ? 1 : 0);
    for (let done = 0, batch = 0; done < share; batch++) {
      const players = Math.min(KIOSK_BATCH, share - done);
      const { mutations, documents } = play(kiosk, bundle, random, players, `${dataset}K${k}B${batch}`);
      for (const document of documents) unexpected += await arrive(http, kiosk.route, bundle, etag, document);
      refused += await pushUntilSettled(http, kiosk, `POST /api/sync (kiosk, ${players * 3} mutations)`, mutations, done + players < share);
      onPlayersIn(players);
      done += players;
    }
  });
  let nextPhonePlayer = 0;
  const phoneWork = Array.from({ length: PHONES }, async (_, lane) => {
    while (nextPhonePlayer < phonePlayers) {
      const n = nextPhonePlayer++;
      const route = { api: lane + n };
      const document = `${dataset}P${n}`;
      unexpected += await arrive(http, route, bundle, etag, `${document}0000`);
      const phone = phones[n]!;
      phone.route = route;
      const { mutations } = play(phone, bundle, random, 1, document);
      refused += await pushUntilSettled(http, phone, 'POST /api/sync (phone, 3 mutations)', mutations);
      onPlayersIn(1);
    }
  });
  await Promise.all([...kioskWork, ...phoneWork]);
  const seconds = (performance.now() - started) / 1000;
  const duringBackups = await backupProbe?.stop();
  profile?.end();
  await midRun;
  // Read right after the players, before the public readers stop.
  const scaledFinish = scaledExtras?.finish(playersIn);
  say(metricsLine('   GET /metrics after the run', await scrapeMetrics(watched.url), metricsAtStart));
  const cpu = servers.apis.reduce((sum, api, i) => sum + cpuMs(api.serverPid) - (cpuMs(api.serverPid) ? cpuBefore[i]! : 0), 0);
  const pgCpu = postgresPids().reduce((sum, pid) => sum + cpuMs(pid), 0) - pgBefore;
  http.close();
  if (profile) profiled = { lines: await profile.postgresLines(playersIn, pgCpu), players: playersIn, apiCpu: cpu };

  say(`\n${playersIn.toLocaleString('en')} players in ${seconds.toFixed(1)} s: ${(playersIn / seconds).toFixed(0)} players/s`);
  if (killed) say(`   ${killed}; the devices retried on process 2`);
  // The scaled topology prints each part's CPU (its API processes restart, its PostgreSQL servers are two).
  if (!scaled) say(`   server CPU ${(cpu / playersIn).toFixed(2)} ms per player (API process${PROCESSES > 1 ? 'es' : ''}), PostgreSQL about ${(pgCpu / playersIn).toFixed(2)} ms`);
  const publicReadFailed = (await scaledFinish) ?? false;
  say('   latency per request kind:');
  for (const line of latencyLines(http.latencies)) say(`     ${line}`);
  if (!scaled) {
    // Issue 46's goals, set on a faster machine as the cost of the code before fair play and the analysis (docs/benchmarks.md).
    const kioskPushes = http.latencies['POST /api/sync (kiosk, 30 mutations)'] ?? [];
    const [kioskP99] = kioskPushes.length ? percentiles(kioskPushes, [99]) : [];
    say(`   against the goals: CPU per player, API + PostgreSQL ${((cpu + pgCpu) / playersIn).toFixed(2)} ms (goal <= 3.0 ms); a kiosk push of 30 mutations, p99 ${kioskP99?.toFixed(1) ?? '-'} ms (goal <= 300 ms)`);
  }
  say(`   replies by status: ${Object.entries(http.statuses).map(([status, n]) => `${status} × ${n.toLocaleString('en')}`).join(', ')}`);
  say(`   unexpected replies (a bundle not 304, a document check not 200): ${unexpected}; mutations refused or held: ${refused}`);
  if (duringBackups) say(`   GET /api/health while a base backup was taken: ${duringBackups.length ? latencyLines({ '': duringBackups })[0]!.trim() : 'no probe fell inside one'}`);

  const audit = await auditCrowd(servers.databaseUrl, [...kiosks, ...phones]);
  say(`\nRead back from PostgreSQL (${kiosks.length + phones.length} devices):`);
  say(`   sent ${audit.sent.toLocaleString('en')}, acknowledged ${audit.acknowledged.toLocaleString('en')}, stored ${audit.stored.toLocaleString('en')}, duplicated ${audit.duplicated}, lost ${audit.lost}`);
  say(`   acknowledged == stored: ${audit.acknowledged === audit.stored ? 'yes' : 'NO'}`);
  // An honest crowd: fair play holds none of its rounds (docs/fair-play.md).
  const [row] = await queryServer<{ held: number }>(servers.databaseUrl, `SELECT count(*)::int AS held FROM player_attempts WHERE review_status = 'held'`);
  say(`   rounds held for review: ${row?.held ?? 0}`);
  for (const problem of audit.problems) say(`   ! ${problem}`);
  const errors = Object.entries(http.statuses).filter(([status]) => !['200', '201', '304'].includes(status));
  failed =
    audit.problems.length > 0 ||
    audit.acknowledged !== audit.stored ||
    audit.duplicated > 0 ||
    audit.lost > 0 ||
    refused > 0 ||
    unexpected > 0 ||
    publicReadFailed ||
    ((SCALED ? !FAULTS : PROCESSES === 1) && errors.length > 0);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await servers.stop();
}
if (profile && profiled) say(['', ...(await profile.apiLines(profiled.players, profiled.apiCpu, servers.apis[0]!.serverPid)), '', ...profiled.lines].join('\n'));
process.exit(failed ? 1 : 0);
