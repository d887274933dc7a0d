import { performance } from 'node:perf_hooks';
import { startServer, stopServer } from './bench-server';
import { LOAD_SECONDS, WORKERS } from './bench-sizes';
import { jsonClient, median, ms, percentiles, runPool } from './load';
import { cpuMs } from './process-cpu';
import type { BenchData } from './seed';

/**
 * Step 2 of `npm run bench`: the player hot path (validate, register, start, a verdict per
 * question, complete) under concurrent load, the app beside the same path on raw pg + node:http
 * (tests/bench/raw-player-server.ts).
 */

/** The bench trivia's round (tests/bench/seed.ts): ten questions, each answer's verdict asked of the server. */
const PLAY_QUESTIONS = 10;
/** validate, register, start, a verdict per question, complete. */
const REQUESTS_PER_PLAYER = 4 + PLAY_QUESTIONS;
const ROUNDS = 4;

/** One player at the booth: look the document up, register, start, answer all ten questions. */
function playerFlow(baseUrl: string, data: BenchData, tag: string) {
  const client = jsonClient(baseUrl, WORKERS);
  const steps: Record<string, number[]> = {};
  const http = {
    send: async (method: string, url: string, body?: unknown, headers?: Record<string, string>) => {
      const start = performance.now();
      const reply = await client.send(method, url, body, headers);
      (steps[`${method} ${url.replace(/\d+(?=\/|$)/g, ':id')}`] ??= []).push(performance.now() - start);
      return reply;
    },
    close: client.close,
  };
  const flow = async (worker: number, n: number): Promise<number> => {
    const documentNumber = `${tag}${worker}x${n}`;
    let failures = 0;
    const ok = (status: number) => (status >= 200 && status < 300 ? true : (failures++, false));
    const found = await http.send('POST', '/api/players/validate', {
      documentTypeId: data.documentTypeId,
      documentNumber,
      companyId: 1,
      questionGroupId: data.playTriviaId,
    });
    if (!ok(found.status)) return failures;
    const player = await http.send('POST', '/api/players', {
      fullName: 'Jugadora De Carga',
      documentTypeId: data.documentTypeId,
      documentNumber,
      locationId: data.locationIds[n % data.locationIds.length],
    });
    if (!ok(player.status)) return failures;
    // The phone's device, registered once as the player screen does, asks for the round.
    const device = await http.send('POST', '/api/devices', {});
    if (!ok(device.status)) return failures;
    const asDevice = { 'X-Device-Id': device.body.deviceId, 'X-Device-Secret': device.body.secret };
    const attempt = await http.send('POST', '/api/player-attempts', {
      playerId: player.body.id,
      documentTypeId: data.documentTypeId,
      documentNumber,
      questionGroupId: data.playTriviaId,
      totalQuestions: 10,
    }, asDevice);
    if (!ok(attempt.status)) return failures;
    // Each answer's verdict from the server, as a phone asks it (the round the server dealt, in its order).
    for (const questionId of attempt.body.round?.questionIds ?? data.playAnswers.map((a) => a.questionId)) {
      const chosen = data.playAnswers.find((a) => a.questionId === questionId)!;
      if (!ok((await http.send('POST', `/api/player-attempts/${attempt.body.id}/answers`, { token: attempt.body.token, ...chosen })).status)) return failures;
    }
    const done = await http.send('PATCH', `/api/player-attempts/${attempt.body.id}`, {
      answers: data.playAnswers,
      completionTime: 30 + (n % 60),
      token: attempt.body.token,
    });
    ok(done.status);
    return failures;
  };
  return { flow, close: http.close, steps };
}

/**
 * Both servers run at once and are measured in alternating rounds, so a change in the machine's
 * load during the run (it is shared) falls on both alike.
 */
