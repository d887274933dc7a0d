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
 * chooses, and stops counting at the limit. Asked with the address locked (`lockAddress`).
 *
 * Most rounds are answered by the address's window (`address_windows`, kept by `ADDRESS_SEEN`):
 * the players with any round recorded from it in the hour, held or not, at least as many as the
 * rule counts; its rows an hour old leave first. Under the limit, no round of the address is read.
 * Only at the limit is the rule's own count taken, a statement whose answer is a count of up to
 * ADDRESS_PLAYERS_PER_HOUR distinct players from the (address_key, recorded_at) index. The
 * address's rounds of the hour are read apart there (a materialised CTE): in one query with the
 * DISTINCT, the prepared statement's generic plan walked every attempt of the table in player
 * order instead.
 */
export async function tooManyFromAddress(em: EntityManager, input: { addressKey: string; playerId: number; limit: number }): Promise<boolean> {
  const [row]: { known: boolean | null; players: number | null }[] = await em.query(
    prepared(`WITH expired AS (
              DELETE FROM address_players WHERE address_key = $1 AND last_at <= now() - interval '1 hour' RETURNING 1
            ), window_size AS (
              UPDATE address_windows SET players = players - (SELECT count(*) FROM expired) WHERE address_key = $1 RETURNING players
            ), recent AS MATERIALIZED (
              SELECT player_id FROM player_attempts
               WHERE address_key = $1 AND recorded_at > now() - interval '1 hour' AND review_status IN ('clean', 'released')
            )
            SELECT CASE WHEN at_limit.reached THEN EXISTS (
                     SELECT 1 FROM player_attempts
                      WHERE address_key = $1 AND player_id = $2 AND recorded_at > now() - interval '1 hour' AND review_status IN ('clean', 'released')
                   ) END AS known,
                   CASE WHEN at_limit.reached THEN (SELECT count(*) FROM (SELECT DISTINCT player_id FROM recent LIMIT $3) ranked)::int END AS players
              FROM (SELECT coalesce((SELECT players FROM window_size), 0) >= $3 AS reached) at_limit`),
    [input.addressKey, input.playerId, input.limit],
  );
  return row!.known === false && row!.players! >= input.limit;
}

/**
 * Keeps the address's window (see `tooManyFromAddress`) with a round's insert: its player's row
 * added or moved to now, the address's count up by one for a player new to it. CTEs of the
 * insert, over its parameters `player` and `key` (the address key; null for a round the limits do
 * not count, which writes nothing).
 */
export const addressSeen = (player: string, key: string) => `seen AS (
       INSERT INTO address_players (address_key, player_id, last_at) SELECT ${key}::varchar, ${player}::int, now() WHERE ${key}::varchar IS NOT NULL
       ON CONFLICT (address_key, player_id) DO UPDATE SET last_at = EXCLUDED.last_at
       RETURNING (xmax = 0) AS added
     ), counted AS (
       INSERT INTO address_windows (address_key, players) SELECT ${key}::varchar, 1 FROM seen WHERE seen.added
       ON CONFLICT (address_key) DO UPDATE SET players = address_windows.players + 1
     )`;
