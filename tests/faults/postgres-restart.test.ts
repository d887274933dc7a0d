import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiProcess } from './support/api-process';
import { exactlyOnce, reportFigures } from './support/figures';
import { KioskClient, sumFigures } from './support/kiosk-client';
import { auditServer } from './support/ledger';
import { FAULT_SEED, fetchBundle, playOutbox, seededRandom } from './support/plays';
import { RestartablePostgres } from './support/postgres';
import { demoTriviaId } from './support/server-records';

const DEVICES = 20;
const PLAYERS_PER_DEVICE = 4; // a player and one round each: 12 mutations per device, 240 in all
const OUTAGE_MS = 4_000;

let postgres: RestartablePostgres;
let api: ApiProcess;
beforeAll(async () => {
  postgres = await RestartablePostgres.create();
  api = await ApiProcess.start(postgres.url());
});
afterAll(async () => {
  await api?.destroy();
  await postgres?.destroy();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('answers 503 database_unavailable while PostgreSQL is down, recovers without a restart, and loses or duplicates nothing', async () => {
  const bundle = await fetchBundle(api.baseUrl, await demoTriviaId(postgres.url()), postgres.url());
  const random = seededRandom(FAULT_SEED + 2);
  const kiosks = await Promise.all(Array.from({ length: DEVICES }, () => KioskClient.register(() => api.baseUrl, { databaseUrl: postgres.url(), groupId: bundle.group.id })));
  const ledgers = kiosks.map((kiosk, d) => {
    const outbox = playOutbox(bundle, random, { players: PLAYERS_PER_DEVICE, roundsEach: 1, documentPrefix: `2${String(d).padStart(2, '0')}` });
    kiosk.enqueue(outbox.mutations);
    return { deviceId: kiosk.deviceId, outbox };
  });
  const planned = ledgers.reduce((s, l) => s + l.outbox.mutations.length, 0);

  // PostgreSQL stops once a quarter of the mutations is in, with 20 devices pushing, and starts
  // again 4 s later; the API process is left alone.
  const acknowledged = () => kiosks.reduce((s, k) => s + k.figures().acknowledged, 0);
  let outageMs = 0;
  let healthDuringOutage: { status: number; code?: string } | undefined = undefined;
  const operator = (async () => {
    while (acknowledged() < planned / 4) await pause(2);
    const stopped = Date.now();
    await postgres.stop();
    await pause(OUTAGE_MS / 2);
    const health = await fetch(`${api.baseUrl}/api/health`).catch(() => undefined);
    healthDuringOutage = health && { status: health.status, code: ((await health.json()) as { code?: string }).code };
    await pause(OUTAGE_MS / 2);
    await postgres.start();
    outageMs = Date.now() - stopped;
  })();
  const synced = await Promise.allSettled([...kiosks.map((k) => k.drain({ batchSize: 3, pauseMs: 20, retryMs: 250, deadlineMs: 60_000 })), operator]);
  expect(api.crashes).toEqual([]);
  for (const outcome of synced) if (outcome.status === 'rejected') throw outcome.reason;

  const client = sumFigures(kiosks.map((k) => k.figures()));
  const audit = await auditServer(postgres.url(), ledgers);
  reportFigures('postgres-restart', `PostgreSQL restart under ${DEVICES} devices`, {
    ...exactlyOnce(client, audit),
    extra: { outageSeconds: Math.round(outageMs / 100) / 10, errorReplies: client.errorReplies, unanswered: client.networkFailures, apiStarts: api.starts, seed: FAULT_SEED + 2 },
  });

  // During the outage every push got an answer, and every answer was the contract's 503.
  const samples = kiosks.flatMap((k) => [...k.errorSamples]);
  expect(Object.keys(client.errorReplies)).toEqual(['503 database_unavailable']);
  expect(client.errorReplies['503 database_unavailable']).toBeGreaterThan(0);
  for (const [, body] of samples) {
    expect(body).toEqual({ error: 'La base de datos no está disponible', message: 'La base de datos no está disponible', code: 'database_unavailable' });
  }
  expect(client.networkFailures).toBe(0);
  expect(healthDuringOutage).toEqual({ status: 503, code: 'database_unavailable' });

  // The same API process serves again, and holds every mutation once.
  expect(api.starts).toBe(1);
  expect(api.running).toBe(true);
  expect((await fetch(`${api.baseUrl}/api/health`)).status).toBe(200);
  expect(audit.problems).toEqual([]);
  expect({ sent: client.sent, acknowledged: client.acknowledged, rejected: client.rejected, stored: audit.stored, duplicated: audit.duplicated, lost: audit.lost }).toEqual({
    sent: planned,
    acknowledged: planned,
    rejected: 0,
    stored: planned,
    duplicated: 0,
    lost: 0,
  });
});
