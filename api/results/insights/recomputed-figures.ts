import type { EntityManager } from 'typeorm';
import { TOTAL_BANDS } from '../../../contract';
import { rankedAttempt } from '../../standings/counted-attempts';
import { completionRange } from '../../standings/date-range';
import type { CampaignFigureRow } from './analysis-logs';
import { EVERY_SITE } from '../../standings/refresh';
import { ANSWER_KEYS_SQL, EVERY_DEVICE, type TriviaFigures, type TriviaScope } from './trivia-figures';

/**
 * A trivia's figures recomputed from its stored rounds, every counted round read again: the check
 * of the analysis logs (`npm run bench`, tests/api/standings.test.ts), never what a screen reads.
 * The rounds under the filters ($1 trivia, $2 site, $3 kiosk, [$4, $5) completion).
 */
const COUNTED = `
  counted AS (
    SELECT a.score, a.question_ids, a.answers
      FROM player_attempts a
     WHERE a.question_group_id = $1
       AND ${rankedAttempt('a')}
       AND ($2::int = ${EVERY_SITE} OR a.location_id = $2)
       AND ($3::uuid = '${EVERY_DEVICE}' OR a.kiosk_id = $3)
       AND ($4::timestamptz IS NULL OR a.completed_at >= $4)
       AND ($5::timestamptz IS NULL OR a.completed_at < $5)
  )`;

const ROUNDS_SQL = `WITH ${COUNTED} SELECT score, count(*)::int AS n FROM counted GROUP BY score`;

/** The questions each round showed (a round recorded before rounds were kept showed those it answered) as answer 0, and each answer's keys (`ANSWER_KEYS_SQL`). */
const ANSWERS_SQL = `
  WITH ${COUNTED}
  SELECT c.score, x.question_id AS "questionId", x.answer_id AS "answerId", count(*)::int AS n
    FROM counted c
   CROSS JOIN LATERAL (
     SELECT q.question_id, 0 AS answer_id
       FROM unnest(coalesce(c.question_ids, ARRAY(SELECT (e->>'questionId')::int FROM jsonb_array_elements(coalesce(c.answers, '[]')) e))) AS q(question_id)
     UNION ALL
     SELECT (e->>'questionId')::int, k.answer_id FROM jsonb_array_elements(coalesce(c.answers, '[]')) e CROSS JOIN LATERAL (${ANSWER_KEYS_SQL}) k(answer_id)
   ) x
   GROUP BY 1, 2, 3`;

const TIMES_SQL = `
  WITH ${COUNTED}
  SELECT (e->>'questionId')::int AS "questionId", round((e->>'elapsedMs')::numeric / 100)::int AS tenth, count(*)::int AS n
    FROM counted c CROSS JOIN LATERAL jsonb_array_elements(coalesce(c.answers, '[]')) e
   WHERE e->>'elapsedMs' IS NOT NULL
   GROUP BY 1, 2`;

/** The figures of the scope, recomputed; its days are whole days in `timeZone`. */
export async function recomputedTriviaFigures(em: Pick<EntityManager, 'query'>, scope: TriviaScope, timeZone: string): Promise<TriviaFigures> {
  const { from, to } = completionRange(scope.fromDay ?? undefined, scope.toDay ?? undefined, timeZone);
  const parameters = [scope.questionGroupId, scope.siteId, scope.kioskId, from, to];
  return {
    rounds: await em.query(ROUNDS_SQL, parameters),
    answers: await em.query(ANSWERS_SQL, parameters),
    times: await em.query(TIMES_SQL, parameters),
  };
}

/**
 * One pass over a campaign's standings at a site (0: every site): per trivia the players with a
 * selected score there and their mean ('t'), the players by how many trivias they finished ('c'),
 * and by band of the weighted total ('b', $3 the highest total).
 */
const CAMPAIGN_SQL = `
  WITH s AS (
    SELECT total_score, best_scores FROM campaign_standings WHERE campaign_id = $1 AND site_id = $2
  )
  SELECT 't' AS kind, e.key::int AS key, count(*)::int AS players, avg(e.value::numeric)::float8 AS mean
    FROM s CROSS JOIN LATERAL jsonb_each_text(s.best_scores) e
   GROUP BY e.key
  UNION ALL
  SELECT 'c', (SELECT count(*) FROM jsonb_object_keys(s.best_scores))::int, count(*)::int, NULL FROM s GROUP BY 2
  UNION ALL
  SELECT 'b', least(width_bucket(s.total_score::float8, 0, greatest($3::float8, 1), ${TOTAL_BANDS}), ${TOTAL_BANDS}), count(*)::int, NULL FROM s GROUP BY 2`;

export const recomputedCampaignFigures = (em: Pick<EntityManager, 'query'>, campaignId: number, siteId: number, maxTotal: number): Promise<CampaignFigureRow[]> =>
  em.query(CAMPAIGN_SQL, [campaignId, siteId, maxTotal]);
