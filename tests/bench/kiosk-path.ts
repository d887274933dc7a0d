import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Mutation, SyncReply } from '../../contract';
import { startServer, stopServer } from './bench-server';
import { LOAD_SECONDS, WORKERS } from './bench-sizes';
import { jsonClient, ms, percentiles, runPool } from './load';
import { cpuMs } from './process-cpu';
import type { BenchData } from './seed';

/**
 * The player path as the app really uses it: the PWA on a kiosk, each kiosk a registered device.
 * Per player it revalidates its stored bundle (GET with If-None-Match, a 304), checks the document
 * (POST /api/players/validate) and pushes its outbox to POST /api/sync. The round is the trivia's
 * own size and the completion answers every question of it with real answer ids, as the player
 * screen does.
 *
 * `online`: the kiosk flushes right after each write, so the registration, the attempt and the
 * completion go in three pushes of one mutation, after the bundle and document checks.
 * `reconnect`: a kiosk that was offline for `PLAYERS_PER_RECONNECT` players sends their mutations
 * in one push, as its outbox does on return (offline, nothing else reached the server).
 */
export type KioskMode = 'online' | 'reconnect';

export const PLAYERS_PER_RECONNECT = 10;

interface Kiosk {
  deviceId: string;
  secret: string;
  nextMutationId: number;
  etag: string;
}

export interface KioskFigures {
  seconds: number;
  requests: number;
  players: number;
  mutations: number;
  /** Non-2xx replies, a bundle that was not a 304, and mutations not `applied`. */
  failures: number;
  latencies: Record<string, number[]>;
}

/** The three mutations of one player at the kiosk: registration, attempt, completion. */
function playerMutations(kiosk: Kiosk, data: BenchData, documentNumber: string, n: number): Mutation[] {
  const playerClientId = randomUUID();
  const attemptClientId = randomUUID();
  const completionTime = 30 + (n % 60);
  const completedAt = new Date();
  const startedAt = new Date(completedAt.getTime() - completionTime * 1000);
  return [
    {
      kind: 'player',
      mutationId: kiosk.nextMutationId++,
      payload: {
        clientId: playerClientId,
        fullName: 'Jugadora De Kiosco',
        documentTypeId: data.documentTypeId,
        documentNumber,
        locationId: data.locationIds[n % data.locationIds.length]!,
      },
    },
    {
      kind: 'attempt',
      mutationId: kiosk.nextMutationId++,
      payload: {
        clientId: attemptClientId,
        playerClientId,
        questionGroupId: data.playTriviaId,
        totalQuestions: data.playAnswers.length,
        // The round the kiosk dealt, as the player screen sends it.
        questionIds: data.playAnswers.map((answer) => answer.questionId),
        startedAt: startedAt.toISOString(),
      },
    },
    {
      kind: 'completion',
      mutationId: kiosk.nextMutationId++,
      payload: { attemptClientId, answers: data.playAnswers, completionTime, completedAt: completedAt.toISOString() },
    },
  ];
}

