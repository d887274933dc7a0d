import type { SelectionMode } from '../../contract';
import { rankedAttempt } from './counted-attempts';
import { selectedAttempts } from './campaign-selection';
import { triviaSort } from './order-by';

/**
 * The statements of the standings kept per day of the event's time zone (trivia_day_standings,
 * trivia_day_players, campaign_day_standings: db/migrations/1797510000000-day-standings.ts). Only
 * api/standings/refresh.ts runs them, in the transaction of the change, beside the standings they
 * follow; like those, every row is recomputed from the attempts that decide it.
 *
 * A day is the local date of the completion in the event's time zone, passed as a parameter.
 */

/** The sites an attempt ranks at (as `c`): every site (0), and its own when it still has one. */
const SITES = `CROSS JOIN LATERAL (VALUES (0), (c.location_id)) AS s(site_id)`;

/** The scopes of "Sedes y kioscos" and of the rankings' totals a counted round is in: every site, its site (or none), its kiosk (or none). */
const SCOPES = `CROSS JOIN LATERAL (VALUES ('s0'), ('s' || coalesce(c.location_id::text, '')), ('k' || coalesce(c.kiosk_id::text, ''))) AS k(scope)`;

/** The counted attempts in `scope` (over `a`) with their local day in `zone`, as a CTE `counted`. */
export const countedWithDay = (scope: string, zone: string) => `
  counted AS MATERIALIZED (
    SELECT a.question_group_id, a.player_id, a.id, a.score, a.completion_time, a.completed_at, a.correct_answers, a.total_questions,
           a.location_id, a.kiosk_id, (a.completed_at AT TIME ZONE ${zone})::date AS day
      FROM player_attempts a
     WHERE ${scope} AND ${rankedAttempt('a')}
  )`;

/** Each player's best counted attempt per site and day, from `counted`: the first in the trivia ranking's order. */
const DAY_BEST = `
    SELECT DISTINCT ON (c.question_group_id, c.player_id, s.site_id, c.day)
           c.question_group_id, c.player_id, s.site_id, c.day, c.id AS attempt_id, c.score, c.completion_time, c.completed_at
      FROM counted c ${SITES}
     WHERE s.site_id IS NOT NULL
     ORDER BY c.question_group_id, c.player_id, s.site_id, c.day, ${triviaSort('c')}`;

/** Each player's days per scope, from `counted`, each with the player's previous day in that scope. */
const DAY_PLAYERS = `
    SELECT question_group_id, player_id, scope, day, lag(day) OVER (PARTITION BY question_group_id, player_id, scope ORDER BY day) AS previous_day
      FROM (SELECT DISTINCT c.question_group_id, c.player_id, k.scope, c.day FROM counted c ${SCOPES}) d`;

/**
 * CTEs that bring one player's rows of `table` at one trivia ($1, player $2) to the rows of CTE
 * `want` (keyed by `keys` past the trivia and player): new rows inserted, rows whose `values`
 * differ updated, rows `want` lacks deleted; rows already right are neither written nor locked
 * (an ON CONFLICT update would lock each), so a completion that beats nothing writes nothing.
 * The insert and the update touch different rows (the update reads the statement's snapshot).
 */
export const syncPlayerRows = (name: string, table: string, want: string, keys: string[], values: string[]) => {
  const columns = ['question_group_id', 'player_id', ...keys, ...values];
  const row = (alias: string, names: string[]) => `(${names.map((column) => `${alias}.${column}`).join(', ')})`;
  return `
  ${name}_added AS (
    INSERT INTO ${table} (${columns.join(', ')}) SELECT ${columns.join(', ')} FROM ${want} ON CONFLICT DO NOTHING
  ),
  ${name}_changed AS (
    UPDATE ${table} t SET ${values.map((column) => `${column} = w.${column}`).join(', ')}
      FROM ${want} w
     WHERE t.question_group_id = $1 AND t.player_id = $2 AND ${row('t', keys)} = ${row('w', keys)} AND ${row('t', values)} IS DISTINCT FROM ${row('w', values)}
  ),
  ${name}_gone AS (
    DELETE FROM ${table} t
     WHERE t.question_group_id = $1 AND t.player_id = $2 AND ${row('t', keys)} NOT IN (SELECT ${keys.join(', ')} FROM ${want})
  )`;
};

