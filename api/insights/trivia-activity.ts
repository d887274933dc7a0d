import type { EntityManager } from 'typeorm';
import type { ActivityFigures, ActivityQuery, TriviaActivity } from '../../contract';
import { rankedAttempt } from '../attempts/counted-attempts';
import { completionRange } from '../ranking/date-range';
import { loggedTimeline } from './analysis-logs';
import { readyTriviaLogs } from './trivia-analysis';

/** The counted rounds of a trivia ($1) completed in [$2, $3). */
const COUNTED = `
  counted AS (
    SELECT a.player_id, a.location_id, a.kiosk_id, a.score, a.completed_at
      FROM player_attempts a
     WHERE a.question_group_id = $1
       AND ${rankedAttempt('a')}
       AND ($2::timestamptz IS NULL OR a.completed_at >= $2)
       AND ($3::timestamptz IS NULL OR a.completed_at < $3)
  )`;

const FIGURES = `
  count(DISTINCT c.player_id)::int AS players,
  count(*)::int AS rounds,
  avg(c.score)::float AS average_score,
  percentile_cont(0.5) WITHIN GROUP (ORDER BY c.score) AS median_score`;

const SITES_SQL = `
  WITH ${COUNTED}
  SELECT c.location_id, l.name, ${FIGURES}
    FROM counted c
    LEFT JOIN locations l ON l.id = c.location_id
   GROUP BY c.location_id, l.name
   ORDER BY l.name NULLS LAST, c.location_id`;

/** Per kiosk the rounds were played on, and one row (kiosk null) for every round played elsewhere: phones, the public link. */
const KIOSKS_SQL = `
  WITH ${COUNTED}
  SELECT c.kiosk_id AS device_id, k.kiosk_name AS name, ${FIGURES}
    FROM counted c
    LEFT JOIN devices k ON k.id = c.kiosk_id
   GROUP BY c.kiosk_id, k.kiosk_name
   ORDER BY c.kiosk_id IS NULL, k.kiosk_name, c.kiosk_id`;

interface FigureRow { players: number; rounds: number; average_score: number | null; median_score: number | null }

const figures = (row: FigureRow): ActivityFigures => ({
  players: row.players,
  rounds: row.rounds,
  averageScore: row.average_score,
  medianScore: row.median_score,
});

/**
 * How a trivia's sites and kiosks went: counted rounds, players, average and median score per site
 * and per kiosk (phones and the public link in one row of their own), and rounds per hour of the event's clock per site (when a booth was busy or silent).
 * Results played offline count by when they were completed, as everywhere.
 */
export async function triviaActivity(em: EntityManager, questionGroupId: number, query: ActivityQuery): Promise<TriviaActivity> {
  const timeZone = await readyTriviaLogs(em, questionGroupId);
  return em.transaction('REPEATABLE READ', async (tx) => {
    const { from, to } = completionRange(query.dateFrom, query.dateTo, timeZone);
    const filters = [questionGroupId, from, to];
    const sites = (await tx.query(SITES_SQL, filters)) as (FigureRow & { location_id: number | null; name: string | null })[];
    const kiosks = (await tx.query(KIOSKS_SQL, filters)) as (FigureRow & { device_id: string | null; name: string | null })[];
    const timeline = await loggedTimeline(tx, { questionGroupIds: [questionGroupId], fromDay: query.dateFrom ?? null, toDay: query.dateTo ?? null });
    return {
      questionGroupId,
      timeZone,
      sites: sites.map((row) => ({ locationId: row.location_id, name: row.name, ...figures(row) })),
      kiosks: kiosks.map((row) => ({ deviceId: row.device_id, name: row.name, ...figures(row) })),
      timeline,
    };
  });
}
