import type { EntityManager } from 'typeorm';
import type { AnalysisQuery, AnswerAnalysis, PlacedPicture, QuestionAnalysis, QuestionKind, TriviaAnalysis } from '../../../contract';
import { keyInZone } from '../../standings/analysed-rounds';
import { triviaTimeZone } from '../../standings/event-time-zone';
import { foldTriviaLogs, loggedTriviaFigures } from './analysis-logs';
import { questionFlags } from './question-flags';
import { recomputedTriviaFigures } from './recomputed-figures';
import { EVERY_SITE } from '../../standings/refresh';
import { EVERY_DEVICE, markedSetKey, TIMED_OUT_ANSWER, sortedFigures, type TriviaFigures, type TriviaScope } from './trivia-figures';
import { QUESTION_KEY_SELECT, type QuestionKeyRow } from './question-key-rows';

/** The share of rounds in each of the groups discrimination compares (Kelley's 27 %). */
export const GROUP_SHARE = 0.27;
/** Discrimination needs at least this many rounds showing the question in each group. */
export const MIN_GROUP_SIZE = 2;

/** The trivia's scored questions: a poll is never in a round (contract/polls.ts), its votes are read apart. */
const QUESTIONS_SQL = `${QUESTION_KEY_SELECT}
   WHERE q.group_id = $1 AND q.kind <> 'poll'
   ORDER BY q.id, a.id`;

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** The analysis' scope of a query's filters. */
export const triviaScope = (questionGroupId: number, query: AnalysisQuery): TriviaScope => ({
  questionGroupId,
  siteId: query.locationId ?? EVERY_SITE,
  kioskId: query.deviceId ?? EVERY_DEVICE,
  fromDay: query.dateFrom ?? null,
  toDay: query.dateTo ?? null,
});

/**
 * How much each score's rounds weigh in a group of `size` rounds taken from the best (or the
 * worst): whole scores in full, and the rounds of the score where the group ends in part, each by
 * the share of them the group still takes (so rounds tied on a score are treated alike).
 */
function groupWeights(rounds: TriviaFigures['rounds'], size: number, from: 'best' | 'worst'): Map<number, number> {
  const order = [...rounds].sort((a, b) => (from === 'best' ? b.score - a.score : a.score - b.score));
  const weights = new Map<number, number>();
  let left = size;
  for (const { score, n } of order) {
    const taken = Math.min(left, n);
    if (taken > 0) weights.set(score, taken / n);
    left -= taken;
  }
  return weights;
}

/** The median of a question's answer times (PostgreSQL's percentile_cont(0.5) over the tenths), in milliseconds. */
function medianMs(bins: { tenth: number; n: number }[]): number | null {
  const total = bins.reduce((sum, bin) => sum + bin.n, 0);
  if (total === 0) return null;
  const position = 0.5 * (total - 1);
  const at = (index: number) => {
    let seen = 0;
    for (const bin of bins) {
      seen += bin.n;
      if (index < seen) return bin.tenth;
    }
    return bins[bins.length - 1]!.tenth;
  };
  const low = at(Math.floor(position));
  const high = at(Math.ceil(position));
  return Math.round((low + (high - low) * (position - Math.floor(position))) * 100);
}

/**
 * A trivia's analysis from its figures, per question in the editor's order. Questions and answers
 * are the trivia's current ones; an answer chosen that was since deleted is left out of its
 * question's answers, not of its counts.
 */
