import type { EntityManager } from 'typeorm';
import type { Scoring } from '../../../contract';
import { badRequest, conflict } from '../../platform/http/errors';

/** The refusals of a trivia's scoring (contract/points.ts), as the API and its screens word them. */
export const SCORING_MESSAGES = {
  needsClock: 'La puntuación por puntos necesita un tiempo por pregunta',
  locked: 'La trivia ya tiene resultados: cópiala para cambiar su puntuación',
} as const;

/** A trivia's scoring and clock as they are, or will be once the edit is saved. */
interface ScoringSettings {
  scoring: Scoring;
  questionSeconds: number | null;
}

/**
 * Checks a trivia's scoring as an edit leaves it (`after`; `before`: as stored, null for a new
 * trivia): points need every question to have a clock (400 points_need_clock), and a trivia with
 * results keeps its scoring (409 scoring_locked), so one ranking never mixes percentages and points.
 */
export async function checkScoring(em: EntityManager, triviaId: number | null, before: ScoringSettings | null, after: ScoringSettings): Promise<void> {
  if (after.scoring === 'points' && after.questionSeconds === null) throw badRequest(SCORING_MESSAGES.needsClock, { code: 'points_need_clock' });
  if (triviaId === null || before === null || before.scoring === after.scoring) return;
  const [played] = await em.query(`SELECT 1 FROM player_attempts WHERE question_group_id = $1 AND completed_at IS NOT NULL LIMIT 1`, [triviaId]);
  if (played) throw conflict(SCORING_MESSAGES.locked, { code: 'scoring_locked' });
}