async function hotPath(env: NodeJS.ProcessEnv, data: BenchData) {
  const servers = { app: await startServer('app', env), raw: await startServer('raw', env) };
  try {
    const totals = { app: { flows: 0, failures: 0, seconds: 0, cpuMs: 0 }, raw: { flows: 0, failures: 0, seconds: 0, cpuMs: 0 } };
    const steps = { app: {} as Record<string, number[]>, raw: {} as Record<string, number[]> };
    for (const kind of ['app', 'raw'] as const) {
      const warmUp = playerFlow(servers[kind].url, data, `${kind}w`);
      await runPool(WORKERS, 3, warmUp.flow); // JIT, connection pools, caches
      warmUp.close();
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of round % 2 ? (['raw', 'app'] as const) : (['app', 'raw'] as const)) {
        const load = playerFlow(servers[kind].url, data, `${kind}${round}r`);
        const cpuBefore = cpuMs(servers[kind].child.pid);
        const result = await runPool(WORKERS, LOAD_SECONDS / ROUNDS, load.flow);
        totals[kind].cpuMs += cpuMs(servers[kind].child.pid) - cpuBefore;
        load.close();
        totals[kind].flows += result.flows;
        totals[kind].failures += result.failures;
        totals[kind].seconds += result.seconds;
        for (const [step, times] of Object.entries(load.steps)) (steps[kind][step] ??= []).push(...times);
      }
    }
    const summary = (kind: 'app' | 'raw') => ({
      ...totals[kind],
      requestsPerSecond: (totals[kind].flows * REQUESTS_PER_PLAYER) / totals[kind].seconds,
      cpuPerRequest: totals[kind].cpuMs / (totals[kind].flows * REQUESTS_PER_PLAYER),
      verdict: percentiles(steps[kind]['POST /api/player-attempts/:id/answers'] ?? [], [50, 99]),
      latencies: Object.entries(steps[kind]).map(([step, times]) => `${step} ${ms(median(times))}`).join(', '),
      tail: percentiles(Object.values(steps[kind]).flat(), [50, 95, 99]),
    });
    return { real: summary('app'), raw: summary('raw') };
  } finally {
    await stopServer(servers.app.child);
    await stopServer(servers.raw.child);
  }
}

/** Prints step 2: both servers' throughput, latencies and CPU per request. */
export async function hotPathBenchmark(env: NodeJS.ProcessEnv, data: BenchData, say: (line: string) => void) {
  say(
    `\n2. Player hot path (validate, register, start, ${PLAY_QUESTIONS} answer verdicts, complete: ${REQUESTS_PER_PLAYER} requests per player), ${WORKERS} concurrent players, ${LOAD_SECONDS} s each in ${ROUNDS} alternating rounds`,
  );
  const { real, raw } = await hotPath(env, data);
  say(`   app (Koa + TypeORM)   : ${real.requestsPerSecond.toFixed(0)} req/s (${real.flows} players, ${real.failures} non-2xx)`);
  say(`   raw pg + node:http    : ${raw.requestsPerSecond.toFixed(0)} req/s (${raw.flows} players, ${raw.failures} non-2xx)`);
  say(`   median latency, app   : ${real.latencies}`);
  say(`   median latency, raw   : ${raw.latencies}`);
  say(`   p50/p95/p99, app      : ${real.tail.map(ms).join(' / ')} (every request)`);
  say(`   p50/p95/p99, raw      : ${raw.tail.map(ms).join(' / ')}`);
  say(`   answer verdict p50/p99: app ${real.verdict.map(ms).join(' / ')}, raw ${raw.verdict.map(ms).join(' / ')} (goal p99 <= 50 ms)`);
  say(`   server CPU per request: app ${ms(real.cpuPerRequest)}, raw ${ms(raw.cpuPerRequest)} (moved less than the times by other load, but a busy machine still raises it)`);
  say(`   ratio                 : ${(real.requestsPerSecond / raw.requestsPerSecond).toFixed(2)} (target >= 0.8)`);
}
