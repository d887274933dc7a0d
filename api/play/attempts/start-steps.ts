import type { EntityManager } from 'typeorm';
import type { ReviewReason } from '../../../contract';
import { prepared } from '../../../db/prepared-statements';
import { conflict } from '../../platform/http/errors';
import { sha256 } from '../../platform/lib/crypto';
import type { AttemptRow } from './attempt-row';
import { type AttemptLimit, attemptLimitSql, type LimitColumns, limitOf } from '../players/attempt-limit';
import { addressSeen } from './address-limit';
import { crowdLimitBroken, crowdLimitsApply, type RoundSource } from './round-limits';

/**
 * The steps both starts share, the online one (online.ts, `startDealtRound`) and the synced one
 * (synced-start.ts, `recordDeviceRound`), in the order each takes them: the locks, a clientId seen
 * before, the crowd limits, the insert.
 */

export const CLIENT_ID_TAKEN = 'El identificador ya se usó para otro intento';
export const clientIdTaken = () => conflict(CLIENT_ID_TAKEN, { code: 'attempt_client_id_taken' });

export interface StartedAttempt {
  attempt: AttemptRow;
  token: string;
  /** False when the clientId named an attempt started before. */
  inserted: boolean;
  /** A round the server dealt to a device under a clientId: its signed receipt (deal-receipt.ts). */
  receipt?: string | null;
}

/**
 * A start's locks after its device's row, which the caller holds (startOnlineAttempt and a push each
 * lock it first), in the one order every start takes them, so two starts never hold one each of the
 * other's: the round's address, when the crowd limits apply to it (round-limits.ts), then the
 * player, so two starts of one player cannot both slip under the trivia's attempt limit. Returns
 * the address key the round stores, or null for a kiosk's round of its own trivia. `playerLocked`:
 * the transaction already holds the player's row (its registration wrote it).
 */
export async function lockStart(
  em: EntityManager,
  source: RoundSource,
  questionGroupId: number,
  playerId: number,
  { playerLocked = false } = {},
): Promise<string | null> {
  const addressKey = await crowdLimitsApply(em, source, questionGroupId);
  if (!playerLocked) await em.query(prepared(`SELECT 1 FROM players WHERE id = $1 FOR UPDATE`), [playerId]);
  return addressKey;
}

/**
 * What a start reads once its locks are held, in one statement: the attempt its clientId already
 * names, which must be this player's at this trivia (409 attempt_client_id_taken otherwise; none
 * without a clientId), and the player's
 * maxAttempts at the trivia (`attemptLimit`'s rule; undefined when the trivia does not exist).
 */
export async function readStart(
  em: EntityManager,
  clientId: string | null,
  playerId: number,
  questionGroupId: number,
): Promise<{ existing: AttemptRow | undefined; limit: AttemptLimit | undefined }> {
  const [row]: (LimitColumns & Partial<AttemptRow>)[] = await em.query(
    prepared(`SELECT l.max_attempts, l.used, a.*
       FROM (SELECT 1) one
       LEFT JOIN (${attemptLimitSql('$2', '$3')}) l ON true
       LEFT JOIN player_attempts a ON a.client_id = $1`),
    [clientId, playerId, questionGroupId],
  );
  const { max_attempts, used, ...attempt } = row!;
  const existing = attempt.id == null ? undefined : (attempt as AttemptRow);
  if (existing && (existing.player_id !== playerId || existing.question_group_id !== questionGroupId)) throw clientIdTaken();
  return { existing, limit: limitOf({ max_attempts, used }) };
}

/**
 * Why a new round is held: the reason its start found, else the crowd limit it would break by
 * ranking (asked only of rounds the limits count, `addressKey` set), else null. The crowd limits
 * count ranked rounds: one held for another reason ranks only if an organiser approves it.
 */
export async function holdReason(
  em: EntityManager,
  source: RoundSource,
  addressKey: string | null,
  startReason: ReviewReason | null,
  round: { playerId: number; startedAt: Date },
): Promise<ReviewReason | null> {
  if (startReason !== null || addressKey === null) return startReason;
  return crowdLimitBroken(em, source, round);
}

/** A new attempt's row, as either start fills it. */
export interface NewAttemptRow {
  playerId: number;
  questionGroupId: number;
  locationId: number | null;
  totalQuestions: number;
  startedAt: Date;
  clientId: string | null;
  /** Stored as its SHA-256 only. */
  token: string;
  /** Held with this reason; clean when null. */
  reason: ReviewReason | null;
  deviceId: string;
  questionIds: number[] | null;
  answerOrder: Record<string, number[]> | null;
  dealtByServer: boolean;
  windowStart: Date;
  addressKey: string | null;
  /** "Necesito más tiempo" (contract/question-clock.ts). */
  extraTime: boolean;
}

/** Inserts a new attempt; one the crowd limits count (`addressKey`) is added to its address's window in the same statement (`addressSeen`). */
export async function insertAttempt(em: EntityManager, row: NewAttemptRow): Promise<AttemptRow> {
  const [attempt]: AttemptRow[] = await em.query(
    prepared(`WITH ${addressSeen('$1', '$15')}
     INSERT INTO player_attempts
       (player_id, question_group_id, location_id, total_questions, started_at, client_id, token_hash, review_status, review_reason, device_id,
        question_ids, answer_order, dealt_by_server, window_start, address_key, extra_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     RETURNING *`),
    [
      row.playerId,
      row.questionGroupId,
      row.locationId,
      row.totalQuestions,
      row.startedAt,
      row.clientId,
      sha256(row.token),
      row.reason ? 'held' : 'clean',
      row.reason,
      row.deviceId,
      row.questionIds,
      row.answerOrder ? JSON.stringify(row.answerOrder) : null,
      row.dealtByServer,
      row.windowStart,
      row.addressKey,
      row.extraTime,
    ],
  );
  return attempt!;
}
