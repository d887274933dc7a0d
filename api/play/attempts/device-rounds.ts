import type { EntityManager } from 'typeorm';
import { prepared } from '../../../db/prepared-statements';
import { forbidden } from '../../platform/http/errors';
import { UNKNOWN_DEVICE } from '../devices/service';
import type { RoundSpan } from './overlap';
import type { PlayerRound } from './players-per-phone';

/**
 * What the fair-play rules read of a device: the device itself, and its rounds near a new one.
 * Reads only, each one indexed statement (player_attempts_device_idx: device, start); the rules
 * they feed are pure (overlap.ts, players-per-phone.ts).
 */

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

/** The columns of a devices row the fair-play rules read (`roundDeviceOf`). */
const ROUND_DEVICE_COLUMNS = `CASE WHEN kiosk_name IS NOT NULL THEN kiosk_question_group_id END AS kiosk_question_group_id,
              GREATEST(created_at, drained_at, kiosk_setup_at) AS last_contact`;
type RoundDeviceRow = { kiosk_question_group_id: number | null; last_contact: Date };

const roundDeviceOf = (deviceId: string, row: RoundDeviceRow | undefined): RoundDevice => {
  if (!row) throw forbidden(UNKNOWN_DEVICE, { code: 'device_unknown' });
  return { id: deviceId, kioskQuestionGroupId: row.kiosk_question_group_id, lastContact: new Date(row.last_contact) };
};

const LOCK_ROUND_DEVICE = prepared(`SELECT ${ROUND_DEVICE_COLUMNS} FROM devices WHERE id = $1 FOR UPDATE`);

/**
 * An online start's device as the fair-play rules see it, read before the request changes its
 * last contact, its row taken for the transaction so a device's rounds are judged one at a time. The
 * request authenticated the device first (`authenticateDevice` recreates a lost row), so the row is
 * there; one removed since is an unknown device.
 */
export async function lockRoundDevice(em: EntityManager, deviceId: string): Promise<RoundDevice> {
  const [row]: RoundDeviceRow[] = await em.query(LOCK_ROUND_DEVICE, [deviceId]);
  return roundDeviceOf(deviceId, row);
}

const LOCK_PUSHING_DEVICE = prepared(`SELECT last_mutation_id, ${ROUND_DEVICE_COLUMNS} FROM devices WHERE id = $1 FOR UPDATE`);

/**
 * A push's transaction takes its device's row (so the same batch pushed five times at once is
 * applied once) and reads its sync counter with the device as `lockRoundDevice` sees it, in one
 * statement. Read before the push's bookkeeping, which runs at the transaction's end, moves its
 * last contact.
 */
export async function lockPushingDevice(em: EntityManager, deviceId: string): Promise<{ lastMutationId: number; device: RoundDevice }> {
  const [row]: (RoundDeviceRow & { last_mutation_id: number })[] = await em.query(LOCK_PUSHING_DEVICE, [deviceId]);
  return { device: roundDeviceOf(deviceId, row), lastMutationId: row!.last_mutation_id };
}

/**
 * The device's other completed rounds (not discarded) that cross [startedAt, completedAt]: started
 * before it ended and ended after it started. No round is longer than 24 h, so only rounds started
 * in the 25 hours before it are looked at. An honest device has none: the overlap rule decides what
 * the few others mean.
 */
export async function roundsCrossing(em: EntityManager, round: { id: number; deviceId: string; startedAt: Date; completedAt: Date }): Promise<RoundSpan[]> {
  const rows: { started_at: Date; completed_at: Date }[] = await em.query(
    prepared(`SELECT a.started_at, a.completed_at FROM player_attempts a
        WHERE a.device_id = $1 AND a.id <> $2 AND a.completed_at IS NOT NULL AND a.review_status <> 'discarded'
          AND a.started_at < $3::timestamptz AND a.started_at > $4::timestamptz - interval '25 hours'
          AND a.completed_at > $4::timestamptz`),
    [round.deviceId, round.id, round.completedAt, round.startedAt],
  );
  return rows.map((row) => ({ startedAt: new Date(row.started_at), completedAt: new Date(row.completed_at) }));
}

/**
 * The device's ranked rounds of other players started within an hour either side of `startedAt`,
 * among those the crowd limits counted (`address_key` set: a kiosk's rounds of its own trivia do not
 * count), for the players-per-phone rule.
 */
export async function rankedRoundsAround(em: EntityManager, round: { deviceId: string; playerId: number; startedAt: Date }): Promise<PlayerRound[]> {
  const rows: { player_id: number; started_at: Date }[] = await em.query(
    prepared(`SELECT a.player_id, a.started_at FROM player_attempts a
        WHERE a.device_id = $1 AND a.player_id <> $2
          AND a.started_at > $3::timestamptz - interval '1 hour' AND a.started_at < $3::timestamptz + interval '1 hour'
          AND a.review_status IN ('clean', 'released') AND a.address_key IS NOT NULL`),
    [round.deviceId, round.playerId, round.startedAt],
  );
  return rows.map((row) => ({ playerId: row.player_id, at: new Date(row.started_at).getTime() }));
}
