import type { EntityManager } from 'typeorm';
import { timelineUnit, type Timeline } from '../../../contract';
import { rankedAttempt } from '../../standings/counted-attempts';

/**
 * A timeline recomputed from the stored rounds: the check of the analysis logs'
 * (`loggedTimeline`), never what a screen reads. Counted rounds of the trivias $1 completed in
 * [$2, $3) (null: open), at the site $5 (null: every site), on the event's clock ($4: its zone).
 */
const ROUNDS = `
  SELECT a.completed_at AT TIME ZONE $4 AS at, a.location_id
    FROM player_attempts a
   WHERE a.question_group_id = ANY($1::int[])
     AND ${rankedAttempt('a')}
     AND ($2::timestamptz IS NULL OR a.completed_at >= $2)
     AND ($3::timestamptz IS NULL OR a.completed_at < $3)
     AND ($5::int IS NULL OR a.location_id = $5)`;

const SPAN_SQL = `SELECT (max(at)::date - min(at)::date + 1)::int AS days FROM (${ROUNDS}) r`;

/** Per slot ($6: 'hour' or 'day') and site. */
const SLOTS_SQL = `
  WITH slots AS (
    SELECT to_char(date_trunc($6, r.at), 'YYYY-MM-DD"T"HH24:00') AS start, r.location_id, count(*)::int AS rounds
      FROM (${ROUNDS}) r
     GROUP BY 1, 2
  )
  SELECT s.start, s.location_id AS "locationId", l.name AS site, s.rounds
    FROM slots s
    LEFT JOIN locations l ON l.id = s.location_id
   ORDER BY s.start, l.name NULLS LAST, s.location_id`;

export interface TimelineScope {
  questionGroupIds: number[];
  from: Date | null;
  to: Date | null;
  timeZone: string;
  locationId?: number | null;
}

export async function recomputedTimeline(em: Pick<EntityManager, 'query'>, scope: TimelineScope): Promise<Timeline> {
  const parameters = [scope.questionGroupIds, scope.from, scope.to, scope.timeZone, scope.locationId ?? null];
  const [{ days } = { days: null }] = (await em.query(SPAN_SQL, parameters)) as { days: number | null }[];
  const unit = timelineUnit(days);
  return { unit, slots: await em.query(SLOTS_SQL, [...parameters, unit]) };
}
