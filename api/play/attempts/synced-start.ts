import type { EntityManager } from 'typeorm';
import { couldBeDealt, type PollVote, type ReviewReason } from '../../../contract';
import { prepared } from '../../../db/prepared-statements';
import { canonicalJson } from '../../platform/lib/canonical-json';
import { type PlayerReference, type RegisteredPlayer, resolvePlayer } from '../players/service';
import { recordPollVotes } from '../polls/votes';
import { offlineWindowOpens, placeInWindow } from './anchoring';
import type { AttemptRow } from './attempt-row';
import { type DeviceDeal, dealSizeFits } from './device-deal';
import type { TriviaRound } from './round-candidates';
import type { RoundSource } from './round-limits';
import { holdReason, insertAttempt, lockStart, readStart, type StartedAttempt } from './start-steps';
import { attemptToken } from './token';

/** A push as the fair-play rules see it: its device (read before the push), its address and when it arrived. */
export interface PushContext extends RoundSource {
  receivedAt: Date;
}

/** A round a device dealt and started offline, as its `attempt` mutation reports it, its startedAt moved by the device's clock offset. */
export interface DeviceRoundStart extends PlayerReference, DeviceDeal {
  clientId: string;
  questionGroupId: number;
  startedAt: Date;
  /** "Necesito más tiempo" (contract/question-clock.ts). */
  extraTime?: boolean | undefined;
  /** The player's votes in the trivia's polls (contract/polls.ts), stored with the new attempt. */
  pollVotes?: PollVote[] | undefined;
}

export interface SyncedStartContext {
  serverSecret: string;
  push: PushContext;
  /** The trivia's round as the push's transaction read it (sync/push-memo.ts). */
  round: TriviaRound;
  /** The player the attempt's playerClientId names, when the push registered it in this transaction. */
  registered?: RegisteredPlayer | undefined;
}

/**
 * The synced start: a round a device dealt and played offline arrives, and what a player played is
 * never lost: what the online start would refuse is stored and held for review, with the first
 * reason that applies. A player named by a bare id (a kiosk of the version before the proof) is
 * `unproven_player`; a round that is not the trivia's now (its size, its playable questions) is
 * `round_mismatch`; a start over the trivia's maxAttempts, decided with the player's row locked, is
 * `over_limit`; a start outside its window is `unanchored_time`. The window opens where
 * `offlineWindowOpens` says (the device's last contact, never before the trivia existed), is
 * stored with the round as `window_start`, and closes at the push's arrival; a window wider than
 * OFFLINE_WINDOW_HOURS is unanchored too. A round that would rank is then held past the crowd
 * limits (round-limits.ts). A clientId seen before returns that attempt. A step: it runs in the
 * push's transaction, the device's row locked.
 */
export async function recordDeviceRound(em: EntityManager, start: DeviceRoundStart, context: SyncedStartContext): Promise<StartedAttempt> {
  const { push, round } = context;
  // A registration's clientId proves the player, as resolvePlayer would through the alias.
  const { player, proven } = context.registered ? { player: context.registered, proven: true } : await resolvePlayer(em, start, 'sync');
  // A player this transaction's registration wrote is locked already.
  const addressKey = await lockStart(em, push, start.questionGroupId, player.id, { playerLocked: context.registered?.written === true });
  const token = attemptToken(context.serverSecret, start.clientId);
  const { existing, limit } = await readStart(em, start.clientId, player.id, start.questionGroupId);
  if (existing) {
    const attempt = serverDealUnheardOf(existing, start, push) ? await takeDevicesDeal(em, existing, start, context) : existing;
    return { attempt, token, inserted: false };
  }

  const fits = dealFits(start, round);
  const { windowStart, placed } = placeDeviceStart(start.startedAt, push, round);
  const startReason = firstStartReason({ proven, fits, overLimit: limit?.reached === true, unanchored: placed.unanchored });
  const reason = await holdReason(em, push, addressKey, startReason, { playerId: player.id, startedAt: placed.at });
  const attempt = await insertAttempt(em, {
    playerId: player.id,
    questionGroupId: start.questionGroupId,
    locationId: player.location_id,
    totalQuestions: start.questionIds?.length ?? start.totalQuestions,
    startedAt: placed.at,
    clientId: start.clientId,
    token,
    reason,
    deviceId: push.device.id,
    questionIds: start.questionIds ?? null,
    answerOrder: null,
    dealtByServer: false,
    windowStart,
    addressKey,
    extraTime: start.extraTime === true,
  });
  await recordPollVotes(em, attempt, start.pollVotes);
  return { attempt, token, inserted: true };
}

/** The first reason a synced start is held for, in this order, or null. */
function firstStartReason(start: { proven: boolean; fits: boolean; overLimit: boolean; unanchored: boolean }): ReviewReason | null {
  if (!start.proven) return 'unproven_player';
  if (!start.fits) return 'round_mismatch';
  if (start.overLimit) return 'over_limit';
  if (start.unanchored) return 'unanchored_time';
  return null;
}

/** Where a device's round starts: its window opened (stored as `window_start`), and its start placed in it up to the push's arrival. */
function placeDeviceStart(startedAt: Date, push: PushContext, round: TriviaRound) {
  const windowStart = offlineWindowOpens(push.device.lastContact, round.createdAt);
  const placed = placeInWindow(startedAt, { opensAt: windowStart, closesAt: push.receivedAt }, push.fairPlay.offlineWindowMs);
  return { windowStart, placed };
}

/**
 * Whether the device's round could be the trivia's now: its size (device-deal.ts), then, when it
 * sent its questions, the contract's deal rule (`couldBeDealt`) over the trivia's questions.
 */
function dealFits(deal: DeviceDeal, round: TriviaRound): boolean {
  if (!dealSizeFits(deal, round.roundSize)) return false;
  return deal.questionIds === undefined || couldBeDealt(deal.questionIds, round.questions, round.roundSize);
}

/** A round the server dealt to this device, not completed, that the device reports having dealt otherwise (the deal's reply was lost). */
function serverDealUnheardOf(existing: AttemptRow, start: DeviceRoundStart, push: PushContext): boolean {
  return (
    existing.dealt_by_server &&
    existing.device_id === push.device.id &&
    existing.completed_at === null &&
    start.questionIds !== undefined &&
    canonicalJson(existing.question_ids) !== canonicalJson(start.questionIds)
  );
}

/** Records the device's own deal in place of the server's it never received, its window and start placed as any round dealt offline. */
async function takeDevicesDeal(em: EntityManager, existing: AttemptRow, start: DeviceRoundStart, context: SyncedStartContext): Promise<AttemptRow> {
  const questionIds = start.questionIds!;
  const fits = dealFits({ questionIds, totalQuestions: questionIds.length }, context.round);
  const { windowStart, placed } = placeDeviceStart(start.startedAt, context.push, context.round);
  const reason: ReviewReason | null = existing.review_reason ?? (!fits ? 'round_mismatch' : placed.unanchored ? 'unanchored_time' : null);
  const [[updated]]: [AttemptRow[], number] = await em.query(
    prepared(`UPDATE player_attempts
        SET question_ids = $2, answer_order = NULL, dealt_by_server = false, total_questions = $3, started_at = $4, window_start = $5,
            answers = NULL, review_status = CASE WHEN $6::varchar IS NULL THEN review_status ELSE 'held' END, review_reason = $6, extra_time = $7
      WHERE id = $1
      RETURNING *`),
    [existing.id, questionIds, questionIds.length, placed.at, windowStart, reason, start.extraTime === true],
  );
  return updated!;
}
