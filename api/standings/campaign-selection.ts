import { MAX_ANSWER_POINTS, type SelectionMode } from '../../contract';
import { TRIVIA_SORT_KEY } from './order-by';

/**
 * A campaign's selection rule, written once for the campaign ranking's statements
 * (campaign-ranking.ts) and the campaign standings (standings.ts): per player and trivia, the
 * first maxAttemptsPerTrivia counted attempts in completion order, reduced to one row by the
 * campaign's mode. The two differ only in their attempts (which filters apply) and their
 * partition: the standings keep a ranking per site, so they number and reduce per site as well.
 */
export interface SelectionScope {
  /** The columns that split the campaign into rankings of their own before trivia and player (the standings' `site_id`), or none. */
  partition: readonly string[];
  /** The FROM and WHERE of the counted attempts (as `a`), every filter applied; the partition's columns among them. */
  attempts: string;
  /** The parameter holding maxAttemptsPerTrivia. */
  maxAttempts: string;
  /** The parameter holding the campaign's trivias (an int[]). */
  trivias: string;
}

/**
 * A round's score as a campaign counts it (contract/points.ts, `campaignPercent`): a percentage
 * trivia's as it is; a points trivia's as the percentage of the best round of its size. `alias`
 * names the attempts (or a row with their question_group_id, and `score` / `total_questions` as
 * the expressions given); `trivias` the parameter of the campaign's trivias, whose scorings are
 * read once per statement.
 */
export const campaignScore = (trivias: string, { alias = 'a', score = 'a.score', total = 'a.total_questions' }: { alias?: string; score?: string; total?: string } = {}) =>
  `CASE WHEN ${alias}.question_group_id IN (SELECT g.id FROM question_groups g WHERE g.id = ANY(${trivias}) AND g.scoring = 'points')
        THEN 100.0 * ${score} / (${MAX_ANSWER_POINTS} * greatest(${total}, 1)) ELSE ${score} END`;

/**
 * An attempt's place (from 1) among its player's counted attempts at its trivia (per partition),
 * in completion order: a campaign counts the first maxAttemptsPerTrivia (so does a campaign's draw).
 */
export const attemptNumber = (partition: readonly string[] = []) =>
  `row_number() OVER (PARTITION BY ${[...partition, 'a.question_group_id', 'a.player_id'].join(', ')} ORDER BY a.completed_at, a.id)`;

/** The campaign's attempts, numbered per partition, trivia and player (`attemptNumber`). */
const numberedAttempts = ({ partition, attempts }: SelectionScope) => `
    SELECT ${[...partition, 'a.question_group_id', 'a.player_id'].join(', ')}, a.id, a.score, a.total_questions, a.correct_answers, a.completion_time, a.location_id,
           (date_part('epoch', a.completed_at) * 1000)::bigint AS completed_ms,
           ${attemptNumber(partition)} AS n
      ${attempts}`;

/** The rows the selection reduces to one: per partition, trivia and player. */
const groupOf = ({ partition }: SelectionScope) => [...partition, 'question_group_id', 'player_id'].join(', ');

/** What each player and trivia contributes: score (in its trivia's unit), time, correct answers, the round's size; then where and when the chosen attempt was played. */
const PICKED = `score, completion_time, correct_answers, total_questions`;
const PICKED_AT = `completed_ms, id, coalesce(location_id, 0)`;

/**
 * A player's site in a campaign ranking (docs/decisions.md, "A player's site"): the site of the
 * attempt that placed them. Per trivia that is the attempt the mode selected ('average' selects
 * none: every counted attempt), carried as [completion, id, site]; over the campaign, the most
 * recent of those. With one trivia in 'best' mode it is the trivia ranking's own row.
 */
const LAST_PLAYED = `max(ARRAY[completed_ms, id, coalesce(location_id, 0)]) AS last_played`;

/**
 * One attempt per player and trivia, the greatest by `key`: the attempt's own figures ride along
 * after the key in the same array, so max() hands back the whole chosen attempt.
 */
const chooseOne = (key: readonly string[]) => (scope: SelectionScope) => `
  SELECT ${groupOf(scope)}, attempts, pick[${key.length + 5}:${key.length + 7}] AS last_played,
         ${campaignScore(scope.trivias, { alias: 'chosen', score: `pick[${key.length + 1}]`, total: `pick[${key.length + 4}]` })} AS score,
         pick[${key.length + 2}] AS completion_time, pick[${key.length + 3}] AS correct_answers
    FROM (
      SELECT ${groupOf(scope)}, count(*) AS attempts, max(ARRAY[${key.join(', ')}, ${PICKED}, ${PICKED_AT}]::bigint[]) AS pick
        FROM (${numberedAttempts(scope)}) numbered
       WHERE n <= ${scope.maxAttempts}
       GROUP BY ${groupOf(scope)}
    ) chosen`;

/** 'average': the mean of the counted attempts' campaign scores; correct answers as a rounded mean. */
const average = (scope: SelectionScope) => `
  SELECT ${groupOf(scope)}, count(*) AS attempts, ${LAST_PLAYED},
         avg(${campaignScore(scope.trivias, { alias: 'numbered', score: 'score', total: 'total_questions' })}) AS score,
         avg(completion_time) AS completion_time, round(avg(correct_answers)) AS correct_answers
    FROM (${numberedAttempts(scope)}) numbered
   WHERE n <= ${scope.maxAttempts}
   GROUP BY ${groupOf(scope)}`;

const PER_TRIVIA: Record<SelectionMode, (scope: SelectionScope) => string> = {
  // The trivia ranking's order.
  best: chooseOne(TRIVIA_SORT_KEY),
  first: chooseOne(['-n']),
  last: chooseOne(['n']),
  average,
};

/**
 * Each player's selected attempt per trivia (and partition), as rows of the partition's columns,
 * question_group_id, player_id, attempts (how many counted), score (as the campaign counts it:
 * `campaignScore`; the 'best' attempt is chosen in its trivia's own order), completion_time,
 * correct_answers and last_played ([completion, id, site] of the attempt that placed them).
 */
export const selectedAttempts = (mode: SelectionMode, scope: SelectionScope): string => PER_TRIVIA[mode](scope);