export function analysisOf(questionGroupId: number, figures: TriviaFigures, questionRows: QuestionKeyRow[]): TriviaAnalysis {
  const { rounds: roundRows, answers: answerRows, times } = sortedFigures(figures);
  const rounds = roundRows.reduce((sum, row) => sum + row.n, 0);
  const groupSize = Math.round(rounds * GROUP_SHARE);
  const upper = groupWeights(roundRows, groupSize, 'best');
  const lower = groupWeights(roundRows, groupSize, 'worst');

  const questions = new Map<number, { text: string; picture: PlacedPicture | null; kind: QuestionKind; answers: QuestionKeyRow[] }>();
  for (const row of questionRows) {
    const question = questions.get(row.question_id) ?? { text: row.question_text, picture: row.question_picture, kind: row.question_kind, answers: [] };
    if (row.answer_id !== null) question.answers.push(row);
    questions.set(row.question_id, question);
  }

  return {
    questionGroupId,
    rounds,
    groups: { upper: groupSize, lower: groupSize },
    questions: [...questions].map(([questionId, question]): QuestionAnalysis => {
      const correctIds = question.answers.filter((a) => a.is_correct).map((a) => a.answer_id!);
      // Right: the correct answer chosen; on "Varias correctas", the correct set marked (its key, trivia-figures.ts).
      const correctSet = markedSetKey(correctIds);
      const multiple = question.kind === 'multiple';
      const right = multiple ? (id: number) => id === correctSet : (id: number) => correctIds.includes(id);
      const mine = answerRows.filter((row) => row.questionId === questionId);
      /** Rounds showing it (answer 0) or choosing `which` answers, each weighed by `weight` of its score. */
      const count = (which: (answerId: number) => boolean, weight: (score: number) => number = () => 1) =>
        mine.filter((row) => which(row.answerId)).reduce((sum, row) => sum + row.n * weight(row.score), 0);
      const shown = count((id) => id === 0);
      const correct = count(right);
      const timedOut = count((id) => id === TIMED_OUT_ANSWER);
      // A "Varias correctas" round counts under each answer it marked: the rounds that answered are those not timed out.
      const answered = multiple ? shown - timedOut : count((id) => id > 0);
      const weighed = (group: Map<number, number>) => ({
        shown: count((id) => id === 0, (score) => group.get(score) ?? 0),
        correct: count(right, (score) => group.get(score) ?? 0),
      });
      const [inUpper, inLower] = [weighed(upper), weighed(lower)];
      const chosen = (answerId: number) => count((id) => id === answerId);
      const answers: AnswerAnalysis[] = question.answers.map((a) => ({
        answerId: a.answer_id!,
        text: a.answer_text!,
        picture: a.answer_picture,
        correct: a.is_correct === true,
        chosen: chosen(a.answer_id!),
        share: ratio(chosen(a.answer_id!), answered),
      }));
      const facility = ratio(correct, shown);
      const discrimination = inUpper.shown >= MIN_GROUP_SIZE && inLower.shown >= MIN_GROUP_SIZE
        ? inUpper.correct / inUpper.shown - inLower.correct / inLower.shown
        : null;
      const bins = times.filter((bin) => bin.questionId === questionId);
      return {
        questionId,
        text: question.text,
        kind: question.kind,
        picture: question.picture,
        shown,
        answered,
        timedOut,
        correct,
        facility,
        discrimination,
        medianAnswerMs: medianMs(bins),
        timedAnswers: bins.reduce((sum, bin) => sum + bin.n, 0),
        answers,
        flags: questionFlags({ shown, facility, discrimination, answers }),
      };
    }),
  };
}

/** A trivia's logs made ready to read: keyed in its event's zone, its queue folded. Answers the zone. */
export async function readyTriviaLogs(em: EntityManager, questionGroupId: number): Promise<string> {
  const timeZone = await triviaTimeZone(em, questionGroupId);
  await keyInZone(em, questionGroupId, timeZone);
  await foldTriviaLogs(em, questionGroupId);
  return timeZone;
}

/** Of the trivias, those whose logs need readying: keyed in another zone than `timeZone`, or with rounds queued. */
const UNREADY_SQL = `
  SELECT g.id FROM question_groups g
   WHERE g.id = ANY($1::int[])
     AND (g.analysis_time_zone IS DISTINCT FROM $2 OR EXISTS (SELECT 1 FROM analysis_round_queue q WHERE q.question_group_id = g.id))`;

/** Several trivias' logs of one event (a campaign's, in its zone) made ready: one read, then only those that need it. */
export async function readyLogsOf(em: EntityManager, questionGroupIds: number[], timeZone: string): Promise<void> {
  const unready = (await em.query(UNREADY_SQL, [questionGroupIds, timeZone])) as { id: number }[];
  for (const { id } of unready) await readyTriviaLogs(em, id);
}

/** A trivia's analysis under the filters, from its logs, in one snapshot. */
export async function triviaAnalysis(em: EntityManager, questionGroupId: number, query: AnalysisQuery): Promise<TriviaAnalysis> {
  await readyTriviaLogs(em, questionGroupId);
  return em.transaction('REPEATABLE READ', async (tx) =>
    analysisOf(questionGroupId, await loggedTriviaFigures(tx, triviaScope(questionGroupId, query)), await tx.query(QUESTIONS_SQL, [questionGroupId])),
  );
}

/** The same analysis recomputed from every counted round: the logs' check. */
export async function recomputedTriviaAnalysis(em: EntityManager, questionGroupId: number, query: AnalysisQuery): Promise<TriviaAnalysis> {
  const timeZone = await triviaTimeZone(em, questionGroupId);
  return em.transaction('REPEATABLE READ', async (tx) =>
    analysisOf(questionGroupId, await recomputedTriviaFigures(tx, triviaScope(questionGroupId, query), timeZone), await tx.query(QUESTIONS_SQL, [questionGroupId])),
  );
}
