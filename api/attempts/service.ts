import type { EntityManager } from 'typeorm';
import type { ReviewReason } from '../../contract';
import type { ChosenAnswer, ReviewStatus } from '../../db/entities/player-attempt.entity';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { GROUP_NOT_FOUND } from '../question-groups/service';
import { type PlayerReference, type PlayerRow, resolvePlayer } from '../players/service';
import { canonicalJson } from '../lib/canonical-json';
import { sha256 } from '../lib/crypto';
import { attemptLimit, attemptLimitReached } from './attempt-limit';
import { judgeTime } from './plausibility';
import { triviaRound, type TriviaRound } from './round';
import { type AnswerKey, scoreCompletion } from './scoring';
import { attemptToken, tokenMatches } from './token';
import { refreshPlayerStandings } from '../ranking/standings';
import { prepared } from '../../db/prepared-statements';

export interface AttemptRow {
  id: number;
  client_id: string | null;
  player_id: number;
  question_group_id: number;
  location_id: number | null;
  score: number;
  total_questions: number;
  correct_answers: number;
  started_at: Date;
  completed_at: Date | null;
  completion_time: number | null;
  answers: ChosenAnswer[] | null;
  token_hash: string;
  review_status: ReviewStatus;
  review_reason: ReviewReason | null;
  reviewed_by: number | null;
  reviewed_at: Date | null;
  device_id: string | null;
}

export const ATTEMPT_NOT_FOUND = 'No se encontró el intento';
export const INVALID_TOKEN = 'Token de intento no válido';
export const ATTEMPT_COMPLETED = 'El intento ya fue completado con otro resultado';
export const CLIENT_ID_TAKEN = 'El identificador ya se usó para otro intento';
export const roundSizeMismatch = (roundSize: number) =>
  roundSize === 0 ? 'Esta trivia aún no tiene preguntas.' : `La ronda de esta trivia tiene ${roundSize} ${roundSize === 1 ? 'pregunta' : 'preguntas'}`;

export interface NewAttempt extends PlayerReference {
  questionGroupId: number;
  /** The round size the client played; the server's own is stored online. */
  totalQuestions?: number;
  clientId?: string;
}

/**
 * Where an attempt comes from. Online, the rules refuse: over maxAttempts is 403, another round
 * size 400. Synced, what a player already played is never lost: it is stored and held for review.
 */
export type AttemptOrigin =
  | { channel: 'online'; serverSecret: string }
  /** `round`: the trivia's round, when the caller read it already in this transaction. */
  /** `registered`: the player the attempt's playerClientId names, when the push registered it in this transaction. */
  | { channel: 'sync'; serverSecret: string; startedAt: Date; deviceId: string; round?: TriviaRound; registered?: PlayerRow };

/**
 * Starts an attempt for the player at the player's current site. The attempt must prove it is the
 * player's (resolvePlayer): online a bare player id is 403; synced (a kiosk of the version before
 * the proof) it is stored and held for review, counting for nothing until an admin releases it, so
 * nobody spends another player's attempts and nothing a player played is lost. The trivia's
 * maxAttempts is decided by `attemptLimit` with the player row locked, so two simultaneous starts
 * cannot both slip under it: online a start over it is 403, synced it is stored and held. A
 * clientId seen before returns that attempt (with its token) instead of starting another. The
 * round size is the server's (questionsPerRound capped by the playable questions). A step: it runs
 * in the caller's transaction (startOnlineAttempt's, or a sync batch's).
 */
export async function createAttempt(em: EntityManager, input: NewAttempt, origin: AttemptOrigin): Promise<{ attempt: AttemptRow; token: string; inserted: boolean }> {
  // A registration's clientId proves the player, as resolvePlayer would through the alias.
  const registered = origin.channel === 'sync' && input.playerClientId !== undefined ? origin.registered : undefined;
  const { player, proven } = registered ? { player: registered, proven: true } : await resolvePlayer(em, input, origin.channel);
  const round = (origin.channel === 'sync' ? origin.round : undefined) ?? (await triviaRound(em, input.questionGroupId));
  if (!round) throw notFound(GROUP_NOT_FOUND);
  await em.query(prepared(`SELECT 1 FROM players WHERE id = $1 FOR UPDATE`), [player.id]);

  if (input.clientId) {
    const [existing]: AttemptRow[] = await em.query(prepared(`SELECT * FROM player_attempts WHERE client_id = $1`), [input.clientId]);
    if (existing) {
      if (existing.player_id !== player.id || existing.question_group_id !== input.questionGroupId) throw conflict(CLIENT_ID_TAKEN, { code: 'attempt_client_id_taken' });
      return { attempt: existing, token: attemptToken(origin.serverSecret, input.clientId), inserted: false };
    }
  }

  const online = origin.channel === 'online';
  const played = input.totalQuestions ?? round.roundSize;
  let reason: ReviewReason | null = proven ? null : 'unproven_player';
  if (played !== round.roundSize) {
    if (online) throw badRequest(roundSizeMismatch(round.roundSize), { code: 'round_size_mismatch' });
    // The trivia changed while the device was offline: its round is kept as played, held.
    reason ??= 'round_mismatch';
  }
  const limit = await attemptLimit(em, player.id, input.questionGroupId);
  if (limit?.reached) {
    if (online) throw attemptLimitReached(limit.maxAttempts);
    reason ??= 'over_limit';
  }
  const token = attemptToken(origin.serverSecret, input.clientId);
  const [attempt]: AttemptRow[] = await em.query(
    prepared(`INSERT INTO player_attempts
       (player_id, question_group_id, location_id, total_questions, started_at, client_id, token_hash, review_status, review_reason, device_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     RETURNING *`),
    [
      player.id,
      input.questionGroupId,
      player.location_id,
      played,
      online ? new Date() : origin.startedAt,
      input.clientId ?? null,
      sha256(token),
      reason ? 'held' : 'clean',
      reason,
      online ? null : origin.deviceId,
    ],
  );
  return { attempt: attempt!, token, inserted: true };
}

