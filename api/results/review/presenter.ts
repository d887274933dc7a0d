import { heldDevice, type HeldAttempt, type HeldBatchDecision, type HeldSummary, type ReviewDecision } from '../../../contract';
import type { BatchOutcome, Decision, DecisionRow } from './decisions';
import type { HeldAttemptRow, HeldSummaryRows } from './held-list';

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
