/**
 * One round at a time on one screen (docs/fair-play.md, "Overlapping rounds"): a pure rule over
 * the device's other completed rounds that cross the new one (device-rounds.ts reads them).
 */

/** How much two rounds of one device may overlap (clock corrections between pushes) before the later one is held. */
export const OVERLAP_TOLERANCE_MS = 5_000;

export interface RoundSpan {
  startedAt: Date;
  completedAt: Date;
}

/**
 * Whether another round of the device overlaps `round` by more than the tolerance: it started more
 * than OVERLAP_TOLERANCE_MS before the round ended and ended more than that after it started.
 */
export function overlapsAnotherRound(round: RoundSpan, others: RoundSpan[]): boolean {
  const latestStart = round.completedAt.getTime() - OVERLAP_TOLERANCE_MS;
  const earliestEnd = round.startedAt.getTime() + OVERLAP_TOLERANCE_MS;
  return others.some((other) => other.startedAt.getTime() < latestStart && other.completedAt.getTime() > earliestEnd);
}
