import type { Attempt, CreatedAttempt } from '../../contract';
import type { AttemptRow } from './service';

export function presentAttempt(row: AttemptRow): Attempt {
  return {
    id: row.id,
    clientId: row.client_id,
    playerId: row.player_id,
    questionGroupId: row.question_group_id,
    score: row.score,
    totalQuestions: row.total_questions,
    correctAnswers: row.correct_answers,
    startedAt: row.started_at.toISOString(),
    completedAt: row.completed_at ? row.completed_at.toISOString() : null,
    completionTime: row.completion_time,
  } satisfies Attempt;
}

/** Only the creation reply carries the token: it is never stored or shown again. */
export function presentCreatedAttempt(row: AttemptRow, token: string): CreatedAttempt {
  return { ...presentAttempt(row), token } satisfies CreatedAttempt;
}
