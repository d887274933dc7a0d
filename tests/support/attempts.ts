import type { DataSource } from 'typeorm';
import type { ChosenAnswer } from '../../db/entities/player-attempt.entity';
import { refreshPlayerStandings } from '../../api/standings/refresh';

/**
 * A completed attempt written straight into player_attempts, around the application (no round, no
 * token), and its player's standings then brought up to date as a completion would: for tests
 * about what reads results (rankings, exports, screens, moderation). Started `completionTime`
 * seconds (40 unless told) before `completedAt` (now unless told); `correctAnswers` of 10
 * questions unless told; with the round's questions and chosen answers and its kiosk when told.
 */
export async function insertCompletedAttempt(
  ds: DataSource,
  attempt: {
    playerId: number;
    groupId: number;
    score: number;
    locationId?: number | null;
    completedAt?: Date;
    completionTime?: number;
    totalQuestions?: number;
    correctAnswers?: number;
    reviewStatus?: 'clean' | 'held' | 'released' | 'discarded';
    reviewReason?: string | null;
    questionIds?: number[];
    answers?: ChosenAnswer[];
    deviceId?: string;
  },
): Promise<number> {
  const totalQuestions = attempt.totalQuestions ?? 10;
  const completionTime = attempt.completionTime ?? 40;
  const [row] = await ds.query(
    `INSERT INTO player_attempts (player_id, question_group_id, location_id, score, total_questions, correct_answers,
                                  started_at, completed_at, completion_time, token_hash, review_status, review_reason, question_ids, answers, device_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz - make_interval(secs => $8), $7, $8, repeat('0', 64), $9, $10, $11, $12, $13) RETURNING id`,
    [
      attempt.playerId,
      attempt.groupId,
      attempt.locationId ?? null,
      attempt.score,
      totalQuestions,
      attempt.correctAnswers ?? Math.floor((attempt.score * totalQuestions) / 100),
      attempt.completedAt ?? new Date(),
      completionTime,
      attempt.reviewStatus ?? 'clean',
      attempt.reviewReason ?? null,
      attempt.questionIds ?? null,
      attempt.answers ? JSON.stringify(attempt.answers) : null,
      attempt.deviceId ?? null,
    ],
  );
  await refreshPlayerStandings(ds.manager, attempt.playerId, attempt.groupId);
  return row.id;
}
