import type { EntityManager } from 'typeorm';
import {
  KEPT_UNAPPLIED,
  RECEIPT_OUTCOMES,
  SYNC_MUTATION_KINDS,
  TRIVIA_DELETED_REASON,
  type MutationCounts,
  type OutcomeCounts,
  type ReceiptOutcome,
  type ReviewReasonCount,
  type SyncMutationKind,
} from '../../../contract';

/** Every kind and outcome at 0. */
export function emptyMutationCounts(): MutationCounts {
  const counts = {} as MutationCounts;
  for (const kind of SYNC_MUTATION_KINDS) counts[kind] = emptyOutcomeCounts();
  return counts;
}

export const emptyOutcomeCounts = (): OutcomeCounts => ({ confirmed: 0, inReview: 0, discarded: 0, rejected: 0 });

/** The counts of every kind added up. */
export function totalOfKinds(counts: MutationCounts): OutcomeCounts {
  const total = emptyOutcomeCounts();
  for (const kind of SYNC_MUTATION_KINDS) for (const outcome of RECEIPT_OUTCOMES) total[outcome] += counts[kind][outcome];
  return total;
}

/** What the server holds from one device: its counts per kind and outcome, and its results in review per reason. */
export interface DeviceOutcomes {
  counts: MutationCounts;
  inReview: ReviewReasonCount[];
}

const isKind = (value: string): value is SyncMutationKind => (SYNC_MUTATION_KINDS as readonly string[]).includes(value);
const isOutcome = (value: string): value is ReceiptOutcome => (RECEIPT_OUTCOMES as readonly string[]).includes(value);

/** An attempt's outcome from its review state: what ranks is confirmed, whatever an organiser has not decided is in review. */
const ATTEMPT_OUTCOME = `CASE a.review_status WHEN 'held' THEN 'inReview' WHEN 'discarded' THEN 'discarded' ELSE 'confirmed' END`;

/**
 * Per device, kind, outcome and reason. Attempts and completions are read where they are stored
 * (player_attempts, by the device that played them: a round the server dealt online counts as
 * one the device sent), so a result held for review, approved or discarded later stands where the
 * organiser left it. What never became an attempt row is read from the sync log: refused writes,
 * and writes kept unapplied because their trivia was deleted (counted in review). Registrations are the sync log's alone.
 */
const OUTCOMES_SQL = `
  SELECT device_id, kind, outcome, reason, count(*)::int AS count FROM (
    SELECT a.device_id, 'attempt' AS kind, ${ATTEMPT_OUTCOME} AS outcome, NULL::varchar AS reason
      FROM player_attempts a WHERE a.device_id = ANY($1::uuid[])
    UNION ALL
    SELECT a.device_id, 'completion', ${ATTEMPT_OUTCOME}, CASE WHEN a.review_status = 'held' THEN a.review_reason END
      FROM player_attempts a WHERE a.device_id = ANY($1::uuid[]) AND a.completed_at IS NOT NULL
    UNION ALL
    SELECT m.device_id, m.kind,
           CASE m.status WHEN 'applied' THEN 'confirmed' WHEN '${KEPT_UNAPPLIED}' THEN 'inReview' ELSE 'rejected' END,
           CASE WHEN m.status = '${KEPT_UNAPPLIED}' AND m.kind = 'completion' THEN '${TRIVIA_DELETED_REASON}' END
      FROM sync_mutations m
     WHERE m.device_id = ANY($1::uuid[]) AND (m.kind = 'player' OR m.status <> 'applied')
  ) outcomes
  GROUP BY device_id, kind, outcome, reason`;

/**
 * The one count of where the writes of devices stand, behind the kiosk's receipt and the admin's
 * devices screen, so both say what the ranking says: per device, per kind, how many are confirmed,
 * in review, discarded or rejected, and the results in review per reason. Every id asked for is in
 * the answer, at 0 when it stored nothing. A resend never counts twice: attempts are one row each,
 * and the sync log keeps one row per mutation id.
 */
export async function countMutationsByDevice(em: EntityManager, deviceIds: readonly string[]): Promise<Map<string, DeviceOutcomes>> {
  const byDevice = new Map(deviceIds.map((id): [string, DeviceOutcomes] => [id, { counts: emptyMutationCounts(), inReview: [] }]));
  if (deviceIds.length === 0) return byDevice;
  const rows: { device_id: string; kind: string; outcome: string; reason: string | null; count: number }[] = await em.query(OUTCOMES_SQL, [deviceIds]);
  for (const row of rows) {
    const device = byDevice.get(row.device_id);
    if (!device || !isKind(row.kind) || !isOutcome(row.outcome)) continue;
    device.counts[row.kind][row.outcome] += row.count;
    if (row.kind === 'completion' && row.outcome === 'inReview' && row.reason) device.inReview.push({ reason: row.reason, count: row.count });
  }
  for (const device of byDevice.values()) device.inReview.sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  return byDevice;
}
