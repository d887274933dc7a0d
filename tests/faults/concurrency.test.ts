import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PlayBundle } from '../../contract';
import { createTestDatabase } from '../support/database';
import { ApiProcess } from './support/api-process';
import { exactlyOnce, reportFigures } from './support/figures';
import { KioskClient, sumFigures } from './support/kiosk-client';
import { auditServer, type DeviceLedger } from './support/ledger';
import { FAULT_SEED, fetchBundle, playOutbox, seededRandom } from './support/plays';
import { demoTriviaId } from './support/server-records';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let api: ApiProcess;
let bundle: PlayBundle;
beforeAll(async () => {
  database = await createTestDatabase();
  api = await ApiProcess.start(database.url);
  bundle = await fetchBundle(api.baseUrl, await demoTriviaId(database.url), database.url);
});
afterAll(async () => {
  await api?.destroy();
  await database?.drop();
});

const expectExactlyOnce = (audit: Awaited<ReturnType<typeof auditServer>>, planned: number) => {
  expect(audit.problems).toEqual([]);
  expect({ stored: audit.stored, duplicated: audit.duplicated, lost: audit.lost }).toEqual({ stored: planned, duplicated: 0, lost: 0 });
};

it('applies the outboxes of 50 devices pushing at the same moment exactly once', async () => {
  const random = seededRandom(FAULT_SEED + 3);
  const kiosks = await Promise.all(Array.from({ length: 50 }, () => KioskClient.register(() => api.baseUrl, { databaseUrl: database.url, groupId: bundle.group.id })));
  const ledgers: DeviceLedger[] = kiosks.map((kiosk, d) => {
    const outbox = playOutbox(bundle, random, { players: 3, roundsEach: 1, documentPrefix: `3${String(d).padStart(2, '0')}` });
    kiosk.enqueue(outbox.mutations);
    return { deviceId: kiosk.deviceId, outbox };
  });
  const planned = ledgers.reduce((s, l) => s + l.outbox.mutations.length, 0);

  // Every device sends its whole outbox at once; whatever is not settled is sent again.
  const started = Date.now();
  await Promise.all(kiosks.map((k) => k.drain({ batchSize: 100, retryMs: 100, deadlineMs: 60_000 })));
  const seconds = (Date.now() - started) / 1000;

  const client = sumFigures(kiosks.map((k) => k.figures()));
  const audit = await auditServer(database.url, ledgers);
  reportFigures('devices-50', '50 devices at once', {
    ...exactlyOnce(client, audit),
    extra: { pushes: client.pushes, errorReplies: client.errorReplies, seconds: Math.round(seconds * 10) / 10, seed: FAULT_SEED + 3 },
  });
  expect(client).toMatchObject({ sent: planned, acknowledged: planned, rejected: 0, networkFailures: 0, errorReplies: {} });
  expectExactlyOnce(audit, planned);
});

it('applies one device\'s outbox exactly once when two tabs push overlapping batches of it at once', async () => {
  const random = seededRandom(FAULT_SEED + 4);
  const scenarios = [
    { name: 'overlapping halves', tabs: [{ from: 1, to: 20 }, { from: 10, to: 30 }], batchSize: 10 },
    { name: 'the same outbox twice', tabs: [{ from: 1, to: 30 }, { from: 1, to: 30 }], batchSize: 10 },
    { name: 'the same outbox in other batch sizes', tabs: [{ from: 1, to: 30 }, { from: 1, to: 30 }], batchSize: 7 },
  ];
  const ledgers: DeviceLedger[] = [];
  const sent = new Set<string>();
  const acknowledged = new Set<string>();
  const tabFigures = [];
  for (const [s, scenario] of scenarios.entries()) {
    const first = await KioskClient.register(() => api.baseUrl, { databaseUrl: database.url, groupId: bundle.group.id });
    const tabs = [first, first.twin()];
    const outbox = playOutbox(bundle, random, { players: 10, roundsEach: 1, documentPrefix: `4${s}` });
    ledgers.push({ deviceId: first.deviceId, outbox });
    scenario.tabs.forEach((range, t) => tabs[t]!.enqueue(outbox.mutations.filter((m) => m.mutationId >= range.from && m.mutationId <= range.to)));
    await Promise.all(tabs.map((tab, t) => tab.drain({ batchSize: t === 1 ? scenario.batchSize : 10, retryMs: 20, deadlineMs: 60_000 })));
    for (const tab of tabs) {
      const ids = tab.ids();
      ids.sent.forEach((id) => sent.add(`${s}:${id}`));
      ids.acknowledged.forEach((id) => acknowledged.add(`${s}:${id}`));
      tabFigures.push(tab.figures());
      expect(tab.rejections()).toEqual(new Map());
    }
  }

  const client = sumFigures(tabFigures);
  const planned = ledgers.reduce((s, l) => s + l.outbox.mutations.length, 0);
  const audit = await auditServer(database.url, ledgers);
  reportFigures('two-tabs', 'two tabs of one device', {
    sent: sent.size,
    acknowledged: acknowledged.size,
    stored: audit.stored,
    duplicated: audit.duplicated,
    lost: audit.lost,
    extra: { scenarios: scenarios.length, pushes: client.pushes, answeredDuplicate: client.duplicateReplies, errorReplies: client.errorReplies, seed: FAULT_SEED + 4 },
  });
  expect({ sent: sent.size, acknowledged: acknowledged.size }).toEqual({ sent: planned, acknowledged: planned });
  // The tabs met: one tab was told of mutations the other had applied, or of a gap the other was filling.
  expect(client.duplicateReplies + (client.errorReplies['409 sync_gap'] ?? 0)).toBeGreaterThan(0);
  expect(Object.keys(client.errorReplies).filter((key) => key !== '409 sync_gap')).toEqual([]);
  expectExactlyOnce(audit, planned);
});
