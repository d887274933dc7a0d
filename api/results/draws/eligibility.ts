import type { DrawFilters } from '../../../contract';
import { rankedAttempt } from '../../standings/counted-attempts';
import { attemptNumber, campaignScore } from '../../standings/campaign-selection';
import { completionRange } from '../../standings/date-range';
import { triviaSort } from '../../standings/order-by';
import type { Queryable } from '../../standings/refresh';

/** What a draw is of: a trivia, or a campaign (its trivias, its period, its attempts per trivia). */
export type DrawSubject =
  | { kind: 'trivia'; id: number; timeZone: string }
  | { kind: 'campaign'; id: number; timeZone: string; triviaIds: number[]; startDate: string; endDate: string; maxAttemptsPerTrivia: number };

/**
 * The attempts that may enter: the ranking's own rule (`rankedAttempt`, so whatever leaves the
 * ranking leaves the draw), at the subject's trivias, filtered by site, completion range and
 * score, without the excluded players. A campaign counts a player's first $7 attempts per trivia
 * (`attemptNumber`; the filters apply first, as in the campaign ranking); a trivia passes null (no
 * limit). A trivia's draw reads scores in its own unit (a percentage or points); a campaign's as
 * the campaign counts them (`campaignScore`: a points round as its share of the best round).
 */
const CANDIDATES = (subject: DrawSubject['kind']) => `
  SELECT player_id, id, score, completion_time, completed_at FROM (
    SELECT a.player_id, a.id, ${subject === 'campaign' ? campaignScore('$1::int[]') : 'a.score'} AS score, a.completion_time, a.completed_at,
           ${attemptNumber()} AS n
      FROM player_attempts a
     WHERE a.question_group_id = ANY($1::int[])
       AND ${rankedAttempt('a')}
       AND ($2::int IS NULL OR a.location_id = $2)
       AND ($3::timestamptz IS NULL OR a.completed_at >= $3)
       AND ($4::timestamptz IS NULL OR a.completed_at < $4)
       AND NOT (a.player_id = ANY($6::int[]))
  ) counted
  WHERE ($7::int IS NULL OR n <= $7) AND ($5::int IS NULL OR score >= $5)`;

/** One entry per player: their best qualifying attempt in the ranking's order. */
const ONE_PER_PLAYER = (subject: DrawSubject['kind']) => `
  SELECT DISTINCT ON (player_id) player_id, id FROM (${CANDIDATES(subject)}) c
   ORDER BY player_id, ${triviaSort()}`;

const EVERY_ATTEMPT = (subject: DrawSubject['kind']) => `SELECT player_id, id FROM (${CANDIDATES(subject)}) c`;

/** The later of two range starts and the earlier of two ends (null: open). */
function narrowed(outer: { from: Date | null; to: Date | null }, inner: { from: Date | null; to: Date | null }) {
  const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));
  const earlier = (a: Date | null, b: Date | null) => (a && b ? (a < b ? a : b) : (a ?? b));
  return { from: later(outer.from, inner.from), to: earlier(outer.to, inner.to) };
}

/** The players who won an earlier draw of the same trivia or campaign. */
export async function pastWinners(em: Queryable, subject: DrawSubject): Promise<number[]> {
  const column = subject.kind === 'trivia' ? 'question_group_id' : 'campaign_id';
  const rows: { player_id: number }[] = await em.query(
    `SELECT DISTINCT (w->>'playerId')::int AS player_id FROM prize_draws d, jsonb_array_elements(d.winners) w WHERE d.${column} = $1`,
    [subject.id],
  );
  return rows.map((row) => row.player_id);
}

/**
 * The query of a draw's eligible entries, `(player_id, id)` rows. PostgreSQL runs it into the
 * draw's entries, which put them in the list's deterministic order (player id, then attempt id:
 * `storeEntries` in service.ts, the one place that orders them); the API never holds the list.
 */
export async function eligibleQuery(em: Queryable, subject: DrawSubject, filters: DrawFilters): Promise<{ sql: string; params: unknown[] }> {
  const filterRange = completionRange(filters.dateFrom ?? undefined, filters.dateTo ?? undefined, subject.timeZone);
  const range = subject.kind === 'campaign' ? narrowed(completionRange(subject.startDate, subject.endDate, subject.timeZone), filterRange) : filterRange;
  const excluded = filters.excludePastWinners ? await pastWinners(em, subject) : [];
  return {
    sql: filters.onePerPlayer ? ONE_PER_PLAYER(subject.kind) : EVERY_ATTEMPT(subject.kind),
    params: [
      subject.kind === 'trivia' ? [subject.id] : subject.triviaIds,
      filters.locationId,
      range.from,
      range.to,
      filters.minScore,
      excluded,
      subject.kind === 'campaign' ? subject.maxAttemptsPerTrivia : null,
    ],
  };
}
