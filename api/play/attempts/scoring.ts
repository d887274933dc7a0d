import type { EntityManager } from 'typeorm';
import { judgeAgainstKey, pickedAnswerIds, scoreOf, type QuestionKind, type Scoring } from '../../../contract';
import type { ChosenAnswer } from '../../../db/entities/player-attempt.entity';
import { badRequest } from '../../platform/http/errors';
import { prepared } from '../../../db/prepared-statements';
import { deviceMeasure } from './server-timing';

export interface ScoredCompletion {
  answers: ChosenAnswer[];
  correctAnswers: number;
  /** The questions answered right. */
  correctQuestions: Set<number>;
  /** The percentage of correct answers (`scoreOf`): the round's score unless its trivia scores by points (points.ts). */
  score: number;
  /** The trivia's scoring, as the key it was scored with says; null when no answer was read (every clock ran out). */
  scoring: Scoring | null;
  /** The clock in seconds of each question the key it was scored with named (null: none), by question id. */
  clockSeconds: Map<number, number | null>;
}

export const SCORE_MESSAGES = {
  missingAnswers: (total: number) => `Faltan respuestas: el intento tiene ${total} ${total === 1 ? 'pregunta' : 'preguntas'}`,
  tooManyAnswers: 'Hay más respuestas que preguntas en el intento',
  repeatedQuestion: 'Una pregunta se respondió más de una vez',
  foreignAnswer: 'La respuesta no pertenece a esta trivia',
  mismatchedAnswer: 'La respuesta no corresponde a su pregunta',
} as const;

/** An answer of the key: its question and its kind, whether it is correct, and that question's clock and trivia's scoring. */
interface KeyRow {
  id: number;
  question_id: number;
  kind: QuestionKind;
  is_correct: boolean;
  clock_seconds: number | null;
  scoring: Scoring;
}

/**
 * A trivia's answers by id: which question each answers, whether it is correct, that question's
 * clock in seconds (its own, else the trivia's; null: none, contract/question-clock.ts), and the
 * trivia's scoring (contract/points.ts).
 */
export type AnswerKey = Map<number, KeyRow>;

const KEY_COLUMNS = `a.id, a.question_id, q.kind, a.is_correct, coalesce(q.clock_seconds, g.question_seconds) AS clock_seconds, g.scoring`;

/** Every answer of a trivia's questions. */
export async function answerKeyOf(em: EntityManager, questionGroupId: number): Promise<AnswerKey> {
  const rows: KeyRow[] = await em.query(
    prepared(`SELECT ${KEY_COLUMNS}
                FROM answers a JOIN questions q ON q.id = a.question_id JOIN question_groups g ON g.id = q.group_id
               WHERE q.group_id = $1`),
    [questionGroupId],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The key the answers need, of the attempt's trivia: each chosen answer among `answerIds` (an
 * answer of another trivia is left out), and every answer of a "Varias correctas" question one of
 * them answers (its choice is judged against all its correct answers). Read through the chosen
 * answers' questions, so it costs the round's questions, never the trivia's.
 */
async function chosenOf(em: EntityManager, questionGroupId: number, answerIds: number[]): Promise<AnswerKey> {
  const rows: KeyRow[] = await em.query(
    prepared(`SELECT ${KEY_COLUMNS}
       FROM answers a JOIN questions q ON q.id = a.question_id JOIN question_groups g ON g.id = q.group_id
      WHERE q.group_id = $2
        AND a.question_id IN (SELECT c.question_id FROM answers c WHERE c.id = ANY($1::int[]))
        AND (a.id = ANY($1::int[]) OR q.kind = 'multiple')`),
    [answerIds, questionGroupId],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** Every answer of one question in the key, in stored order: what a "Varias correctas" choice is judged against. */
const answersOf = (key: AnswerKey, questionId: number) =>
  [...key.values()].filter((row) => row.question_id === questionId).sort((a, b) => a.id - b.id).map((row) => ({ id: row.id, isCorrect: row.is_correct }));

/**
 * The server's score for a completion. Every question of the round is answered exactly once
 * (as many answers as the attempt's totalQuestions, no question twice), each with a real answer
 * of that question in the attempt's trivia or none (its clock ran out, contract/question-clock.ts);
 * the server counts the correct ones itself. The
 * figures a client may claim (score, correctAnswers) never reach here. `answerKey`: the trivia's
 * whole key, when the caller read it already (a push scoring several completions of one trivia).
 */
export async function scoreCompletion(
  em: EntityManager,
  attempt: { question_group_id: number; total_questions: number },
  answers: ChosenAnswer[] | undefined,
  answerKey?: AnswerKey,
): Promise<ScoredCompletion> {
  const total = attempt.total_questions;
  const given = answers ?? [];
  if (given.length < total) throw badRequest(SCORE_MESSAGES.missingAnswers(total), { code: 'round_incomplete' });
  if (given.length > total) throw badRequest(SCORE_MESSAGES.tooManyAnswers, { code: 'round_incomplete' });
  if (new Set(given.map((a) => a.questionId)).size !== given.length) throw badRequest(SCORE_MESSAGES.repeatedQuestion, { code: 'answer_repeated' });
  const key = answerKey ?? (await chosenOf(em, attempt.question_group_id, given.flatMap(pickedAnswerIds)));
  const correctQuestions = new Set<number>();
  for (const chosen of given) {
    const picked = pickedAnswerIds(chosen);
    // Its clock ran out first ("Tiempo agotado"): it scores nothing.
    if (!picked.length) continue;
    const rows = picked.map((id) => key.get(id));
    if (rows.some((row) => !row)) throw badRequest(SCORE_MESSAGES.foreignAnswer, { code: 'answer_foreign' });
    const kind = rows[0]!.kind;
    // One pick of another kind is judged by its own row (right when that answer is); marks by their question's whole key.
    const answers = kind === 'multiple' ? answersOf(key, chosen.questionId) : rows.map((row) => ({ id: row!.id, isCorrect: row!.is_correct }));
    if (rows.some((row) => row!.question_id !== chosen.questionId) || !choiceFits(kind, answers, chosen)) {
      throw badRequest(SCORE_MESSAGES.mismatchedAnswer, { code: 'answer_mismatched' });
    }
    if (judgeAgainstKey(answers, chosen).correct) correctQuestions.add(chosen.questionId);
  }
  return {
    // Each answer's time as the device measured it is kept with it (for a later check and the analytics).
    answers: given.map((chosen) => ({ questionId: chosen.questionId, answerId: chosen.answerId, ...(chosen.answerIds ? { answerIds: chosen.answerIds } : {}), ...deviceMeasure(chosen) })),
    correctAnswers: correctQuestions.size,
    correctQuestions,
    score: scoreOf(correctQuestions.size, total),
    scoring: key.values().next().value?.scoring ?? null,
    clockSeconds: new Map([...key.values()].map((row) => [row.question_id, row.clock_seconds])),
  };
}

/**
 * Whether a choice fits its question: every answer it picked is one of the question's, and only a
 * "Varias correctas" question takes more than one. A clock run out fits any question.
 */
export function choiceFits(kind: QuestionKind | null, answers: readonly { id: number }[], choice: { answerId: number | null; answerIds?: readonly number[] | undefined }): boolean {
  const picked = pickedAnswerIds(choice);
  if (picked.length > 1 && kind !== 'multiple') return false;
  return picked.every((id) => answers.some((a) => a.id === id));
}
