import type { EntityManager } from 'typeorm';
import type { AnalysisQuery, AnswerAnalysis, QuestionAnalysis, TriviaAnalysis } from '../../contract';
import { rankedAttempt } from '../attempts/counted-attempts';
import { completionRange } from '../ranking/date-range';
import { triviaTimeZone } from '../ranking/event-time-zone';
import { questionFlags } from './question-flags';

/** The share of rounds in each of the groups discrimination compares (Kelley's 27 %). */
export const GROUP_SHARE = 0.27;
/** Discrimination needs at least this many rounds showing the question in each group. */
export const MIN_GROUP_SIZE = 2;

/**
 * The counted rounds under the filters ($1 trivia, $2 site, $3 kiosk, [$4, $5) completion), each
 * with its place from the best (`best`, by score, then the earliest id) and from the worst (`worst`).
 */
const COUNTED = `
  counted AS (
    SELECT a.id, a.question_ids, a.answers,
           row_number() OVER (ORDER BY a.score DESC, a.id) AS best,
           row_number() OVER (ORDER BY a.score ASC, a.id DESC) AS worst
      FROM player_attempts a
     WHERE a.question_group_id = $1
       AND ${rankedAttempt('a')}
       AND ($2::int IS NULL OR a.location_id = $2)
       AND ($3::uuid IS NULL OR a.device_id = $3)
       AND ($4::timestamptz IS NULL OR a.completed_at >= $4)
       AND ($5::timestamptz IS NULL OR a.completed_at < $5)
  )`;

/**
 * Each question each round showed (its recorded round; a round recorded before rounds were kept
 * showed the questions it answered), with the round's group ($6: the groups' size).
 */
const SHOWN_SQL = `
  WITH ${COUNTED}
  SELECT q.question_id::int AS question_id,
         count(*)::int AS shown,
         count(*) FILTER (WHERE c.best <= $6)::int AS upper_shown,
         count(*) FILTER (WHERE c.worst <= $6)::int AS lower_shown
    FROM counted c
   CROSS JOIN LATERAL unnest(coalesce(c.question_ids, ARRAY(SELECT (e->>'questionId')::int FROM jsonb_array_elements(coalesce(c.answers, '[]')) e))) AS q(question_id)
   GROUP BY 1`;

/** Each answer chosen: by how many rounds, of each group, and the median time of each question's answers. */
const CHOSEN_SQL = `
  WITH ${COUNTED},
  chosen AS (
    SELECT (e->>'questionId')::int AS question_id, (e->>'answerId')::int AS answer_id, (e->>'elapsedMs')::int AS elapsed_ms,
           c.best <= $6 AS upper, c.worst <= $6 AS lower
      FROM counted c
     CROSS JOIN LATERAL jsonb_array_elements(coalesce(c.answers, '[]')) e
  )
  SELECT question_id, answer_id,
         count(*)::int AS chosen,
         count(*) FILTER (WHERE upper)::int AS upper_chosen,
         count(*) FILTER (WHERE lower)::int AS lower_chosen,
         count(elapsed_ms)::int AS timed,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY elapsed_ms) FILTER (WHERE elapsed_ms IS NOT NULL) AS median_ms
    FROM chosen
   GROUP BY GROUPING SETS ((question_id, answer_id), (question_id))`;

const COUNT_SQL = `WITH ${COUNTED} SELECT count(*)::int AS rounds FROM counted`;

const QUESTIONS_SQL = `
  SELECT q.id AS question_id, q.text AS question_text, a.id AS answer_id, a.text AS answer_text, a.is_correct
    FROM questions q
    LEFT JOIN answers a ON a.question_id = q.id
   WHERE q.group_id = $1
   ORDER BY q.id, a.id`;

