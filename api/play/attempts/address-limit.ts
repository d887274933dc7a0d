import { createHmac } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { prepared } from '../../../db/prepared-statements';

/**
 * The address a round came from, as stored with it: an HMAC of the client address with the server
 * secret, so the table holds no address anyone can read back, and the same address always gives
 * the same key on every process.
 */
export const addressKey = (serverSecret: string, address: string) => createHmac('sha256', serverSecret).update(`address:${address}`).digest('base64url');

/**
 * Serialises the rounds recorded from one address until the transaction ends, so parallel requests
 * cannot all pass the ceiling on its last place. Taken before the player's row, as every attempt
 * from the address does, so two transactions never hold one each of the other's.
 */
export async function lockAddress(em: EntityManager, key: string): Promise<void> {
  await em.query(prepared(`SELECT pg_advisory_xact_lock(hashtextextended('address:' || $1, 0))`), [key]);
}

/**
 * Whether ranking a round of `playerId` from this address would make more than `limit` distinct
 * new players ranked from it in the last hour of the server's clock: a player already ranked from
 * it in that hour is not new. Counted by when the server recorded the rounds, which no device
 * chooses, and stops counting at the limit.
 *
 * Unlike the other fair-play rules, this one stays a statement: its answer is a count of up to
 * ADDRESS_PLAYERS_PER_HOUR (300) distinct players, which the database takes from the
 * (address_key, recorded_at) index and returns as one row; reading those players to count them
 * here would move up to 300 rows on every new round from a busy venue's shared address.
 */
export async function tooManyFromAddress(em: EntityManager, input: { addressKey: string; playerId: number; limit: number }): Promise<boolean> {
  const [row]: { known: boolean; players: number }[] = await em.query(
    prepared(`SELECT EXISTS (
              SELECT 1 FROM player_attempts
               WHERE address_key = $1 AND player_id = $2 AND recorded_at > now() - interval '1 hour' AND review_status IN ('clean', 'released')
            ) AS known,
            (SELECT count(*) FROM (
              SELECT DISTINCT player_id FROM player_attempts
               WHERE address_key = $1 AND recorded_at > now() - interval '1 hour' AND review_status IN ('clean', 'released')
               LIMIT $3
            ) ranked)::int AS players`),
    [input.addressKey, input.playerId, input.limit],
  );
  return !row!.known && row!.players >= input.limit;
}
