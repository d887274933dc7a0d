import type { EntityManager } from 'typeorm';
import type { TriviaRankingEntry, TriviaRankingQuery } from '../../contract';
import { rankedAttempt } from '../attempts/review';
import { completionRange } from './date-range';

/**
 * The attempts a trivia ranking may show: completed and clean or released (never held for review nor discarded), optionally at
 * one site (where the attempt was played) and inside a completion range [$3, $4).
 */
const COUNTED_ATTEMPTS = `
      FROM player_attempts a
     WHERE a.question_group_id = $1
       AND ${rankedAttempt('a')}
       AND ($2::int IS NULL OR a.location_id = $2)
       AND ($3::timestamptz IS NULL OR a.completed_at >= $3)
       AND ($4::timestamptz IS NULL OR a.completed_at < $4)`;

const ATTEMPT_COLUMNS = `a.id, a.player_id, a.location_id, a.score, a.correct_answers, a.total_questions, a.completion_time, a.completed_at`;

/**
 * Each player's best attempt: higher score, then lower time, then the more recent one (id breaks
 * exact ties). DISTINCT ON walks the partial index player_attempts_best_idx
 * (question_group_id, player_id, score DESC, completion_time, completed_at DESC, id DESC), which
 * holds exactly this order, so no attempt is sorted twice.
 */
const BEST_PER_PLAYER = `
    SELECT DISTINCT ON (a.player_id) ${ATTEMPT_COLUMNS}
    ${COUNTED_ATTEMPTS}
     ORDER BY a.player_id, a.score DESC, a.completion_time, a.completed_at DESC, a.id DESC`;

/** With includeDuplicates every counted attempt is a row of its own. */
const EVERY_ATTEMPT = `
    SELECT ${ATTEMPT_COLUMNS}
    ${COUNTED_ATTEMPTS}`;

/**
 * Only the requested page is joined to players and sites; the total comes from the same CTE, so
 * one statement answers both.
 */
const rankingSql = (candidates: string) => `
  WITH candidates AS (${candidates}
  ),
  page AS (
    SELECT * FROM candidates
     ORDER BY score DESC, completion_time, completed_at DESC, id DESC
     LIMIT $5 OFFSET $6
  )
  SELECT page.*, p.first_name, p.last_name, l.name AS location_name,
         (SELECT count(*) FROM candidates)::int AS total
    FROM page
    JOIN players p ON p.id = page.player_id
    LEFT JOIN locations l ON l.id = page.location_id
   ORDER BY page.score DESC, page.completion_time, page.completed_at DESC, page.id DESC`;

const BEST_RANKING_SQL = rankingSql(BEST_PER_PLAYER);
const EVERY_ATTEMPT_RANKING_SQL = rankingSql(EVERY_ATTEMPT);
const COUNT_SQL = (candidates: string) => `SELECT count(*)::int AS total FROM (${candidates}) candidates`;

interface RankingRow {
  id: number;
  player_id: number;
  location_id: number | null;
  score: number;
  correct_answers: number;
  total_questions: number;
  completion_time: number;
  completed_at: Date;
  first_name: string;
  last_name: string;
  location_name: string | null;
  total: number;
}

export async function triviaRanking(em: EntityManager, query: TriviaRankingQuery): Promise<{ total: number; entries: TriviaRankingEntry[] }> {
  const { from, to } = completionRange(query.dateFrom, query.dateTo);
  const filters = [query.questionGroupId, query.locationId ?? null, from, to];
  const candidates = query.includeDuplicates ? EVERY_ATTEMPT : BEST_PER_PLAYER;
  const rows: RankingRow[] = await em.query(query.includeDuplicates ? EVERY_ATTEMPT_RANKING_SQL : BEST_RANKING_SQL, [
    ...filters,
    query.limit,
    query.offset,
  ]);
  // A page past the end has no row to carry the total, so only then is it counted on its own.
  const total = rows[0]?.total ?? (query.offset > 0 ? (await em.query(COUNT_SQL(candidates), filters))[0].total : 0);
  return {
    total,
    entries: rows.map((row, index) => ({
      id: row.id,
      position: query.offset + index + 1,
      playerId: row.player_id,
      firstName: row.first_name,
      lastName: row.last_name,
      location: row.location_name === null ? null : { name: row.location_name },
      score: row.score,
      correctAnswers: row.correct_answers,
      totalQuestions: row.total_questions,
      completionTime: row.completion_time,
      completedAt: row.completed_at.toISOString(),
    }) satisfies TriviaRankingEntry),
  };
}
