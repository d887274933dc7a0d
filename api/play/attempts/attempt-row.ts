import type { EntityManager } from 'typeorm';
import type { ReviewReason, Scoring } from '../../../contract';
import type { ChosenAnswer, ReviewStatus } from '../../../db/entities/player-attempt.entity';
import { prepared } from '../../../db/prepared-statements';
import { missing } from '../../platform/access/not-found';
import type { CampaignRules } from '../../standings/refresh';

/** An attempt as player_attempts stores it, and the one way to lock one for a verdict or its completion. */

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
  question_ids: number[] | null;
  answer_order: Record<string, number[]> | null;
  dealt_by_server: boolean;
  window_start: Date | null;
  extra_time: boolean;
  /** Not a column: the trivia's scoring, on the row a completion just scored (complete.ts), so its result names its unit. */
  scoring?: Scoring;
  /** Not a column: the campaigns holding the trivia as the completion's refresh read them (complete.ts), for its places. */
  campaigns?: CampaignRules[];
}


/** The attempt named by its server id or its device-made clientId, locked for the transaction (404 when there is none). */
export async function lockAttempt(em: EntityManager, ref: { id: number } | { clientId: string }): Promise<AttemptRow> {
  const [attempt]: AttemptRow[] =
    'id' in ref
      ? await em.query(prepared(`SELECT * FROM player_attempts WHERE id = $1 FOR UPDATE`), [ref.id])
      : await em.query(prepared(`SELECT * FROM player_attempts WHERE client_id = $1 FOR UPDATE`), [ref.clientId]);
  if (!attempt) throw missing('attempt');
  return attempt;
}
