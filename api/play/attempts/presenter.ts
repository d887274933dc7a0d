import type { Attempt, CreatedAttempt, ServerResult } from '../../../contract';
import type { AttemptRow } from './attempt-row';

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

/** Only the creation reply carries the token: it is never stored or shown again. With it, the round the server dealt and its receipt. */
export function presentCreatedAttempt(row: AttemptRow, token: string, receipt: string | null): CreatedAttempt {
  const round = row.question_ids && row.answer_order ? { round: { questionIds: row.question_ids, answerOrder: row.answer_order } } : {};
  return { ...presentAttempt(row), token, ...round, ...(receipt ? { receipt } : {}) } satisfies CreatedAttempt;
}

/** A completed attempt's result as a device shows it. */
export function serverResult(row: AttemptRow): ServerResult {
  return {
    score: row.score,
    correctAnswers: row.correct_answers,
    totalQuestions: row.total_questions,
    completionTime: row.completion_time ?? 0,
    held: row.review_status === 'held' || row.review_status === 'discarded',
    ...(row.scoring ? { scoring: row.scoring } : {}),
    ...(row.review_status === 'held' && row.review_reason ? { reviewReason: row.review_reason } : {}),
  };
}
