import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceReceiptSchema } from '../../contract';
import { countMutationsByDevice } from '../../api/play/devices/mutation-counts';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildKioskSite, freshDocument, kioskPlay, registerDevice, type KioskSite, type TestTrivia } from '../support/player-flow';

let api: TestApi;
let cc: number;
let site: KioskSite['site'];
let trivia: TestTrivia;
beforeAll(async () => {
  api = await startTestApi();
  ({ cc, site, trivia } = await buildKioskSite(api.dataSource, { siteName: 'Pabellón 4', trivia: { questions: 4 } }));
});
afterAll(() => api.close());

const play = (firstMutationId: number) => kioskPlay({ cc, site, trivia }, firstMutationId);

const receiptOf = (device: { deviceId: string; secret: string }) =>
  api.client().get('/api/devices/me/receipt', { headers: { 'X-Device-Id': device.deviceId, 'X-Device-Secret': device.secret } });

describe('GET /api/devices/me/receipt', () => {
  it("answers a new device's receipt with every count at 0", async () => {
    const device = await registerDevice(api);
    const res = await receiptOf(device);
    expect(res.status).toBe(200);
    expect(deviceReceiptSchema.parse(res.body)).toEqual({
      deviceId: device.deviceId,
      counts: {
        player: { confirmed: 0, inReview: 0, discarded: 0, rejected: 0 },
        attempt: { confirmed: 0, inReview: 0, discarded: 0, rejected: 0 },
        completion: { confirmed: 0, inReview: 0, discarded: 0, rejected: 0 },
      },
      inReview: [],
      lastMutationId: 0,
      lastSeenAt: null,
    });
  });

  it("counts where the device's writes stand by kind: confirmed, in review and rejected, replays counted once", async () => {
    const device = await registerDevice(api);
    const first = play(1);
    const second = play(4);
    expect((await device.push([...first.mutations, ...second.mutations])).status).toBe(200);
    // A resend of the same batch (a reply lost on the way back) stores nothing new.
    expect((await device.push(first.mutations)).status).toBe(200);

    // Held: an attempt of a trivia that no longer exists. Rejected: a registration without a name.
    const held = {
      mutationId: 7,
      kind: 'attempt',
      payload: { clientId: randomUUID(), playerClientId: first.playerClientId, questionGroupId: 2_000_000_000, totalQuestions: 4, startedAt: new Date().toISOString() },
    };
    const refused = { mutationId: 8, kind: 'player', payload: { clientId: randomUUID(), documentTypeId: cc, documentNumber: freshDocument(), locationId: site.id } };
    const pushed = await device.push([held, refused]);
    expect(pushed.status).toBe(200);
    expect(pushed.body.results.map((r: { status: string }) => r.status)).toEqual(['held', 'rejected']);

    const res = await receiptOf(device);
    expect(res.status).toBe(200);
    const receipt = deviceReceiptSchema.parse(res.body);
    expect(receipt.counts).toEqual({
      player: { confirmed: 2, inReview: 0, discarded: 0, rejected: 1 },
      attempt: { confirmed: 2, inReview: 1, discarded: 0, rejected: 0 },
      completion: { confirmed: 2, inReview: 0, discarded: 0, rejected: 0 },
    });
    expect(receipt.lastMutationId).toBe(8);
    expect(Date.now() - Date.parse(receipt.lastSeenAt!)).toBeLessThan(60_000);

    // The same figures as the rows the server keeps, and nothing of another device's.
    const [stored] = await api.dataSource.query(
      `SELECT count(*) FILTER (WHERE status = 'applied')::int AS applied, count(*)::int AS total FROM sync_mutations WHERE device_id = $1`,
      [device.deviceId],
    );
    expect(stored).toEqual({ applied: 6, total: 8 });
  });

  it('counts several devices at once, each apart, and answers 0 for a device that stored nothing', async () => {
    const one = await registerDevice(api);
    const two = await registerDevice(api);
    const idle = await registerDevice(api);
    await one.push(play(1).mutations);
    await two.push([...play(1).mutations, ...play(4).mutations]);
    const counts = await countMutationsByDevice(api.dataSource.manager, [one.deviceId, two.deviceId, idle.deviceId]);
    expect(counts.get(one.deviceId)?.counts.completion).toEqual({ confirmed: 1, inReview: 0, discarded: 0, rejected: 0 });
    expect(counts.get(two.deviceId)?.counts.player).toEqual({ confirmed: 2, inReview: 0, discarded: 0, rejected: 0 });
    expect(counts.get(idle.deviceId)?.counts.attempt).toEqual({ confirmed: 0, inReview: 0, discarded: 0, rejected: 0 });
  });

  it('adds up through every outcome: what the device recorded = confirmed + in review + refused + still queued, as the devices screen says too', async () => {
    const admin = await api.adminClient();
    const limited = await buildKioskSite(api.dataSource, { siteName: 'Pabellón Azul', trivia: { questions: 4, overrides: { maxAttempts: 1 } } });
    const device = await registerDevice(api);
    const documentNumber = freshDocument();
    // Four rounds of one player on a trivia of one try: the first ranks, the other three are held over the limit.
    const rounds = [1, 4, 7, 10].map((first) => kioskPlay(limited, first, { documentNumber }));
    const refused = { mutationId: 13, kind: 'player', payload: { clientId: randomUUID(), documentTypeId: limited.cc, documentNumber: freshDocument(), locationId: limited.site.id } };
    const pushed = await device.push([...rounds.flatMap((round) => round.mutations), refused]);
    expect(pushed.status).toBe(200);
    type Settled = { mutationId: number; status: string; id?: number; result?: { held: boolean; reviewReason?: string } };
    const results: Settled[] = pushed.body.results;
    // The sync reply's result says held, and why: the player's result screen names it.
    expect(results.find((r) => r.mutationId === 6)?.result).toMatchObject({ held: true, reviewReason: 'over_limit' });
    expect(results.find((r) => r.mutationId === 3)?.result).toMatchObject({ held: false });
    expect(results.find((r) => r.mutationId === 3)?.result).not.toHaveProperty('reviewReason');

    // One more round the device recorded and has not sent yet: still queued.
    const device_ = { recorded: { player: 6, attempt: 5, completion: 5 }, pending: { player: 1, attempt: 1, completion: 1 } };
    const addsUp = (counts: Record<'player' | 'attempt' | 'completion', { confirmed: number; inReview: number; discarded: number; rejected: number }>) => {
      for (const kind of ['player', 'attempt', 'completion'] as const) {
        const { confirmed, inReview, discarded, rejected } = counts[kind];
        expect(confirmed + inReview + (discarded + rejected) + device_.pending[kind], kind).toBe(device_.recorded[kind]);
      }
    };
    const kioskCounts = async () => {
      const list = await admin.get('/api/devices?limit=200');
      return list.body.kiosks.find((k: { id: string }) => k.id === device.deviceId).mutations;
    };

    const before = deviceReceiptSchema.parse((await receiptOf(device)).body);
    expect(before.counts).toEqual({
      player: { confirmed: 4, inReview: 0, discarded: 0, rejected: 1 },
      attempt: { confirmed: 1, inReview: 3, discarded: 0, rejected: 0 },
      completion: { confirmed: 1, inReview: 3, discarded: 0, rejected: 0 },
    });
    expect(before.inReview).toEqual([{ reason: 'over_limit', count: 3 }]);
    addsUp(before.counts);
    expect(await kioskCounts()).toEqual({ byKind: before.counts, total: { confirmed: 6, inReview: 6, discarded: 0, rejected: 1 }, inReview: before.inReview });

    // "Aprobar" one, "Descartar" another: the receipt and the devices screen follow the organiser.
    const attemptIdOf = (mutationId: number) => results.find((r) => r.mutationId === mutationId)!.id!;
    expect((await admin.post(`/api/player-attempts/${attemptIdOf(8)}/release`)).status).toBe(200);
    expect((await admin.post(`/api/player-attempts/${attemptIdOf(11)}/discard`)).status).toBe(200);
    const after = deviceReceiptSchema.parse((await receiptOf(device)).body);
    expect(after.counts).toEqual({
      player: { confirmed: 4, inReview: 0, discarded: 0, rejected: 1 },
      attempt: { confirmed: 2, inReview: 1, discarded: 1, rejected: 0 },
      completion: { confirmed: 2, inReview: 1, discarded: 1, rejected: 0 },
    });
    expect(after.inReview).toEqual([{ reason: 'over_limit', count: 1 }]);
    addsUp(after.counts);
    expect((await kioskCounts()).byKind).toEqual(after.counts);
  });

  it('refuses a wrong secret, another device’s secret and missing credentials as /api/sync does (403 device_unknown)', async () => {
    const device = await registerDevice(api);
    const other = await registerDevice(api);
    const wrong = await receiptOf({ deviceId: device.deviceId, secret: 'guessed-secret' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ code: 'device_unknown', error: expect.any(String), message: expect.any(String) });
    expect((await receiptOf({ deviceId: device.deviceId, secret: other.secret })).body.code).toBe('device_unknown');
    const none = await api.client().get('/api/devices/me/receipt');
    expect(none.status).toBe(403);
    expect(none.body.code).toBe('device_unknown');
    // An unknown id with a guessed secret creates no device row.
    const ghost = randomUUID();
    expect((await receiptOf({ deviceId: ghost, secret: 'x' })).status).toBe(403);
    expect(await api.dataSource.query(`SELECT id FROM devices WHERE id = $1`, [ghost])).toEqual([]);
  });
});