/** Runs `workers` kiosks against the app for `seconds` and collects each request kind's latencies. */
export async function kioskPath(baseUrl: string, data: BenchData, mode: KioskMode, workers: number, seconds: number, tag: string): Promise<KioskFigures> {
  const client = jsonClient(baseUrl, workers);
  const figures: KioskFigures = { seconds: 0, requests: 0, players: 0, mutations: 0, failures: 0, latencies: {} };
  const timed = async (label: string, method: string, url: string, body?: unknown, headers?: Record<string, string>) => {
    const start = performance.now();
    const reply = await client.send(method, url, body, headers);
    (figures.latencies[label] ??= []).push(performance.now() - start);
    figures.requests++;
    return reply;
  };
  const bundlePath = `/api/play/${data.playTriviaId}/bundle`;

  // Each kiosk registers once and downloads the bundle once, as on the day it was set up.
  const kiosks: Kiosk[] = [];
  for (let i = 0; i < workers; i++) {
    const device = await client.send('POST', '/api/devices', {});
    const bundle = await client.send('GET', bundlePath);
    if (device.status !== 201 || bundle.status !== 200) throw new Error(`kiosk setup failed: device ${device.status}, bundle ${bundle.status}`);
    kiosks.push({ deviceId: device.body.deviceId, secret: device.body.secret, nextMutationId: 1, etag: String(bundle.headers.etag) });
  }

  const push = async (kiosk: Kiosk, mutations: Mutation[]) => {
    const label = mode === 'online' ? `POST /api/sync (${mutations[0]!.kind})` : `POST /api/sync (${mutations.length} mutations)`;
    const reply = await timed(label, 'POST', '/api/sync', { mutations }, { 'X-Device-Id': kiosk.deviceId, 'X-Device-Secret': kiosk.secret });
    figures.mutations += mutations.length;
    if (reply.status !== 200) return mutations.length;
    return (reply.body as SyncReply).results.filter((r) => r.status !== 'applied').length + mutations.length - reply.body.results.length;
  };

  /** One player at the booth: the bundle check and document check, then the player's mutations. */
  const atTheBooth = async (kiosk: Kiosk, documentNumber: string) => {
    let failures = 0;
    const bundle = await timed('GET bundle (If-None-Match)', 'GET', bundlePath, undefined, { 'If-None-Match': kiosk.etag });
    if (bundle.status !== 304) failures++;
    const check = await timed('POST /api/players/validate', 'POST', '/api/players/validate', {
      documentTypeId: data.documentTypeId,
      documentNumber,
      companyId: 1,
      questionGroupId: data.playTriviaId,
    });
    if (check.status !== 200) failures++;
    figures.players++;
    return failures;
  };

  const flow = async (worker: number, n: number): Promise<number> => {
    const kiosk = kiosks[worker]!;
    if (mode === 'online') {
      const documentNumber = `${tag}${worker}x${n}`;
      let failures = await atTheBooth(kiosk, documentNumber);
      for (const mutation of playerMutations(kiosk, data, documentNumber, n)) failures += await push(kiosk, [mutation]);
      return failures;
    }
    // Offline, the players only met the kiosk: what reaches the server is the outbox, in one push.
    const queued: Mutation[] = [];
    for (let p = 0; p < PLAYERS_PER_RECONNECT; p++) {
      queued.push(...playerMutations(kiosk, data, `${tag}${worker}x${n}p${p}`, n * PLAYERS_PER_RECONNECT + p));
    }
    figures.players += PLAYERS_PER_RECONNECT;
    return push(kiosk, queued);
  };

  const result = await runPool(workers, seconds, flow);
  client.close();
  figures.seconds = result.seconds;
  figures.failures = result.failures;
  return figures;
}

/** "label p50 / p95 / p99" for each request kind. */
export function latencyLines(latencies: Record<string, number[]>): string[] {
  return Object.entries(latencies).map(([label, times]) => {
    const [p50, p95, p99] = percentiles(times, [50, 95, 99]);
    return `${label.padEnd(36)} p50 ${p50!.toFixed(1)} ms, p95 ${p95!.toFixed(1)} ms, p99 ${p99!.toFixed(1)} ms (${times.length})`;
  });
}

/** Step 4 of `npm run bench` (docs/benchmarks.md): kiosks on the app alone (the sync protocol has no hand-written twin), each mode for half the load time. */
export async function kioskBenchmark(env: NodeJS.ProcessEnv, data: BenchData, say: (line: string) => void) {
  say(`\n4. Kiosk path as the PWA sends it, ${WORKERS} kiosks (one device each), ${LOAD_SECONDS / 2} s per mode; a completion answers all ${data.playAnswers.length} questions of its round`);
  const app = await startServer('app', env);
  try {
    await kioskPath(app.url, data, 'online', WORKERS, 1, 'kw'); // warm-up: JIT, pools, caches
    const labels: Record<KioskMode, string> = {
      online: 'online: bundle 304 + validate + 3 pushes of 1 mutation per player',
      reconnect: `reconnect: 1 push of ${PLAYERS_PER_RECONNECT * 3} mutations (${PLAYERS_PER_RECONNECT} players)`,
    };
    for (const mode of ['online', 'reconnect'] as const) {
      const cpuBefore = cpuMs(app.child.pid);
      const figures = await kioskPath(app.url, data, mode, WORKERS, LOAD_SECONDS / 2, `k${mode[0]}`);
      const cpu = cpuMs(app.child.pid) - cpuBefore;
      say(`   ${labels[mode]}`);
      say(
        `     ${(figures.requests / figures.seconds).toFixed(0)} req/s, ${(figures.mutations / figures.seconds).toFixed(0)} mutations/s, ${(figures.players / figures.seconds).toFixed(0)} players/s (${figures.failures} failures), server CPU ${ms(cpu / figures.requests)} per request, ${ms(cpu / figures.mutations)} per mutation`,
      );
      for (const line of latencyLines(figures.latencies)) say(`     ${line}`);
    }
  } finally {
    await stopServer(app.child);
  }
}