interface ShownRow { question_id: number; shown: number; upper_shown: number; lower_shown: number }
interface ChosenRow { question_id: number; answer_id: number | null; chosen: number; upper_chosen: number; lower_chosen: number; timed: number; median_ms: number | null }
interface QuestionRow { question_id: number; question_text: string; answer_id: number | null; answer_text: string | null; is_correct: boolean | null }

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/**
 * A trivia's analysis under the filters, per question in the editor's order: computed from the
 * stored rounds (the questions each showed, the answers each chose, with their times) in one
 * snapshot. Questions and answers are the trivia's current ones; an answer chosen that was since
 * deleted is left out of its question's answers, not of its counts.
 */
export async function triviaAnalysis(em: EntityManager, questionGroupId: number, query: AnalysisQuery): Promise<TriviaAnalysis> {
  return em.transaction('REPEATABLE READ', async (tx) => {
    const { from, to } = query.dateFrom || query.dateTo
      ? completionRange(query.dateFrom, query.dateTo, await triviaTimeZone(tx, questionGroupId))
      : { from: null, to: null };
    const filters = [questionGroupId, query.locationId ?? null, query.deviceId ?? null, from, to];
    const [{ rounds } = { rounds: 0 }] = (await tx.query(COUNT_SQL, filters)) as { rounds: number }[];
    const groupSize = Math.round(rounds * GROUP_SHARE);
    const [shownRows, chosenRows, questionRows] = [
      (await tx.query(SHOWN_SQL, [...filters, groupSize])) as ShownRow[],
      (await tx.query(CHOSEN_SQL, [...filters, groupSize])) as ChosenRow[],
      (await tx.query(QUESTIONS_SQL, [questionGroupId])) as QuestionRow[],
    ];
    const shownBy = new Map(shownRows.map((row) => [row.question_id, row]));
    const answerRows = new Map(chosenRows.filter((row) => row.answer_id !== null).map((row) => [row.answer_id!, row]));
    const questionTotals = new Map(chosenRows.filter((row) => row.answer_id === null).map((row) => [row.question_id, row]));

    const questions = new Map<number, { text: string; answers: QuestionRow[] }>();
    for (const row of questionRows) {
      const question = questions.get(row.question_id) ?? { text: row.question_text, answers: [] };
      if (row.answer_id !== null) question.answers.push(row);
      questions.set(row.question_id, question);
    }

    return {
      questionGroupId,
      rounds,
      groups: { upper: groupSize, lower: groupSize },
      questions: [...questions].map(([questionId, question]): QuestionAnalysis => {
        const shown = shownBy.get(questionId) ?? { shown: 0, upper_shown: 0, lower_shown: 0 };
        const totals = questionTotals.get(questionId);
        const answered = totals?.chosen ?? 0;
        const chosenOf = (answerId: number) => answerRows.get(answerId) ?? { chosen: 0, upper_chosen: 0, lower_chosen: 0 };
        const correctAnswers = question.answers.filter((a) => a.is_correct).map((a) => chosenOf(a.answer_id!));
        const sum = (key: 'chosen' | 'upper_chosen' | 'lower_chosen') => correctAnswers.reduce((total, row) => total + row[key], 0);
        const answers: AnswerAnalysis[] = question.answers.map((a) => ({
          answerId: a.answer_id!,
          text: a.answer_text!,
          correct: a.is_correct === true,
          chosen: chosenOf(a.answer_id!).chosen,
          share: ratio(chosenOf(a.answer_id!).chosen, answered),
        }));
        const facility = ratio(sum('chosen'), shown.shown);
        const discrimination = shown.upper_shown >= MIN_GROUP_SIZE && shown.lower_shown >= MIN_GROUP_SIZE
          ? sum('upper_chosen') / shown.upper_shown - sum('lower_chosen') / shown.lower_shown
          : null;
        return {
          questionId,
          text: question.text,
          shown: shown.shown,
          answered,
          correct: sum('chosen'),
          facility,
          discrimination,
          medianAnswerMs: totals?.median_ms == null ? null : Math.round(totals.median_ms),
          timedAnswers: totals?.timed ?? 0,
          answers,
          flags: questionFlags({ shown: shown.shown, facility, discrimination, answers }),
        };
      }),
    };
  });
}
