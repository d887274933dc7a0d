import type { EntityManager } from 'typeorm';
import { REVIEW_REASONS, type ReviewReason } from '../../contract';
import { attentionOf, loadKiosks } from '../results/kiosk-board/kiosk-list';

/**
 * What staff act on during an event, counted over the whole database (so every API process reports
 * the same figures): results waiting for an admin's review, and kiosks gone silent.
 */
export interface EventDayFigures {
  /** Completed results held for review and not yet decided, per reason (every reason, zeros included). */
  heldByReason: Record<ReviewReason, number>;
  /** Set-up kiosks in service now (on a day of one of their trivia's campaigns, or any day without campaigns). */
  kiosksInService: number;
  /** Of those, the ones silent for over an hour of their service: what the staff panel flags offline. */
  kiosksSilent: number;
}

/**
 * Two cheap reads. The held results are counted on the partial index of held attempts
 * (player_attempts_held_idx, `WHERE review_status = 'held'`): their number, not the million
 * attempts around them, sets the cost. The kiosks are the staff panel's own list (one row per
 * tablet set up through a link) judged by the panel's own rule (api/results/kiosk-board/kiosk-attention.ts).
 */
export async function readEventDayFigures(em: EntityManager, now = new Date()): Promise<EventDayFigures> {
  const held: { reason: ReviewReason; count: number }[] = await em.query(
    `SELECT review_reason AS reason, count(*)::int AS count
       FROM player_attempts
      WHERE review_status = 'held' AND completed_at IS NOT NULL
      GROUP BY review_reason`,
  );
  const heldByReason = Object.fromEntries(REVIEW_REASONS.map((reason) => [reason, 0])) as Record<ReviewReason, number>;
  for (const row of held) if (row.reason in heldByReason) heldByReason[row.reason] = row.count;

  const attention = (await loadKiosks(em, undefined)).map((row) => attentionOf(row, now));
  return {
    heldByReason,
    kiosksInService: attention.filter((kiosk) => kiosk.inService).length,
    kiosksSilent: attention.filter((kiosk) => kiosk.offline).length,
  };
}
