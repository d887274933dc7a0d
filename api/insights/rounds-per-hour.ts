import type { EntityManager } from 'typeorm';
import type { ActivityHour } from '../../contract';
import { rankedAttempt } from '../attempts/counted-attempts';

/**
 * Counted rounds of the trivias $1 completed in [$2, $3) (null: open), at the site $5 (null: every
 * site), per hour of the event's clock ($4: its zone) and site where they were played.
 */
const ROUNDS_PER_HOUR_SQL = `
  WITH hours AS (
    SELECT to_char(date_trunc('hour', a.completed_at AT TIME ZONE $4), 'YYYY-MM-DD"T"HH24:00') AS hour, a.location_id, count(*)::int AS rounds
      FROM player_attempts a
     WHERE a.question_group_id = ANY($1::int[])
       AND ${rankedAttempt('a')}
       AND ($2::timestamptz IS NULL OR a.completed_at >= $2)
       AND ($3::timestamptz IS NULL OR a.completed_at < $3)
       AND ($5::int IS NULL OR a.location_id = $5)
     GROUP BY 1, 2
  )
  SELECT h.hour, h.location_id, l.name AS site, h.rounds
    FROM hours h
    LEFT JOIN locations l ON l.id = h.location_id
   ORDER BY h.hour, l.name NULLS LAST, h.location_id`;

export interface RoundsPerHourScope {
  questionGroupIds: number[];
  from: Date | null;
  to: Date | null;
  timeZone: string;
  locationId?: number | null;
}

/** The timeline of an event (a trivia, or a campaign's trivias): when each booth was busy or silent. Hours without rounds are left out. */
export async function roundsPerHour(em: Pick<EntityManager, 'query'>, scope: RoundsPerHourScope): Promise<ActivityHour[]> {
  const rows = (await em.query(ROUNDS_PER_HOUR_SQL, [scope.questionGroupIds, scope.from, scope.to, scope.timeZone, scope.locationId ?? null])) as {
    hour: string;
    location_id: number | null;
    site: string | null;
    rounds: number;
  }[];
  return rows.map((row) => ({ hour: row.hour, locationId: row.location_id, site: row.site, rounds: row.rounds }));
}
