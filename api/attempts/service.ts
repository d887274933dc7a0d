import { randomInt } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { couldBeDealt, dealRound, type DealtRound, type RandomIndex, type ReviewReason } from '../../contract';
import type { ChosenAnswer } from '../../db/entities/player-attempt.entity';
import { badRequest, conflict, notFound } from '../errors';
import { GROUP_NOT_FOUND } from '../question-groups/service';
import { type PlayerReference, type PlayerRow, resolvePlayer } from '../players/service';
import { canonicalJson } from '../lib/canonical-json';
import { sha256 } from '../lib/crypto';
import { attemptLimit, attemptLimitReached } from './attempt-limit';
import { placeInWindow } from './anchoring';
import { overlapsAnotherRound } from './device-rounds';
import { crowdLimitBroken, crowdLimitsApply, type RoundSource } from './round-limits';
import { judgeTime } from './plausibility';
import { readCandidatesAmong, readDealCandidates, triviaRound, type TriviaRound } from './round-candidates';
import { type AnswerKey, scoreCompletion } from './scoring';
import { checkAgainstRound, sameAnswers } from './round-answers';
import { keepVerdicts } from './server-timing';
import { timeCompletion } from './round-end';
import { attemptToken } from './token';
import { refreshPlayerStandings } from '../ranking/standings';
import { prepared } from '../../db/prepared-statements';
import type { AttemptRow } from './attempt-row';

export const INVALID_TOKEN = 'Token de intento no válido';
export const ATTEMPT_COMPLETED = 'El intento ya fue completado con otro resultado';
export const CLIENT_ID_TAKEN = 'El identificador ya se usó para otro intento';
export const ROUND_NOT_DEALT = 'Este intento no tiene una ronda repartida por el servidor';
export const roundSizeMismatch = (roundSize: number) =>
  roundSize === 0 ? 'Esta trivia aún no tiene preguntas.' : `La ronda de esta trivia tiene ${roundSize} ${roundSize === 1 ? 'pregunta' : 'preguntas'}`;

/** The server deals with its cryptographic random source. */
const serverRandom: RandomIndex = (bound) => randomInt(bound);

export interface NewAttempt extends PlayerReference {
  questionGroupId: number;
  /** The round size the client played; the server's own is stored online. */
  totalQuestions?: number;
  clientId?: string;
}

/**
 * Where an attempt comes from. Online, the server deals the round and times it, and the rules
 * refuse: over maxAttempts is 403, another round size 400. Synced, the device dealt the round
 * offline, and what a player already played is never lost: it is stored and held for review.
 */
export type AttemptOrigin =
  /** The device that asked for the round, locked for the transaction, and the request's address. */
  | ({ channel: 'online'; serverSecret: string } & RoundSource)
  | {
      channel: 'sync';
      serverSecret: string;
      /** The device's startedAt, moved by its clock's offset. */
      startedAt: Date;
      /** The round the device dealt, in order (absent from devices before recorded rounds). */
      questionIds?: number[];
      push: PushContext;
      /** The trivia's round, when the caller read it already in this transaction. */
      round?: TriviaRound;
      /** The player the attempt's playerClientId names, when the push registered it in this transaction. */
      registered?: PlayerRow;
    };

/** A push as the fair-play rules see it: its device (read before the push), its address and when it arrived. */
export interface PushContext extends RoundSource {
  receivedAt: Date;
}

export interface StartedAttempt {
  attempt: AttemptRow;
  token: string;
  inserted: boolean;
}

