import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildPlayer } from '../support/factories';
import { buildKioskSite, playerProof, registerDevice, type KioskSite } from '../support/player-flow';

/**
 * A round the server dealt to a device and then lost in a restore comes back when the device sends
 * its completion again with the deal's signed receipt; nothing else makes a round: a forged, altered,
 * borrowed or missing receipt leaves the completion refused as before.
 */
let api: TestApi;
let site: KioskSite['site'];
let trivia: KioskSite['trivia'];
beforeAll(async () => {
  api = await startTestApi();
  ({ site, trivia } = await buildKioskSite(api.dataSource, { siteName: 'Pabellón Respaldo', trivia: { questions: 3, overrides: { questionsPerRound: 1 } } }));
});
afterAll(() => api.close());

type Device = Awaited<ReturnType<typeof registerDevice>>;
interface Dealt {
  id: number;
  clientId: string;
  token: string;
  receipt?: string;
  startedAt: string;
  round: { questionIds: number[] };
}

/** A phone asks the server to deal a round (of one question) to a known player under a clientId. */
async function deal(device: Device): Promise<Dealt> {
  const player = await buildPlayer(api.dataSource, { locationId: site.id });
  const clientId = randomUUID();
  const res = await api.client().post(
    '/api/player-attempts',
    { ...playerProof(player), questionGroupId: trivia.group.id, clientId },
    { headers: { 'X-Device-Id': device.deviceId, 'X-Device-Secret': device.secret } },
  );
  expect(res.status).toBe(200);
  return res.body as Dealt;
}

/** The completion of a dealt round as the device queues it, all answers right. */
const completion = (mutationId: number, dealt: Dealt, receipt: string | undefined) => ({
  mutationId,
  kind: 'completion',
  payload: {
    attemptClientId: dealt.clientId,
    answers: dealt.round.questionIds.map((questionId) => ({ questionId, answerId: trivia.items.find((item) => item.question.id === questionId)!.answers[0]!.id })),
    completionTime: 1,
    completedAt: new Date().toISOString(),
    ...(receipt === undefined ? {} : { receipt }),
  },
});

/** What a restore to before the deal leaves: no attempt, and the device's counter back at 0. */
async function restoredBefore(dealt: Dealt, device: Device) {
  await api.dataSource.query(`DELETE FROM player_attempts WHERE client_id = $1`, [dealt.clientId]);
  await api.dataSource.query(`DELETE FROM sync_mutations WHERE device_id = $1`, [device.deviceId]);
  await api.dataSource.query(`UPDATE devices SET last_mutation_id = 0 WHERE id = $1`, [device.deviceId]);
}

const attemptOf = async (clientId: string) =>
  (await api.dataSource.query(`SELECT started_at, score, completed_at, dealt_by_server, question_ids, review_status, review_reason FROM player_attempts WHERE client_id = $1`, [clientId]))[0];

describe('a round the server dealt, lost in a restore', () => {
  it('comes back from the receipt sent with its completion, as it was dealt and scored by the server', async () => {
    const device = await registerDevice(api, api.client(), { phone: true });
    const dealt = await deal(device);
    expect(dealt.receipt).toMatch(/^[\w-]+\.[\w-]+$/);
    // Played as a player would: a one-question round takes at least a second.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const sent = completion(1, dealt, dealt.receipt);
    const first = await device.push([sent]);
    expect(first.body.results).toMatchObject([{ mutationId: 1, status: 'applied' }]);
    const before = await attemptOf(dealt.clientId);

    await restoredBefore(dealt, device);
    const again = await device.push([sent]);
    expect(again.body.results).toMatchObject([{ mutationId: 1, status: 'applied', result: { score: 100 } }]);
    const after = await attemptOf(dealt.clientId);
    expect(after).toMatchObject({ score: 100, dealt_by_server: true, question_ids: dealt.round.questionIds, review_status: 'clean' });
    // Its start is the server's clock at the deal, not anything the device said.
    expect(after.started_at).toEqual(before.started_at);
    // Sent once more it is a duplicate, not a second round.
    expect((await device.push([sent])).body.results).toMatchObject([{ status: 'duplicate' }]);
    expect(await api.dataSource.query(`SELECT count(*)::int AS n FROM player_attempts WHERE client_id = $1`, [dealt.clientId])).toEqual([{ n: 1 }]);
  });

  it('stays refused without a receipt, with an altered or forged one, with one for another round, and with another device\'s', async () => {
    const device = await registerDevice(api, api.client(), { phone: true });
    const other = await registerDevice(api, api.client(), { phone: true });
    const dealt = await deal(device);
    const otherDealt = await deal(other);
    await restoredBefore(dealt, device);
    const [body, signature] = dealt.receipt!.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const altered = `${Buffer.from(JSON.stringify({ ...claims, startedAt: new Date(Date.now() - 3600_000).toISOString() })).toString('base64url')}.${signature}`;
    const tries = [undefined, altered, `${body}.${'A'.repeat(signature.length)}`, otherDealt.receipt];
    for (const [i, receipt] of tries.entries()) {
      const res = await device.push([completion(1, dealt, receipt)]);
      expect(res.status, `try ${i}`).toBe(200);
      expect(res.body.results, `try ${i}`).toMatchObject([{ mutationId: 1, status: 'rejected' }]);
      await restoredBefore(dealt, device);
    }
    // Another device sending this device's round with its receipt does not make it either.
    await other.push([completion(1, dealt, dealt.receipt)]);
    expect(await attemptOf(dealt.clientId)).toBeUndefined();
  });
});
