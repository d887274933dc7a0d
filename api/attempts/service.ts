import type { EntityManager } from 'typeorm';
import type { ChosenAnswer } from '../../db/entities/player-attempt.entity';
import { conflict, notFound } from '../errors';
import { GROUP_NOT_FOUND } from '../question-groups/service';
import { attemptLimitReached, countedAttempts, resolvePlayer } from '../players/service';
import { canonicalJson } from '../sync/canonical-json';
import { scoreCompletion, type CompletionFigures } from './scoring';
import { attemptToken, sha256 } from './token';

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
  over_limit: boolean;
  device_id: string | null;
}

export const ATTEMPT_NOT_FOUND = 'No se encontró el intento';
export const ATTEMPT_COMPLETED = 'El intento ya fue completado con otro resultado';
export const CLIENT_ID_TAKEN = 'El identificador ya se usó para otro intento';

export interface NewAttempt {
  playerId?: number;
  playerClientId?: string;
  questionGroupId: number;
  totalQuestions: number;
  clientId?: string;
}

export interface AttemptOrigin {
  serverSecret: string;
  /** Online creation refuses an attempt over maxAttempts; a synced one is kept, flagged. */
  overLimit: 'refuse' | 'flag';
  startedAt?: Date;
  deviceId?: string;
}

/**
 * Starts an attempt for the player at the player's current site. The player row is locked while
 * the attempts are counted, so two simultaneous starts cannot both slip under maxAttempts. A
 * clientId seen before returns that attempt (with its token) instead of starting another.
 */
export async function createAttempt(em: EntityManager, input: NewAttempt, origin: AttemptOrigin): Promise<{ attempt: AttemptRow; token: string }> {
  const player = await resolvePlayer(em, input);
  const [group] = await em.query(`SELECT max_attempts FROM question_groups WHERE id = $1`, [input.questionGroupId]);
  if (!group) throw notFound(GROUP_NOT_FOUND);
  await em.query(`SELECT 1 FROM players WHERE id = $1 FOR UPDATE`, [player.id]);

  if (input.clientId) {
    const [existing]: AttemptRow[] = await em.query(`SELECT * FROM player_attempts WHERE client_id = $1`, [input.clientId]);
    if (existing) {
      if (existing.player_id !== player.id || existing.question_group_id !== input.questionGroupId) throw conflict(CLIENT_ID_TAKEN, { code: 'attempt_client_id_taken' });
      return { attempt: existing, token: attemptToken(origin.serverSecret, input.clientId) };
    }
  }

  let overLimit = false;
  if (group.max_attempts > 0 && (await countedAttempts(em, player.id, input.questionGroupId)) >= group.max_attempts) {
    if (origin.overLimit === 'refuse') throw attemptLimitReached(group.max_attempts);
    overLimit = true;
  }
  const token = attemptToken(origin.serverSecret, input.clientId);
  const [attempt]: AttemptRow[] = await em.query(
    `INSERT INTO player_attempts
       (player_id, question_group_id, location_id, total_questions, started_at, client_id, token_hash, over_limit, device_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     RETURNING *`,
    [
      player.id,
      input.questionGroupId,
      player.location_id,
      input.totalQuestions,
      origin.startedAt ?? new Date(),
      input.clientId ?? null,
      sha256(token),
      overLimit,
      origin.deviceId ?? null,
    ],
  );
  return { attempt: attempt!, token };
}

/** The attempt named by its server id or its kiosk-made clientId, locked for completing it. */
export async function lockAttempt(em: EntityManager, ref: { id: number } | { clientId: string }): Promise<AttemptRow> {
  const [attempt]: AttemptRow[] =
    'id' in ref
      ? await em.query(`SELECT * FROM player_attempts WHERE id = $1 FOR UPDATE`, [ref.id])
      : await em.query(`SELECT * FROM player_attempts WHERE client_id = $1 FOR UPDATE`, [ref.clientId]);
  if (!attempt) throw notFound(ATTEMPT_NOT_FOUND);
  return attempt;
}

// jsonb reorders object keys, so stored and sent answers are compared as canonical JSON.
const sameAnswers = (a: ChosenAnswer[] | null, b: ChosenAnswer[] | null) => canonicalJson(a) === canonicalJson(b);

/**
 * Records the server-scored result of a locked attempt. An attempt is completed once: the same
 * completion sent again returns the stored one unchanged; a different one is a 409.
 */
export async function completeAttempt(
  em: EntityManager,
  attempt: AttemptRow,
  completion: CompletionFigures & { completionTime: number; completedAt: Date },
): Promise<AttemptRow> {
  const scored = await scoreCompletion(em, attempt, completion);
  if (attempt.completed_at) {
    const same =
      attempt.completion_time === completion.completionTime &&
      attempt.correct_answers === scored.correctAnswers &&
      attempt.score === scored.score &&
      sameAnswers(attempt.answers, scored.answers);
    if (same) return attempt;
    throw conflict(ATTEMPT_COMPLETED, { code: 'attempt_completed' });
  }
  // TypeORM answers an UPDATE with [rows, rowCount].
  const [[updated]]: [AttemptRow[], number] = await em.query(
    `UPDATE player_attempts
        SET score = $2, correct_answers = $3, completion_time = $4, completed_at = $5, answers = $6
      WHERE id = $1
      RETURNING *`,
    [attempt.id, scored.score, scored.correctAnswers, completion.completionTime, completion.completedAt, scored.answers ? JSON.stringify(scored.answers) : null],
  );
  return updated!;
}
