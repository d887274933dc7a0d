import type { BenchData } from './seed';

/** Midnight of a day in this process's time zone, as the API reads campaign periods. */
export const localDay = (year: number, month: number, day: number) => new Date(year, month - 1, day).toISOString();

/**
 * The hand-written answer: each player's best completed, counted attempt (DISTINCT ON over the
 * best-first index), the first page joined to names and sites, and the total, in one statement
 * with the trivia id (and a completion range, for a date-filtered ranking) inlined. The ids are compared with the endpoint's to be sure both answer the same.
 */
export const handWrittenRanking = (triviaId: number, completed?: { from: Date; to: Date }) => `
  WITH best AS (
    SELECT DISTINCT ON (player_id) id, player_id, location_id, score, correct_answers, total_questions, completion_time, completed_at
      FROM player_attempts
     WHERE question_group_id = ${triviaId} AND completed_at IS NOT NULL AND review_status IN ('clean', 'released')${
       completed ? ` AND completed_at >= '${completed.from.toISOString()}' AND completed_at < '${completed.to.toISOString()}'` : ''
     }
     ORDER BY player_id, score DESC, completion_time, completed_at DESC, id DESC
  ), page AS (
    SELECT * FROM best ORDER BY score DESC, completion_time, completed_at DESC, id DESC LIMIT 500
  )
  SELECT page.*, p.first_name, p.last_name, l.name AS location_name, (SELECT count(*) FROM best) AS total
    FROM page JOIN players p ON p.id = page.player_id LEFT JOIN locations l ON l.id = page.location_id
   ORDER BY page.score DESC, page.completion_time, page.completed_at DESC, page.id DESC`;

/**
 * The hand-written campaign ranking for the seeded campaign (mode best, two attempts per trivia,
 * April 2026, or the completion range [from, to) inside it: ISO instants), every constant inlined: the attempts in (trivia, player, completion) order straight
 * from the covering index, numbered, the first two kept, the best of them picked with one max()
 * over (score, -time, completion, id), weighted totals per player (the site: that of the last
 * counted attempt), the first page with names and sites, and the page's per-trivia maps read again
 * for those 500 players only.
 */
export const handWrittenCampaignRanking = (data: BenchData, completed = { from: localDay(2026, 4, 1), to: localDay(2026, 5, 1) }) => {
  const ids = data.campaignTrivias.map((t) => t.id).join(', ');
  const perTrivia = (onlyPlayers: string) => `
    SELECT question_group_id, player_id, count(*) AS attempts, max(ARRAY[score, -coalesce(completion_time, 2147483647), ms, id, score, completion_time, correct_answers]) AS best,
           max(ARRAY[ms, id, coalesce(location_id, 0)]) AS last_played
      FROM (
        SELECT question_group_id, player_id, id, score, correct_answers, completion_time, location_id,
               (date_part('epoch', completed_at) * 1000)::bigint AS ms,
               row_number() OVER (PARTITION BY question_group_id, player_id ORDER BY completed_at, id) AS n
          FROM player_attempts
         WHERE question_group_id IN (${ids}) AND completed_at IS NOT NULL AND review_status IN ('clean', 'released')
           AND completed_at >= '${completed.from}' AND completed_at < '${completed.to}' ${onlyPlayers}
      ) numbered
     WHERE n <= 2
     GROUP BY question_group_id, player_id`;
  return `
  WITH weights(question_group_id, weight) AS (VALUES ${data.campaignTrivias.map((t) => `(${t.id}, ${t.weight})`).join(', ')}),
  totals AS (
    SELECT player_id, sum(best[5] * weight) AS total_score, sum(best[7]) AS total_correct, avg(best[6]) AS average_time,
           (max(last_played))[3] AS location_id
      FROM (${perTrivia('')}) t JOIN weights USING (question_group_id)
     GROUP BY player_id
  ),
  page AS (SELECT * FROM totals ORDER BY total_score DESC, average_time, player_id LIMIT 500),
  maps AS (
    SELECT player_id, jsonb_object_agg(question_group_id, best[5]) AS best_scores, jsonb_object_agg(question_group_id, attempts) AS attempts_count
      FROM (${perTrivia('AND player_id IN (SELECT player_id FROM page)')}) t
     GROUP BY player_id
  )
  SELECT page.*, p.first_name, p.last_name, l.name AS location_name, maps.best_scores, maps.attempts_count, (SELECT count(*) FROM totals) AS total
    FROM page JOIN maps USING (player_id) JOIN players p ON p.id = page.player_id LEFT JOIN locations l ON l.id = nullif(page.location_id, 0)
   ORDER BY page.total_score DESC, page.average_time, page.player_id`;
};
