/**
 * What a trivia's analysis is computed from, under its filters: counts, read either from the
 * analysis logs (`analysis-logs.ts`, what the screens use) or recomputed from the stored rounds
 * (`recomputed-figures.ts`, the check). Both give the same rows for the same rounds.
 */

import { createHash } from 'node:crypto';

/** The answer key a question's "Tiempo agotado" answers are counted under (answer 0 counts the rounds that showed it). */
export const TIMED_OUT_ANSWER = -1;

/**
 * The key a "Varias correctas" answer's set of marks is counted under, beside each answer marked:
 * below TIMED_OUT_ANSWER, from the MD5 of the ids ascending joined by commas (two sets share one
 * only by a 30-bit coincidence). The analysis compares it with the key of the question's correct
 * set. `MARKED_SET_SQL` is the same in SQL, as the logs' fold computes it
 * (db/migrations/1798100000000-multiple-answers.ts).
 */
export function markedSetKey(answerIds: readonly number[]): number {
  const hex = createHash('md5').update([...answerIds].sort((a, b) => a - b).join(',')).digest('hex').slice(0, 8);
  return -2 - (Number.parseInt(hex, 16) & 0x3fffffff);
}
const MARKED_SET_SQL = (ids: string) =>
  `-2 - (('x' || substr(md5(array_to_string(ARRAY(SELECT m::int FROM jsonb_array_elements_text(${ids}) m ORDER BY 1), ',')), 1, 8))::bit(32)::int & 1073741823)`;

/**
 * The keys one stored answer (its JSON `e`) is counted under, as rows of one column: its answer, or
 * TIMED_OUT_ANSWER; a "Varias correctas" answer under each answer marked and its set's key.
 */
export const ANSWER_KEYS_SQL = `
  SELECT coalesce((e->>'answerId')::int, ${TIMED_OUT_ANSWER}) WHERE e->'answerIds' IS NULL
  UNION ALL SELECT m::int FROM jsonb_array_elements_text(e->'answerIds') m
  UNION ALL SELECT ${MARKED_SET_SQL(`e->'answerIds'`)} WHERE e->'answerIds' IS NOT NULL`;

/** Every device, as a kiosk filter and in the logs' scopes. */
export const EVERY_DEVICE = '00000000-0000-0000-0000-000000000000';

/** The rounds a trivia's analysis reads: at a site (or every), on a kiosk (or every device), over days of the event's clock (inclusive; null: open). */
export interface TriviaScope {
  questionGroupId: number;
  siteId: number;
  kioskId: string;
  fromDay: string | null;
  toDay: string | null;
}

export interface TriviaFigures {
  /** Counted rounds per score. */
  rounds: { score: number; n: number }[];
  /** Per score and question: the rounds that showed it (answer 0), that chose each answer, whose clock ran out (TIMED_OUT_ANSWER), and that marked each set (`markedSetKey`). */
  answers: { score: number; questionId: number; answerId: number; n: number }[];
  /** Per question, its timed answers per tenth of a second. */
  times: { questionId: number; tenth: number; n: number }[];
}

/** The statements' rows in a stable order, so two sources can be compared as they come. */
export const sortedFigures = (figures: TriviaFigures): TriviaFigures => ({
  rounds: [...figures.rounds].sort((a, b) => a.score - b.score),
  answers: [...figures.answers].sort((a, b) => a.score - b.score || a.questionId - b.questionId || a.answerId - b.answerId),
  times: [...figures.times].sort((a, b) => a.questionId - b.questionId || a.tenth - b.tenth),
});
