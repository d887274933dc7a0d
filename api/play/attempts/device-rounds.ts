import type { EntityManager } from 'typeorm';
import { prepared } from '../../../db/prepared-statements';

/** How much two rounds of one device may overlap (clock corrections between pushes) before they are held. */
export const OVERLAP_TOLERANCE_MS = 5_000;

/** What the fair-play rules need to know of the device a round comes from. */
export interface RoundDevice {
  id: string;
  /** The trivia a kiosk was set up for by staff (null: a phone, or a kiosk whose trivia is gone). */
  kioskQuestionGroupId: number | null;
  /**
   * The last moment the server saw this device with nothing left to send before the current
   * request: a push that emptied its outbox, a heartbeat, its kiosk setup or its registration,
   * whichever is latest. An honest outbox sends everything pending at each contact (over several
   * pushes when it is long, each saying more follows), so a round first pushed now was played after it.
   */
  lastContact: Date;
}

/** A kiosk's exemptions (players per hour, per address) hold for the trivia it was set up for; elsewhere it is a phone. */
export const playsAsKiosk = (device: RoundDevice, questionGroupId: number) => device.kioskQuestionGroupId === questionGroupId;

/**
 * The device as the fair-play rules see it, read before the request changes its last contact.
 * `lock` takes its row for the transaction, so a device's rounds are judged one at a time.
 */
export async function readRoundDevice(em: EntityManager, deviceId: string, { lock = false } = {}): Promise<RoundDevice> {
  const [row]: { kiosk_question_group_id: number | null; last_contact: Date }[] = await em.query(
    prepared(
      `SELECT CASE WHEN kiosk_name IS NOT NULL THEN kiosk_question_group_id END AS kiosk_question_group_id,
              GREATEST(created_at, drained_at, kiosk_setup_at) AS last_contact
         FROM devices WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    ),
    [deviceId],
  );
  // A device row recreated by authenticateDevice a moment ago: its contact is now.
  return row
    ? { id: deviceId, kioskQuestionGroupId: row.kiosk_question_group_id, lastContact: new Date(row.last_contact) }
    : { id: deviceId, kioskQuestionGroupId: null, lastContact: new Date() };
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

const HOUR_MS = 3600_000;

/**
 * Whether ranking a round of `playerId` started at `startedAt` would put more than `limit`
 * distinct players in some hour of the device's ranked rounds played as a phone (those the crowd
 * limits applied to, `address_key` set: a kiosk's rounds of its own trivia do not count), before
 * it and after it: a push may place its rounds in any order. Every ranked hour stays within the limit, so a round
 * ranked earlier never needs judging again.
 */
export async function tooManyPlayers(em: EntityManager, input: { deviceId: string; playerId: number; startedAt: Date; limit: number }): Promise<boolean> {
  const rounds: { player_id: number; started_at: Date }[] = await em.query(
    prepared(`SELECT a.player_id, a.started_at FROM player_attempts a
        WHERE a.device_id = $1 AND a.player_id <> $2
          AND a.started_at > $3::timestamptz - interval '1 hour' AND a.started_at < $3::timestamptz + interval '1 hour'
          AND a.review_status IN ('clean', 'released') AND a.address_key IS NOT NULL`),
    [input.deviceId, input.playerId, input.startedAt],
  );
  return crowdedHour(
    rounds.map((r) => ({ playerId: r.player_id, at: new Date(r.started_at).getTime() })),
    input.startedAt.getTime(),
    input.limit,
  );
}

/**
 * Whether some hour [s, s + 1 h) holding `at` has `limit` or more distinct players among `others`
 * (the new round's player not among them). The busiest such hour starts at `at` or at one of the
 * others' rounds before it.
 */
export function crowdedHour(others: { playerId: number; at: number }[], at: number, limit: number): boolean {
  const starts = [at, ...others.filter((r) => r.at <= at && r.at > at - HOUR_MS).map((r) => r.at)];
  return starts.some((start) => new Set(others.filter((r) => r.at >= start && r.at < start + HOUR_MS).map((r) => r.playerId)).size >= limit);
}
