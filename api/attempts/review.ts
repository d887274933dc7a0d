import type { EntityManager } from 'typeorm';
import type { ReviewReason } from '../../contract';
import { conflict, notFound } from '../errors';
import { refreshPlayerStandings } from '../ranking/standings';

export const ATTEMPT_NOT_HELD = 'El intento no está en revisión';
export const HELD_ATTEMPT_NOT_FOUND = 'No se encontró el intento';

export interface HeldAttemptRow {
  id: number;
  player_id: number;
  first_name: string;
  last_name: string;
  location_name: string | null;
  score: number;
  correct_answers: number;
  total_questions: number;
  completion_time: number | null;
  started_at: Date;
  completed_at: Date | null;
  review_reason: ReviewReason;
}

/** A trivia's held, completed attempts, oldest first: what an admin still has to decide (an unfinished one has no result to judge yet). */
export async function listHeldAttempts(em: EntityManager, questionGroupId: number): Promise<HeldAttemptRow[]> {
  return em.query(
    `SELECT a.id, a.player_id, p.first_name, p.last_name, l.name AS location_name, a.score, a.correct_answers,
            a.total_questions, a.completion_time, a.started_at, a.completed_at, a.review_reason
       FROM player_attempts a
       JOIN players p ON p.id = a.player_id
       LEFT JOIN locations l ON l.id = a.location_id
      WHERE a.question_group_id = $1 AND a.review_status = 'held' AND a.completed_at IS NOT NULL
      ORDER BY a.id`,
    [questionGroupId],
  );
}

export interface DecisionRow {
  id: number;
  player_id: number;
  question_group_id: number;
  review_status: 'released' | 'discarded';
  review_reason: ReviewReason;
  reviewed_by: number;
  reviewed_at: Date;
}

/**
 * Records an admin's decision on a held attempt: released, it counts in the rankings from now on;
 * discarded, it never does (the row stays). One transaction: the player's standings move with it.
 * Deciding again, or on an attempt not held or not completed, is a 409: a decision is final.
 */
export function decideHeldAttempt(em: EntityManager, id: number, decision: 'released' | 'discarded', userId: number): Promise<DecisionRow> {
  return em.transaction(async (tx) => {
    const [[updated]]: [DecisionRow[], number] = await tx.query(
      `UPDATE player_attempts SET review_status = $2, reviewed_by = $3, reviewed_at = now()
        WHERE id = $1 AND review_status = 'held' AND completed_at IS NOT NULL
        RETURNING id, player_id, question_group_id, review_status, review_reason, reviewed_by, reviewed_at`,
      [id, decision, userId],
    );
    if (updated) {
      await refreshPlayerStandings(tx, updated.player_id, updated.question_group_id);
      return updated;
    }
    const [exists] = await tx.query(`SELECT 1 FROM player_attempts WHERE id = $1`, [id]);
    if (!exists) throw notFound(HELD_ATTEMPT_NOT_FOUND);
    throw conflict(ATTEMPT_NOT_HELD, { code: 'attempt_not_held' });
  });
}
