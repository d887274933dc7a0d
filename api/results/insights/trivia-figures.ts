/**
 * What a trivia's analysis is computed from, under its filters: counts, read either from the
 * analysis logs (`analysis-logs.ts`, what the screens use) or recomputed from the stored rounds
 * (`recomputed-figures.ts`, the check). Both give the same rows for the same rounds.
 */

/** The answer key a question's "Tiempo agotado" answers are counted under (answer 0 counts the rounds that showed it). */
export const TIMED_OUT_ANSWER = -1;

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
  /** Per score and question: the rounds that showed it (answer 0), that chose each answer, and whose clock ran out (TIMED_OUT_ANSWER). */
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
