import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TriviaActivity } from '../../contract';
import { refreshAnalysedRounds } from '../../api/standings/analysed-rounds';
import { startTestApi, type TestApi } from '../support/api-server';
import type { TestClient } from '../support/http-client';
import { buildCompany, buildLocation, buildTrivia } from '../support/factories';
import { kioskPushes } from '../support/kiosk-pushes';
import { documentTypeId, registerDevice, type KioskSite, type TestTrivia } from '../support/player-flow';

/**
 * A completion keys its round for the analysis in the statement that stores it (its hour on the
 * event's clock, its kiosk): the rounds it stores read in "Sedes y kioscos" as they were played, and
 * the analysis' own refresh finds nothing to change in them.
 */

let api: TestApi;
let admin: TestClient;
let cc: number;
let site: KioskSite['site'];
let trivia: TestTrivia;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  cc = await documentTypeId(api.dataSource);
  const company = await buildCompany(api.dataSource, { timeZone: 'America/Bogota' });
  site = await buildLocation(api.dataSource, company.id, 'Pabellón 1');
  trivia = await buildTrivia(api.dataSource, company.id, { questions: 4 });
});
afterAll(() => api.close());

const { play, attemptByClientId } = kioskPushes(() => ({ api, cc, site, trivia }));

/** The analysis' hour and kiosk of a stored round, beside what its refresh makes of them (run in a transaction rolled back). */
async function keyedAndRefreshed(attemptClientId: string) {
  const attempt = await attemptByClientId(attemptClientId);
  const keyed = { hour: attempt.analysis_hour as Date | null, kiosk: attempt.kiosk_id as string | null };
  let refreshed: typeof keyed | undefined;
  await api.dataSource
    .transaction(async (tx) => {
      await refreshAnalysedRounds(tx, attempt.player_id, attempt.question_group_id);
      const [row] = await tx.query(`SELECT analysis_hour AS hour, kiosk_id AS kiosk FROM player_attempts WHERE id = $1`, [attempt.id]);
      refreshed = row;
      throw new Error('rolled back');
    })
    .catch(() => undefined);
  return { attempt, keyed, refreshed };
}

describe('a completion keys its round for the analysis', () => {
  it('a kiosk set up by staff: its round under that kiosk and the hour of its end on the event clock; a phone: under no kiosk; a held round: not at all', async () => {
    const kiosk = await registerDevice(api);
    const phone = await registerDevice(api, api.client(), { phone: true });
    const endedAt = new Date(Date.now() - 30 * 60_000);
    const onKiosk = play(1, { completedAt: endedAt });
    const onPhone = play(1);
    // Four questions answered in one second: implausible, held for review.
    const held = play(4, { completionTime: 1 });
    expect((await kiosk.push([...onKiosk.mutations, ...held.mutations])).status).toBe(200);
    expect((await phone.push(onPhone.mutations)).status).toBe(200);

    const kioskRound = await keyedAndRefreshed(onKiosk.attemptClientId);
    // Bogotá is UTC-5 all year; the hour is a local time, which the driver reads as this process's.
    const inBogota = new Date(endedAt.getTime() - 5 * 3600_000);
    const hour = new Date(inBogota.getUTCFullYear(), inBogota.getUTCMonth(), inBogota.getUTCDate(), inBogota.getUTCHours());
    expect(kioskRound.keyed).toEqual({ hour, kiosk: kiosk.deviceId });
    expect(kioskRound.refreshed).toEqual(kioskRound.keyed);

    const phoneRound = await keyedAndRefreshed(onPhone.attemptClientId);
    expect(phoneRound.keyed.kiosk).toBeNull();
    expect(phoneRound.keyed.hour).not.toBeNull();
    expect(phoneRound.refreshed).toEqual(phoneRound.keyed);

    const heldRound = await keyedAndRefreshed(held.attemptClientId);
    expect(heldRound.attempt.review_status).toBe('held');
    expect(heldRound.keyed).toEqual({ hour: null, kiosk: kiosk.deviceId });
    expect(heldRound.refreshed).toEqual(heldRound.keyed);

    const res = await admin.get(`/api/question-groups/${trivia.group.id}/activity`);
    expect(res.status).toBe(200);
    const { kiosks } = res.body as TriviaActivity;
    expect(kiosks.map(({ deviceId, rounds }) => ({ deviceId, rounds }))).toEqual([
      { deviceId: kiosk.deviceId, rounds: 1 },
      { deviceId: null, rounds: 1 },
    ]);
  });
});
