import type { EntityManager } from 'typeorm';
import { scoreOf } from '../../contract';
import type { ChosenAnswer } from '../../db/entities/player-attempt.entity';
import { badRequest } from '../errors';

export interface CompletionFigures {
  answers?: ChosenAnswer[];
  correctAnswers?: number;
  score?: number;
}

export interface ScoredCompletion {
  answers: ChosenAnswer[] | null;
  correctAnswers: number;
  score: number;
}

export const SCORE_MESSAGES = {
  tooManyAnswers: 'Hay más respuestas que preguntas en el intento',
  repeatedQuestion: 'Una pregunta se respondió más de una vez',
  foreignAnswer: 'La respuesta no pertenece a esta trivia',
  mismatchedAnswer: 'La respuesta no corresponde a su pregunta',
  missingFigures: 'Faltan las respuestas o el puntaje del intento',
  tooManyCorrect: 'Las respuestas correctas no pueden superar el total de preguntas',
  tamperedScore: 'El puntaje no corresponde a las respuestas correctas',
} as const;

/**
 * The server's score for a completion (architecture.md, "Score integrity"). With the chosen
 * answers it counts the correct ones itself and ignores the client's figures; without them it only
 * accepts figures that agree with each other.
 */
export async function scoreCompletion(
  em: EntityManager,
  attempt: { question_group_id: number; total_questions: number },
  figures: CompletionFigures,
): Promise<ScoredCompletion> {
  const total = attempt.total_questions;
  if (!figures.answers) {
    const { correctAnswers, score } = figures;
    if (correctAnswers === undefined || score === undefined) throw badRequest(SCORE_MESSAGES.missingFigures);
    if (correctAnswers > total) throw badRequest(SCORE_MESSAGES.tooManyCorrect);
    if (score !== scoreOf(correctAnswers, total)) throw badRequest(SCORE_MESSAGES.tamperedScore);
    return { answers: null, correctAnswers, score };
  }

  const answers = figures.answers;
  if (answers.length > total) throw badRequest(SCORE_MESSAGES.tooManyAnswers);
  if (new Set(answers.map((a) => a.questionId)).size !== answers.length) throw badRequest(SCORE_MESSAGES.repeatedQuestion);
  const rows: { id: number; question_id: number; is_correct: boolean; group_id: number }[] = answers.length
    ? await em.query(
        `SELECT a.id, a.question_id, a.is_correct, q.group_id
           FROM answers a JOIN questions q ON q.id = a.question_id
          WHERE a.id = ANY($1::int[])`,
        [answers.map((a) => a.answerId)],
      )
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  let correctAnswers = 0;
  for (const chosen of answers) {
    const row = byId.get(chosen.answerId);
    if (!row || row.group_id !== attempt.question_group_id) throw badRequest(SCORE_MESSAGES.foreignAnswer);
    if (row.question_id !== chosen.questionId) throw badRequest(SCORE_MESSAGES.mismatchedAnswer);
    if (row.is_correct) correctAnswers++;
  }
  return {
    answers: answers.map(({ questionId, answerId }) => ({ questionId, answerId })),
    correctAnswers,
    score: scoreOf(correctAnswers, total),
  };
}
