import type { TestApi } from './api-server';
import { kioskPlay, type KioskSite, type OfflinePlayInput } from './player-flow';

/**
 * A kiosk's offline plays and what the server stored of them, for the sync tests. `session` is read
 * at each call: the test file starts its API and builds its kiosk site (buildKioskSite) in beforeAll.
 */
export function kioskPushes(session: () => { api: TestApi } & Pick<KioskSite, 'cc' | 'site' | 'trivia'>) {
  /** One offline play at the site by a new player (kioskPlay), its mutations numbered from `firstMutationId`. */
  const play = (firstMutationId: number, overrides: Partial<OfflinePlayInput> = {}) => kioskPlay(session(), firstMutationId, overrides);
  /** The attempt row a push stored, by the attempt's client id (undefined when none). */
  const attemptByClientId = async (clientId: string) => (await session().api.dataSource.query(`SELECT * FROM player_attempts WHERE client_id = $1`, [clientId]))[0];
  /** The last mutation id the server holds for a device. */
  const counter = async (deviceId: string) =>
    (await session().api.dataSource.query(`SELECT last_mutation_id FROM devices WHERE id = $1`, [deviceId]))[0].last_mutation_id;
  return { play, attemptByClientId, counter };
}