/** One player's day rows at one trivia ($1, player $2), as CTEs of the statement that refreshes their standings there (after its `counted`). */
export const PLAYER_DAY_CTES = `
  day_best AS (${DAY_BEST}
  ),${syncPlayerRows('day_best', 'trivia_day_standings', 'day_best', ['site_id', 'day'], ['attempt_id', 'score', 'completion_time', 'completed_at'])},
  day_players AS (${DAY_PLAYERS}
  ),${syncPlayerRows('day_players', 'trivia_day_players', 'day_players', ['scope', 'day'], ['previous_day'])}`;

/** Every day row of one trivia ($1), recomputed in zone $2: its rows deleted first (`DELETE_TRIVIA_DAYS`). */
export const DELETE_TRIVIA_DAYS = [`DELETE FROM trivia_day_standings WHERE question_group_id = $1`, `DELETE FROM trivia_day_players WHERE question_group_id = $1`];
export const INSERT_TRIVIA_DAYS = [
  `WITH ${countedWithDay('a.question_group_id = $1', '$2')}
   INSERT INTO trivia_day_standings (question_group_id, player_id, site_id, day, attempt_id, score, completion_time, completed_at) ${DAY_BEST}`,
  `WITH ${countedWithDay('a.question_group_id = $1', '$2')}
   INSERT INTO trivia_day_players (question_group_id, player_id, scope, day, previous_day) ${DAY_PLAYERS}`,
];

/**
 * A campaign's day standings (campaign_day_standings) as CTEs of the statement that refreshes its
 * standings: each player's campaign as played on one day at one site (the selection rule numbers
 * and reduces the attempts per site and day, as a ranking of that one day does), the rows in
 * scope deleted first. $1 the campaign, $2 / $3 its trivias and weights (the statement's
 * `weights`), $4 / $5 its period, $6 maxAttemptsPerTrivia, $7 the event's zone; `scope` may name
 * $8, a player.
 */
export const campaignDayCtes = (mode: SelectionMode, scope: string) => `
  days_gone AS (
    DELETE FROM campaign_day_standings WHERE campaign_id = $1${scope.replace('a.player_id', 'player_id')} RETURNING 1
  ),
  days_kept AS (
    INSERT INTO campaign_day_standings (campaign_id, site_id, day, player_id, total_score, average_completion_time,
                                        total_correct_answers, location_id, best_scores, attempts_count)
    SELECT $1, t.site_id, t.day, t.player_id, sum(t.score * w.weight), avg(t.completion_time),
           sum(t.correct_answers), nullif((max(t.last_played))[3], 0),
           jsonb_object_agg(t.question_group_id, round(t.score::numeric, 2)), jsonb_object_agg(t.question_group_id, t.attempts)
      FROM (${selectedAttempts(mode, {
        partition: ['site_id', 'day'],
        attempts: `FROM player_attempts a CROSS JOIN LATERAL (VALUES (0), (a.location_id)) AS s(site_id)
       CROSS JOIN LATERAL (VALUES ((a.completed_at AT TIME ZONE $7)::date)) AS d(day)
     WHERE a.question_group_id = ANY($2::int[]) AND ${rankedAttempt('a')} AND s.site_id IS NOT NULL
       AND a.completed_at >= $4 AND a.completed_at < $5${scope}`,
        maxAttempts: '$6',
        trivias: '$2::int[]',
      })}) t
      JOIN weights w USING (question_group_id)
     WHERE (SELECT count(*) FROM days_gone) >= 0
     GROUP BY t.site_id, t.day, t.player_id
  )`;
