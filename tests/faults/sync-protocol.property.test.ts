import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Mutation, PlayBundle, SyncReply } from '../../contract';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildLocation, buildTrivia } from '../support/factories';
import { reportFigures } from './support/figures';
import { KioskClient, type PushOutcome } from './support/kiosk-client';
import { auditServer, type DeviceLedger } from './support/ledger';
import { FAULT_SEED, fetchBundle, playOutbox, seededRandom } from './support/plays';

const NUM_RUNS = 40;

let api: TestApi;
let bundle: PlayBundle;
beforeAll(async () => {
  api = await startTestApi({ PLAYER_RATE_LIMIT: '1000000' });
  const company = await buildCompany(api.dataSource);
  await buildLocation(api.dataSource, company.id, 'Pabellón A');
  await buildLocation(api.dataSource, company.id, 'Pabellón B');
  const trivia = await buildTrivia(api.dataSource, company.id, { questions: 7, answersPerQuestion: 3 });
  bundle = await fetchBundle(api.baseUrl, trivia.group.id, api.databaseUrl);
});
afterAll(() => api?.close());

/** How a batch is cut from a device's outbox: where, how long, in which order. */
const batchShape = fc.record({
  /** Where the batch starts: at the oldest unacknowledged mutation (a kiosk), or anywhere (a stale tab, a replay). */
  from: fc.oneof(fc.constant('pending' as const), fc.nat({ max: 14 })),
  length: fc.integer({ min: 1, max: 8 }),
  order: fc.constantFrom('as-is', 'as-is', 'reversed', 'shuffled', 'doubled'),
  /** The server applies it but the reply never reaches the device. */
  replyLost: fc.boolean(),
});
const command = fc.record({
  device: fc.nat({ max: 2 }),
  batch: batchShape,
  /** A second push of the same device at the same moment (another tab). */
  alongside: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: batchShape }),
});
const scenario = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  playersPerDevice: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 2, maxLength: 3 }),
  commands: fc.array(command, { minLength: 1, maxLength: 20 }),
});
type BatchShape = typeof batchShape extends fc.Arbitrary<infer T> ? T : never;

function cut(outbox: Mutation[], kiosk: KioskClient, shape: BatchShape, shuffle: (items: Mutation[]) => Mutation[]): Mutation[] {
  const start = shape.from === 'pending' ? outbox.findIndex((m) => !kiosk.isAcknowledged(m.mutationId)) : Math.min(shape.from, outbox.length - 1);
  const slice = outbox.slice(Math.max(0, start), Math.max(0, start) + shape.length);
  if (shape.order === 'reversed') return slice.reverse();
  if (shape.order === 'shuffled') return shuffle(slice);
  if (shape.order === 'doubled') return [...slice, ...slice];
  return slice;
}

/**
 * What the protocol says a push answers when nothing else touches the device: ids at or below
 * the counter are duplicates, counter + 1 is applied, anything further is a gap (a 409 when nothing
 * new was settled before it, otherwise the end of the batch).
 */
function expectedReply(counter: number, batch: Mutation[]): { status: 200; reply: SyncReply } | { status: 409; lastMutationId: number } {
  const results: SyncReply['results'] = [];
  let settledNew = false;
  for (const m of batch) {
    if (m.mutationId <= counter) results.push({ mutationId: m.mutationId, status: 'duplicate' });
    else if (m.mutationId === counter + 1) {
      results.push({ mutationId: m.mutationId, status: 'applied' });
      counter++;
      settledNew = true;
    } else if (!settledNew) return { status: 409, lastMutationId: counter };
    else break;
  }
  return { status: 200, reply: { results, lastMutationId: counter } };
}

const shapeOf = (outcome: PushOutcome) =>
  outcome.kind === 'reply'
    ? { status: 200, reply: { results: outcome.reply.results.map(({ mutationId, status, reason }) => (reason ? { mutationId, status, reason } : { mutationId, status })), lastMutationId: outcome.reply.lastMutationId } }
    : outcome.kind === 'error'
      ? { status: outcome.status, lastMutationId: typeof outcome.body === 'object' ? outcome.body.lastMutationId : undefined }
      : { network: outcome.message };

/** The server's records for a device: its counter and its settled ids, which must be exactly 1..counter. */
async function serverState(deviceId: string): Promise<{ counter: number; ids: number[] }> {
  const [device] = await api.dataSource.query(`SELECT last_mutation_id FROM devices WHERE id = $1`, [deviceId]);
  const rows: { mutation_id: number }[] = await api.dataSource.query(`SELECT mutation_id FROM sync_mutations WHERE device_id = $1 ORDER BY mutation_id`, [deviceId]);
  return { counter: device.last_mutation_id, ids: rows.map((r) => r.mutation_id) };
}