/** The attempt named by its server id or its kiosk-made clientId, locked for completing it. */
export async function lockAttempt(em: EntityManager, ref: { id: number } | { clientId: string }): Promise<AttemptRow> {
  const [attempt]: AttemptRow[] =
    'id' in ref
      ? await em.query(prepared(`SELECT * FROM player_attempts WHERE id = $1 FOR UPDATE`), [ref.id])
      : await em.query(prepared(`SELECT * FROM player_attempts WHERE client_id = $1 FOR UPDATE`), [ref.clientId]);
  if (!attempt) throw notFound(ATTEMPT_NOT_FOUND);
  return attempt;
}

// jsonb reorders object keys, so stored and sent answers are compared as canonical JSON.
const sameAnswers = (a: ChosenAnswer[] | null, b: ChosenAnswer[] | null) => canonicalJson(a) === canonicalJson(b);

/**
 * A completion as the server times it. Online: completedAt is the server's clock when it
 * arrived. Synced: the device's completedAt, and the completionTime it reported, which is only
 * compared with its timestamps.
 */
export interface Completion {
  answers: ChosenAnswer[] | undefined;
  completedAt: Date;
  reportedSeconds?: number;
  /** The trivia's answer key, when the caller read it already in this transaction. */
  answerKey?: AnswerKey;
}

/**
 * Records the server-scored, server-timed result of a locked attempt. An attempt is completed
 * once: the same answers sent again return the stored result unchanged; other answers are a 409.
 * An implausible time is stored, and the attempt held for review (an attempt already held keeps
 * its first reason). A step: it runs in the caller's transaction (completeOnlineAttempt's, or a
 * sync batch's).
 */
export async function completeAttempt(em: EntityManager, attempt: AttemptRow, completion: Completion): Promise<AttemptRow> {
  if (attempt.completed_at) {
    // Compared before scoring, so a replay still gets its result after the trivia's content changed.
    const sent = (completion.answers ?? []).map(({ questionId, answerId }) => ({ questionId, answerId }));
    if (sameAnswers(attempt.answers, sent)) return attempt;
    throw conflict(ATTEMPT_COMPLETED, { code: 'attempt_completed' });
  }
  const scored = await scoreCompletion(em, attempt, completion.answers, completion.answerKey);
  const time = judgeTime({
    startedAt: attempt.started_at,
    completedAt: completion.completedAt,
    totalQuestions: attempt.total_questions,
    now: new Date(),
    ...(completion.reportedSeconds !== undefined ? { reportedSeconds: completion.reportedSeconds } : {}),
  });
  const holdForTime = !time.plausible && attempt.review_status === 'clean';
  // TypeORM answers an UPDATE with [rows, rowCount].
  const [[updated]]: [AttemptRow[], number] = await em.query(
    prepared(`UPDATE player_attempts
        SET score = $2, correct_answers = $3, completion_time = $4, completed_at = $5, answers = $6,
            review_status = CASE WHEN $7 THEN 'held' ELSE review_status END,
            review_reason = CASE WHEN $7 THEN 'implausible_time' ELSE review_reason END
      WHERE id = $1
      RETURNING *`),
    [attempt.id, scored.score, scored.correctAnswers, time.seconds, completion.completedAt, JSON.stringify(scored.answers), holdForTime],
  );
  // Online and synced completions both end here: the player's standings move in the same transaction.
  await refreshPlayerStandings(em, updated!.player_id, updated!.question_group_id);
  return updated!;
}

/** POST /api/player-attempts: an online start (the rules refuse rather than hold), in a transaction of its own. */
export function startOnlineAttempt(em: EntityManager, input: NewAttempt, serverSecret: string): Promise<{ attempt: AttemptRow; token: string; inserted: boolean }> {
  return em.transaction((tx) => createAttempt(tx, input, { channel: 'online', serverSecret }));
}

/**
 * PATCH /api/player-attempts/:id: completes the attempt named by its id or clientId, which only
 * its token may do (403 `attempt_token_invalid` otherwise), timed by the server's clock, in a
 * transaction of its own with the attempt locked.
 */
export function completeOnlineAttempt(
  em: EntityManager,
  ref: { id: number } | { clientId: string },
  input: { token: string; answers?: ChosenAnswer[] | undefined },
): Promise<AttemptRow> {
  return em.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, ref);
    if (!tokenMatches(input.token, attempt.token_hash)) throw forbidden(INVALID_TOKEN, { code: 'attempt_token_invalid' });
    return completeAttempt(tx, attempt, { answers: input.answers, completedAt: new Date() });
  });
}