/**
 * Starts an attempt for the player at the player's current site. The attempt must prove it is the
 * player's (resolvePlayer): online a bare player id is 403; synced (a kiosk of the version before
 * the proof) it is stored and held for review, counting for nothing until an admin releases it, so
 * nobody spends another player's attempts and nothing a player played is lost. The trivia's
 * maxAttempts is decided by `attemptLimit` with the player row locked, so two simultaneous starts
 * cannot both slip under it: online a start over it is 403, synced it is stored and held. A
 * clientId seen before returns that attempt (with its token) instead of starting another.
 *
 * The round is recorded with the attempt (docs/fair-play.md). Online the server deals it and its
 * start is the server's clock. Synced it is the device's own deal, checked against the trivia's
 * playable questions and round size, and its start is placed between the device's last contact
 * (or the trivia's creation) and the push's arrival: a start outside that window, or a window
 * wider than OFFLINE_WINDOW_HOURS, is held `unanchored_time`. Every round is a device's: one that
 * is not a kiosk set up for this trivia is held past the crowd limits (round-limits.ts:
 * `too_many_players`, `address_limit`). Online, a clientId seen before returns its round only to
 * the device it was dealt to, and never a round a device dealt itself (409 round_not_dealt). A
 * step: it runs in the caller's transaction (startOnlineAttempt's, or a sync batch's).
 */
export async function createAttempt(em: EntityManager, input: NewAttempt, origin: AttemptOrigin): Promise<StartedAttempt> {
  // A registration's clientId proves the player, as resolvePlayer would through the alias.
  const registered = origin.channel === 'sync' && input.playerClientId !== undefined ? origin.registered : undefined;
  const { player, proven } = registered ? { player: registered, proven: true } : await resolvePlayer(em, input, origin.channel);
  const round = (origin.channel === 'sync' ? origin.round : undefined) ?? (await triviaRound(em, input.questionGroupId));
  if (!round) throw notFound(GROUP_NOT_FOUND);
  const source: RoundSource = origin.channel === 'sync' ? origin.push : origin;
  const device = source.device;
  const crowdKey = await crowdLimitsApply(em, source, input.questionGroupId);
  await em.query(prepared(`SELECT 1 FROM players WHERE id = $1 FOR UPDATE`), [player.id]);

  if (input.clientId) {
    const [existing]: AttemptRow[] = await em.query(prepared(`SELECT * FROM player_attempts WHERE client_id = $1`), [input.clientId]);
    if (existing) {
      if (existing.player_id !== player.id || existing.question_group_id !== input.questionGroupId) throw conflict(CLIENT_ID_TAKEN, { code: 'attempt_client_id_taken' });
      const token = attemptToken(origin.serverSecret, input.clientId);
      if (origin.channel === 'online') {
        // A deal asked again (its reply was lost) gets its round back; a round a device dealt, or another device's, never gets a token.
        if (existing.device_id !== device.id) throw conflict(CLIENT_ID_TAKEN, { code: 'attempt_client_id_taken' });
        if (!existing.dealt_by_server) throw conflict(ROUND_NOT_DEALT, { code: 'round_not_dealt' });
      }
      // The device never heard of the round the server dealt (the reply was lost) and dealt its own.
      if (origin.channel === 'sync' && dealtRoundUnheardOf(existing, origin)) return { attempt: await takeDevicesDeal(em, existing, origin, round), token, inserted: false };
      return { attempt: existing, token, inserted: false };
    }
  }

  const online = origin.channel === 'online';
  let reason: ReviewReason | null = proven ? null : 'unproven_player';
  if (online) {
    if (input.totalQuestions !== undefined && input.totalQuestions !== round.roundSize) throw badRequest(roundSizeMismatch(round.roundSize), { code: 'round_size_mismatch' });
  } else if (!(await deviceRoundFits(em, input, origin, round))) {
    // The trivia changed while the device was offline: its round is kept as played, held.
    reason ??= 'round_mismatch';
  }
  const limit = await attemptLimit(em, player.id, input.questionGroupId);
  if (limit?.reached) {
    if (online) throw attemptLimitReached(limit.maxAttempts);
    reason ??= 'over_limit';
  }
  let dealt: DealtRound | undefined;
  let played: number;
  let startedAt: Date;
  let windowStart: Date;
  if (online) {
    const candidates = await readDealCandidates(em, input.questionGroupId);
    dealt = candidates && dealRound(candidates.questions, candidates.settings, serverRandom);
    played = dealt?.questionIds.length ?? round.roundSize;
    startedAt = windowStart = new Date();
  } else {
    played = origin.questionIds?.length ?? input.totalQuestions ?? round.roundSize;
    const placed = placeRoundStart(origin, round);
    startedAt = placed.at;
    windowStart = origin.push.device.lastContact;
    if (placed.unanchored) reason ??= 'unanchored_time';
  }
  // A round held for another reason ranks only if an organiser approves it: the crowd limits count ranked rounds.
  if (crowdKey !== null && reason === null) reason = await crowdLimitBroken(em, source, { playerId: player.id, startedAt });
  const token = attemptToken(origin.serverSecret, input.clientId);
  const [attempt]: AttemptRow[] = await em.query(
    prepared(`INSERT INTO player_attempts
       (player_id, question_group_id, location_id, total_questions, started_at, client_id, token_hash, review_status, review_reason, device_id,
        question_ids, answer_order, dealt_by_server, window_start, address_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     RETURNING *`),
    [
      player.id,
      input.questionGroupId,
      player.location_id,
      played,
      startedAt,
      input.clientId ?? null,
      sha256(token),
      reason ? 'held' : 'clean',
      reason,
      device.id,
      dealt?.questionIds ?? (origin.channel === 'sync' ? (origin.questionIds ?? null) : null),
      dealt ? JSON.stringify(dealt.answerOrder) : null,
      dealt !== undefined,
      windowStart,
      crowdKey,
    ],
  );
  return { attempt: attempt!, token, inserted: true };
}

