import type { EntityManager } from 'typeorm';
import { prepared } from '../../db/prepared-statements';

/** How much two rounds of one device may overlap (clock corrections between pushes) before they are held. */
export const OVERLAP_TOLERANCE_MS = 5_000;

/** What the fair-play rules need to know of the device a round comes from. */
export interface RoundDevice {
  id: string;
  /** A kiosk set up by staff: no players-per-hour limit. */
  isKiosk: boolean;
  /**
   * The last moment the server saw this device with nothing left to send before the current
   * request: a push that emptied its outbox, a heartbeat, its kiosk setup or its registration,
   * whichever is latest. An honest outbox sends everything pending at each contact (over several
   * pushes when it is long, each saying more follows), so a round first pushed now was played after it.
   */
  lastContact: Date;
}

/** The device as the fair-play rules see it, read before the request changes its last contact. */
export async function readRoundDevice(em: EntityManager, deviceId: string): Promise<RoundDevice> {
  const [row]: { is_kiosk: boolean; last_contact: Date }[] = await em.query(
    prepared(`SELECT kiosk_name IS NOT NULL AS is_kiosk, GREATEST(created_at, drained_at, kiosk_setup_at) AS last_contact FROM devices WHERE id = $1`),
    [deviceId],
  );
  // A device row recreated by authenticateDevice a moment ago: its contact is now.
  return row ? { id: deviceId, isKiosk: row.is_kiosk, lastContact: new Date(row.last_contact) } : { id: deviceId, isKiosk: false, lastContact: new Date() };
}

/** Whether another completed round of the device overlaps [startedAt, completedAt] by more than the tolerance. */
export async function overlapsAnotherRound(
  em: EntityManager,
  round: { id: number; deviceId: string; startedAt: Date; completedAt: Date },
): Promise<boolean> {
  const [row]: { overlaps: boolean }[] = await em.query(
    prepared(`SELECT EXISTS (
        SELECT 1 FROM player_attempts a
         WHERE a.device_id = $1 AND a.id <> $2 AND a.completed_at IS NOT NULL AND a.review_status <> 'discarded'
           AND a.started_at < $3::timestamptz - make_interval(secs => $5::float8 / 1000)
           AND a.started_at > $4::timestamptz - interval '25 hours'
           AND a.completed_at > $4::timestamptz + make_interval(secs => $5::float8 / 1000)
      ) AS overlaps`),
    [round.deviceId, round.id, round.completedAt, round.startedAt, OVERLAP_TOLERANCE_MS],
  );
  return row!.overlaps;
}

/**
 * Whether a device that is not a set-up kiosk already played, in the hour before `startedAt`,
 * rounds that count (not held) for `limit` distinct players other than `playerId`.
 */
export async function tooManyPlayers(em: EntityManager, input: { deviceId: string; playerId: number; startedAt: Date; limit: number }): Promise<boolean> {
  const [row]: { others: number }[] = await em.query(
    prepared(`SELECT count(DISTINCT a.player_id)::int AS others FROM player_attempts a
        WHERE a.device_id = $1 AND a.player_id <> $2
          AND a.started_at > $3::timestamptz - interval '1 hour' AND a.started_at <= $3::timestamptz
          AND a.review_status IN ('clean', 'released')`),
    [input.deviceId, input.playerId, input.startedAt],
  );
  return row!.others >= input.limit;
}
