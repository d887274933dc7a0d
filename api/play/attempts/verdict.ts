import type { EntityManager } from 'typeorm';
import { judgeAgainstKey, type AnswerVerdict, type AnswerVerdictRequest } from '../../../contract';
import { prepared } from '../../../db/prepared-statements';
import { badRequest, conflict, forbidden } from '../../platform/http/errors';
import { SCORE_MESSAGES } from './scoring';
import { ANSWER_CHANGED } from './round-answers';
import { lockAttempt } from './attempt-row';
import { ATTEMPT_COMPLETED } from './complete';
import { ROUND_NOT_DEALT } from './online';
import { judgedAnswer } from './server-timing';
import { INVALID_TOKEN, tokenMatches } from './token';

export const QUESTION_NOT_IN_ROUND = 'La pregunta no es de esta ronda';

/**
 * POST /api/player-attempts/{id}/answers: the server's verdict on one answer of a round it dealt,
 * so a phone never holds the answer key. The answer is recorded with the attempt (with the time the
 * device measured and when the server judged it, server-timing.ts) and is final: asked again it gets the same verdict, another answer to the same
 * question is 409 answer_changed, and the completion must carry it. One transaction, the attempt locked.
 */
export function judgeAnswer(em: EntityManager, ref: { id: number } | { clientId: string }, input: AnswerVerdictRequest): Promise<AnswerVerdict> {
  return em.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, ref);
    if (!tokenMatches(input.token, attempt.token_hash)) throw forbidden(INVALID_TOKEN, { code: 'attempt_token_invalid' });
    if (attempt.completed_at) throw conflict(ATTEMPT_COMPLETED, { code: 'attempt_completed' });
    // Only a round the server dealt is judged one answer at a time: a device's own deal would learn the key.
    if (!attempt.dealt_by_server || !attempt.question_ids) throw conflict(ROUND_NOT_DEALT, { code: 'round_not_dealt' });
    if (!attempt.question_ids.includes(input.questionId)) throw badRequest(QUESTION_NOT_IN_ROUND, { code: 'round_questions_mismatch' });
    const answers: { id: number; is_correct: boolean }[] = await tx.query(prepared(`SELECT id, is_correct FROM answers WHERE question_id = $1`), [input.questionId]);
    if (!answers.some((a) => a.id === input.answerId)) throw badRequest(SCORE_MESSAGES.mismatchedAnswer, { code: 'answer_mismatched' });
    const given = attempt.answers ?? [];
    const earlier = given.find((a) => a.questionId === input.questionId);
    if (earlier && earlier.answerId !== input.answerId) throw conflict(ANSWER_CHANGED, { code: 'answer_changed' });
    if (!earlier) {
      // Recorded with the server's clock: the round is timed by its verdicts, never by a completion's claim.
      const chosen = judgedAnswer(input, new Date());
      await tx.query(prepared(`UPDATE player_attempts SET answers = $2 WHERE id = $1`), [attempt.id, JSON.stringify([...given, chosen])]);
    }
    const verdict = judgeAgainstKey(answers.map((a) => ({ id: a.id, isCorrect: a.is_correct })), input.answerId);
    return { questionId: input.questionId, answerId: input.answerId, ...verdict };
  });
}