type SyncOrigin = Extract<AttemptOrigin, { channel: 'sync' }>;

/** A synced round's start, between the device's last contact (or the trivia's creation) and the push's arrival. */
function placeRoundStart(origin: SyncOrigin, round: TriviaRound) {
  const opensAt = new Date(Math.max(origin.push.device.lastContact.getTime(), round.createdAt.getTime()));
  return placeInWindow(origin.startedAt, { opensAt, closesAt: origin.push.receivedAt }, origin.push.fairPlay.offlineWindowMs);
}

/**
 * Whether the round a device dealt offline could be this trivia's now (`couldBeDealt`), and agrees
 * with the size it reported. A device before recorded rounds sent only its size.
 */
async function deviceRoundFits(em: EntityManager, input: NewAttempt, origin: SyncOrigin, round: TriviaRound): Promise<boolean> {
  const { questionIds } = origin;
  if (questionIds === undefined) return (input.totalQuestions ?? round.roundSize) === round.roundSize;
  if (input.totalQuestions !== undefined && input.totalQuestions !== questionIds.length) return false;
  return couldBeDealt(questionIds, await readCandidatesAmong(em, input.questionGroupId, questionIds), round.roundSize);
}

/** A round the server dealt to this device, not completed, that the device reports having dealt otherwise. */
function dealtRoundUnheardOf(existing: AttemptRow, origin: SyncOrigin): boolean {
  return (
    existing.dealt_by_server &&
    existing.device_id === origin.push.device.id &&
    existing.completed_at === null &&
    origin.questionIds !== undefined &&
    canonicalJson(existing.question_ids) !== canonicalJson(origin.questionIds)
  );
}

/** Records the device's own deal in place of the server's it never received, anchored as any round dealt offline. */
async function takeDevicesDeal(em: EntityManager, existing: AttemptRow, origin: SyncOrigin, round: TriviaRound): Promise<AttemptRow> {
  const fits = await deviceRoundFits(em, { questionGroupId: existing.question_group_id }, origin, round);
  const placed = placeRoundStart(origin, round);
  const reason: ReviewReason | null = existing.review_reason ?? (!fits ? 'round_mismatch' : placed.unanchored ? 'unanchored_time' : null);
  const [[updated]]: [AttemptRow[], number] = await em.query(
    prepared(`UPDATE player_attempts
        SET question_ids = $2, answer_order = NULL, dealt_by_server = false, total_questions = $3, started_at = $4, window_start = $5,
            answers = NULL, review_status = CASE WHEN $6::varchar IS NULL THEN review_status ELSE 'held' END, review_reason = $6
      WHERE id = $1
      RETURNING *`),
    [existing.id, origin.questionIds, origin.questionIds!.length, placed.at, origin.push.device.lastContact, reason],
  );
  return updated!;
}