it('holds every distinct mutation once, in order per device, whatever the interleaving of pushes, lost replies and resends', async () => {
  const totals = { runs: 0, commands: 0, repliesLost: 0, gaps: 0, concurrent: 0, sent: 0, acknowledged: 0, stored: 0, duplicated: 0, lost: 0 };
  let run = 0;
  const property = fc.asyncProperty(scenario, async ({ seed, playersPerDevice, commands }) => {
    run++;
    const random = seededRandom(seed);
    const kiosks = await Promise.all(playersPerDevice.map(() => KioskClient.register(() => api.baseUrl, { databaseUrl: api.databaseUrl, groupId: bundle.group.id })));
    const ledgers: DeviceLedger[] = kiosks.map((kiosk, d) => {
      const outbox = playOutbox(bundle, random, { players: playersPerDevice[d]!, roundsEach: 1, documentPrefix: `P${run}X${d}X` });
      kiosk.enqueue(outbox.mutations);
      return { deviceId: kiosk.deviceId, outbox };
    });

    for (const { device, batch, alongside } of commands) {
      const d = device % kiosks.length;
      const kiosk = kiosks[d]!;
      const outbox = ledgers[d]!.outbox.mutations;
      const first = cut(outbox, kiosk, batch, random.shuffle);
      if (!first.length) continue;
      const before = await serverState(kiosk.deviceId);
      totals.commands++;
      if (!alongside) {
        const outcome = await kiosk.send(first, { dropReply: batch.replyLost });
        if (batch.replyLost) totals.repliesLost++;
        const expected = expectedReply(before.counter, first);
        if (expected.status === 409) totals.gaps++;
        expect(shapeOf(outcome)).toEqual(expected);
      } else {
        // Two tabs at once: whatever the order the server took them in, each new id is applied by
        // exactly one of them, and together they apply a run that continues the counter.
        const tab = kiosk.twin();
        const second = cut(outbox, kiosk, alongside, random.shuffle);
        totals.concurrent++;
        const outcomes = await Promise.all([kiosk.send(first, { dropReply: batch.replyLost }), tab.send(second.length ? second : first)]);
        for (const o of outcomes) if (o.kind !== 'reply') expect(shapeOf(o)).toMatchObject({ status: 409 });
        const applied = outcomes.flatMap((o) => (o.kind === 'reply' ? o.reply.results.filter((r) => r.status === 'applied').map((r) => r.mutationId) : []));
        expect([...applied].sort((a, b) => a - b), JSON.stringify(outcomes.map(shapeOf))).toEqual(Array.from({ length: applied.length }, (_, i) => before.counter + 1 + i));
      }
      // The server holds a contiguous run 1..counter, and everything a device was told is settled is in it.
      const after = await serverState(kiosk.deviceId);
      expect(after.ids).toEqual(Array.from({ length: after.counter }, (_, i) => i + 1));
      for (const m of outbox) if (kiosk.isAcknowledged(m.mutationId)) expect(m.mutationId).toBeLessThanOrEqual(after.counter);
    }

    // Every kiosk then syncs as it does when the Wi-Fi is back: all is held, once.
    await Promise.all(kiosks.map((k) => k.drain({ batchSize: 5, retryMs: 10, deadlineMs: 20_000 })));
    const audit = await auditServer((api.dataSource.options as { url: string }).url, ledgers);
    expect(audit.problems).toEqual([]);
    const planned = audit.planned;
    expect({ stored: audit.stored, duplicated: audit.duplicated, lost: audit.lost }).toEqual({ stored: planned, duplicated: 0, lost: 0 });
    totals.runs++;
    totals.sent += kiosks.reduce((s, k) => s + k.figures().sent, 0);
    totals.acknowledged += kiosks.reduce((s, k) => s + k.figures().acknowledged, 0);
    totals.stored += audit.stored;
    totals.duplicated += audit.duplicated;
    totals.lost += audit.lost;
  });

  const started = Date.now();
  const result = await fc.check(property, { seed: FAULT_SEED, numRuns: NUM_RUNS, endOnFailure: true });
  if (result.failed) throw new Error(`${fc.defaultReportMessage(result)}\n${String(result.errorInstance)}\nReplay with FAULT_SEED=${FAULT_SEED} (fast-check seed ${result.seed}, path ${result.counterexamplePath}).`);
  reportFigures('property', `property-based, ${totals.runs} runs`, {
    sent: totals.sent,
    acknowledged: totals.acknowledged,
    stored: totals.stored,
    duplicated: totals.duplicated,
    lost: totals.lost,
    extra: { pushes: totals.commands, repliesLost: totals.repliesLost, gaps: totals.gaps, twoTabs: totals.concurrent, seconds: Math.round((Date.now() - started) / 100) / 10, seed: FAULT_SEED },
  });
  expect(totals.lost + totals.duplicated).toBe(0);
});
