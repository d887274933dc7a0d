import {
  heldDevice,
  type Attempt,
  type CreatedAttempt,
  type HeldAttempt,
  type HeldBatchDecision,
  type HeldSummary,
  type ReviewDecision,
  type ServerResult,
} from '../../../contract';
import type { HeldAttemptRow, HeldSummaryRows } from '../../results/review/held-list';
import type { BatchOutcome, Decision, DecisionRow } from '../../results/review/decisions';
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

/** Only the creation reply carries the token: it is never stored or shown again. With it, the round the server dealt. */
export function presentCreatedAttempt(row: AttemptRow, token: string): CreatedAttempt {
  const round = row.question_ids && row.answer_order ? { round: { questionIds: row.question_ids, answerOrder: row.answer_order } } : {};
  return { ...presentAttempt(row), token, ...round } satisfies CreatedAttempt;
}

/** A completed attempt's result as a device shows it. */
export function serverResult(row: AttemptRow): ServerResult {
  return {
    score: row.score,
    correctAnswers: row.correct_answers,
    totalQuestions: row.total_questions,
    completionTime: row.completion_time ?? 0,
    held: row.review_status === 'held' || row.review_status === 'discarded',
    ...(row.review_status === 'held' && row.review_reason ? { reviewReason: row.review_reason } : {}),
  };
}

export function presentHeldAttempt(row: HeldAttemptRow): HeldAttempt {
  return {
    id: row.id,
    playerId: row.player_id,
    firstName: row.first_name,
    lastName: row.last_name,
    location: row.location_name === null ? null : { name: row.location_name },
    device: row.device_id === null ? null : heldDevice(row.device_id, row.kiosk_name),
    score: row.score,
    correctAnswers: row.correct_answers,
    totalQuestions: row.total_questions,
    completionTime: row.completion_time,
    startedAt: row.started_at.toISOString(),
    completedAt: row.completed_at ? row.completed_at.toISOString() : null,
    reason: row.review_reason,
  } satisfies HeldAttempt;
}

export function presentDecision(row: DecisionRow): ReviewDecision {
  return {
    id: row.id,
    reviewStatus: row.review_status,
    reviewReason: row.review_reason,
    reviewedBy: row.reviewed_by,
    reviewedAt: row.reviewed_at.toISOString(),
  } satisfies ReviewDecision;
}

export function presentHeldSummary(summary: HeldSummaryRows): HeldSummary {
  return {
    all: summary.all,
    total: summary.total,
    lastId: summary.lastId,
    reasons: summary.reasons,
    devices: summary.devices.map(({ deviceId, kioskName, count }) => ({ device: deviceId === null ? null : heldDevice(deviceId, kioskName), count })),
  } satisfies HeldSummary;
}

export function presentBatchDecision(decision: Decision, outcome: BatchOutcome): HeldBatchDecision {
  return { decision, ids: outcome.decided.map((row) => row.id), skipped: outcome.skipped, remaining: outcome.remaining } satisfies HeldBatchDecision;
}
