import { expect } from 'vitest';
import { startTestApi } from './api-server';
import { buildKioskSite, chooseAnswers, freshDocument, offlinePlay, registerDevice, setUpKiosk, type TestTrivia } from './player-flow';

/**
 * The review tests' API, its signed-in admin and a kiosk site with a trivia of three questions. One
 * phone sends many players' results there: its players-per-hour limit is not what these tests are about.
 */
export async function startReviewSite() {
  const api = await startTestApi({ PHONE_PLAYERS_PER_HOUR: '100000' });
  const admin = await api.adminClient();
  const { cc, site, trivia } = await buildKioskSite(api.dataSource, { siteName: 'Pabellón 1', trivia: { questions: 3 } });
  return { api, admin, cc, site, trivia };
}
type ReviewSite = Awaited<ReturnType<typeof startReviewSite>>;

/** A device that pushes results to review. */
export interface ReviewDevice {
  deviceId: string;
  /** The results of `plays` pushed as one outbox, each held (a time of 0) unless it arrives over the limit. */
  play: (group: TestTrivia, players: { document?: string; playerClientId?: string; name?: string }[]) => Promise<number[]>;
}

/** Held results made and read through the API. `session` is read at each call: the test file starts its site in beforeAll. */
export function heldReview(session: () => ReviewSite) {
  /** A registered device; named, it is set up as a kiosk of the trivia through a setup link, as staff do. */
  async function newDevice(kioskOf?: { group: TestTrivia; name: string }): Promise<ReviewDevice> {
    const { api, admin, cc, site } = session();
    const device = await registerDevice(api, api.client(), { phone: true });
    if (kioskOf) {
      await setUpKiosk(api, admin, device, kioskOf.group.group.id, kioskOf.name);
      // Set up before the rounds it plays (offlinePlay places them in the last two hours).
      await api.dataSource.query(`UPDATE devices SET kiosk_setup_at = now() - interval '2 hours' WHERE id = $1`, [device.deviceId]);
    }
    let next = 1;
    return {
      deviceId: device.deviceId,
      async play(group, players) {
        const plays = players.map((p) => {
          const play = offlinePlay({
            firstMutationId: next,
            documentTypeId: cc,
            documentNumber: p.document ?? freshDocument(),
            locationId: site.id,
            questionGroupId: group.group.id,
            answers: chooseAnswers(group, 3),
            completionTime: 0,
            playerClientId: p.playerClientId,
          });
          if (p.name) (play.mutations[0]!.payload as { fullName: string }).fullName = p.name;
          // A player this device registered already is not registered again.
          const mutations = p.playerClientId ? play.mutations.slice(1) : play.mutations;
          mutations.forEach((m, i) => (m.mutationId = next + i));
          next += mutations.length;
          return { play, mutations };
        });
        const res = await device.push(plays.flatMap((p) => p.mutations));
        expect(res.body.results.every((r: { status: string }) => r.status === 'applied')).toBe(true);
        const ids: number[] = [];
        for (const { play } of plays) {
          const [row] = await api.dataSource.query(`SELECT id FROM player_attempts WHERE client_id = $1`, [play.attemptClientId]);
          ids.push(row.id);
        }
        return ids;
      },
    };
  }

  /**
   * Held rows for reasons that take long to bring about through the API (unanchored_time needs a
   * device silent for OFFLINE_WINDOW_HOURS, too_many_players a crowd on one phone), and a result
   * with no device (no route makes one today): rows made through a sync, then relabelled in SQL.
   */
  const relabel = (ids: number[], set: string) => session().api.dataSource.query(`UPDATE player_attempts SET ${set} WHERE id = ANY($1::int[])`, [ids]);

  const summaryOf = async (groupId: number, filter = '') => {
    const res = await session().admin.get(`/api/player-attempts/held/summary?questionGroupId=${groupId}${filter}`);
    expect(res.status).toBe(200);
    return res.body as { all: number; total: number; lastId: number | null; reasons: { reason: string; count: number }[]; devices: { device: { id: string; kind: string; name: string } | null; count: number }[] };
  };
  type Summary = Awaited<ReturnType<typeof summaryOf>>;
  const reasonCounts = (summary: Summary) => Object.fromEntries(summary.reasons.filter((r) => r.count > 0).map((r) => [r.reason, r.count]));
  const deviceCounts = (summary: Summary) => summary.devices.map((d) => [d.device?.name ?? 'En línea', d.count]);
  const heldPage = (groupId: number, query: string) => session().admin.get(`/api/player-attempts/held?questionGroupId=${groupId}${query}`);
  const rankedOf = async (groupId: number) =>
    ((await session().api.client().get(`/api/ranking?questionGroupId=${groupId}&includeDuplicates=true&limit=5000`)).body as { id: number }[]).map((e) => e.id);
  /** The ids in the site's trivia's ranking (every result of a player) and in its held list. */
  const rankedIds = async () => {
    const { api, trivia } = session();
    return ((await api.client().get(`/api/ranking?questionGroupId=${trivia.group.id}&includeDuplicates=true`)).body as { id: number }[]).map((e) => e.id);
  };
  const heldIds = async () => {
    const { admin, trivia } = session();
    return ((await admin.get(`/api/player-attempts/held?questionGroupId=${trivia.group.id}`)).body as { id: number }[]).map((e) => e.id);
  };

  return { newDevice, relabel, summaryOf, reasonCounts, deviceCounts, heldPage, rankedOf, rankedIds, heldIds };
}