/**
 * A completion as the server times it. Online: completedAt is the server's clock when it arrived.
 * Synced: the device's completedAt moved by its clock's offset, placed by the server (see
 * completeAttempt), and the completionTime it reported, which is only compared with its timestamps.
 */
export interface Completion {
  answers: ChosenAnswer[] | undefined;
  completedAt: Date;
  reportedSeconds?: number;
  /** Synced: the push it came in, whose arrival closes the round's window. */
  push?: PushContext;
  /** The trivia's answer key, when the caller read it already in this transaction. */
  answerKey?: AnswerKey;
}

/**
 * Records the server-scored, server-timed result of a locked attempt. An attempt is completed
 * once: the same answers sent again return the stored result unchanged; other answers are a 409.
 * The answers must be those of the recorded round (400 round_questions_mismatch), and an answer
 * that already got its verdict cannot change (409 answer_changed). A result the server cannot
 * trust is stored and held for review, with the first reason that applies (an attempt already held
 * keeps its own): an implausible time, an end outside its anchored window, a round overlapping
 * another of its device. A step: it runs in the caller's transaction (completeOnlineAttempt's, or
 * a sync batch's).
 */
export async function completeAttempt(em: EntityManager, attempt: AttemptRow, completion: Completion): Promise<AttemptRow> {
  if (attempt.completed_at) {
    // Compared before scoring, so a replay still gets its result after the trivia's content changed.
    if (sameAnswers(attempt.answers, completion.answers ?? [])) return attempt;
    throw conflict(ATTEMPT_COMPLETED, { code: 'attempt_completed' });
  }
  const scored = await scoreCompletion(em, attempt, completion.answers, completion.answerKey);
  checkAgainstRound(attempt, scored.answers);
  const { startedAt, completedAt, unanchored } = timeCompletion(attempt, completion);
  const time = judgeTime({
    startedAt,
    completedAt,
    totalQuestions: attempt.total_questions,
    now: new Date(),
    // A round the server dealt is timed by the server alone: the device's own count started before the deal reached it.
    ...(completion.reportedSeconds !== undefined && !attempt.dealt_by_server ? { reportedSeconds: completion.reportedSeconds } : {}),
  });
  let hold: ReviewReason | null = null;
  if (attempt.review_status === 'clean') {
    if (unanchored) hold = 'unanchored_time';
    else if (!time.plausible) hold = 'implausible_time';
    else if (attempt.device_id && (await overlapsAnotherRound(em, { id: attempt.id, deviceId: attempt.device_id, startedAt, completedAt }))) {
      hold = 'overlapping_round';
    }
  }
  // TypeORM answers an UPDATE with [rows, rowCount].
  const [[updated]]: [AttemptRow[], number] = await em.query(
    prepared(`UPDATE player_attempts
        SET score = $2, correct_answers = $3, completion_time = $4, completed_at = $5, answers = $6,
            review_status = CASE WHEN $7::varchar IS NOT NULL THEN 'held' ELSE review_status END,
            review_reason = COALESCE($7::varchar, review_reason), started_at = $8
      WHERE id = $1
      RETURNING *`),
    [attempt.id, scored.score, scored.correctAnswers, time.seconds, completedAt, JSON.stringify(keepVerdicts(attempt.answers, scored.answers)), hold, startedAt],
  );
  // Online and synced completions both end here: the player's standings move in the same transaction.
  await refreshPlayerStandings(em, updated!.player_id, updated!.question_group_id);
  return updated!;
}
