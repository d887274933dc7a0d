import type { EntityManager } from 'typeorm';
import { scoreOf } from '../../contract';
import type { ChosenAnswer } from '../../db/entities/player-attempt.entity';
import { badRequest } from '../errors';

export interface ScoredCompletion {
  answers: ChosenAnswer[];
  correctAnswers: number;
  score: number;
}

export const SCORE_MESSAGES = {
  missingAnswers: (total: number) => `Faltan respuestas: el intento tiene ${total} ${total === 1 ? 'pregunta' : 'preguntas'}`,
  tooManyAnswers: 'Hay más respuestas que preguntas en el intento',
  repeatedQuestion: 'Una pregunta se respondió más de una vez',
  foreignAnswer: 'La respuesta no pertenece a esta trivia',
  mismatchedAnswer: 'La respuesta no corresponde a su pregunta',
} as const;

/**
 * The server's score for a completion. Every question of the round is answered exactly once
 * (as many answers as the attempt's totalQuestions, no question twice), each with a real answer
 * of that question in the attempt's trivia; the server counts the correct ones itself. The
 * figures a client may claim (score, correctAnswers) never reach here.
 */
export async function scoreCompletion(
  em: EntityManager,
  attempt: { question_group_id: number; total_questions: number },
  answers: ChosenAnswer[] | undefined,
): Promise<ScoredCompletion> {
  const total = attempt.total_questions;
  const given = answers ?? [];
  if (given.length < total) throw badRequest(SCORE_MESSAGES.missingAnswers(total), { code: 'round_incomplete' });
  if (given.length > total) throw badRequest(SCORE_MESSAGES.tooManyAnswers, { code: 'round_incomplete' });
  if (new Set(given.map((a) => a.questionId)).size !== given.length) throw badRequest(SCORE_MESSAGES.repeatedQuestion, { code: 'answer_repeated' });
  const rows: { id: number; question_id: number; is_correct: boolean; group_id: number }[] = await em.query(
    `SELECT a.id, a.question_id, a.is_correct, q.group_id
       FROM answers a JOIN questions q ON q.id = a.question_id
      WHERE a.id = ANY($1::int[])`,
    [given.map((a) => a.answerId)],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  let correctAnswers = 0;
  for (const chosen of given) {
    const row = byId.get(chosen.answerId);
    if (!row || row.group_id !== attempt.question_group_id) throw badRequest(SCORE_MESSAGES.foreignAnswer, { code: 'answer_foreign' });
    if (row.question_id !== chosen.questionId) throw badRequest(SCORE_MESSAGES.mismatchedAnswer, { code: 'answer_mismatched' });
    if (row.is_correct) correctAnswers++;
  }
  return {
    answers: given.map(({ questionId, answerId }) => ({ questionId, answerId })),
    correctAnswers,
    score: scoreOf(correctAnswers, total),
  };
}
