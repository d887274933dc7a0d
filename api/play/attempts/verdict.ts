import type { EntityManager } from 'typeorm';
import { answerPoints, clockMs, judgeAgainstKey, sameChoice, timedOutChoice, type AnswerVerdict, type AnswerVerdictRequest, type QuestionKind, type Scoring } from '../../../contract';
import { prepared } from '../../../db/prepared-statements';
import { badRequest, conflict, forbidden } from '../../platform/http/errors';
import { choiceFits, SCORE_MESSAGES } from './scoring';
import { ANSWER_CHANGED } from './round-answers';
import { lockAttempt } from './attempt-row';
import { ATTEMPT_COMPLETED } from './complete';
import { ROUND_NOT_DEALT } from './online';
import { serverTaken } from './points';
import { pastServerClock, serverShownAt } from './question-clock';
import { judgedAnswer } from './server-timing';
import { INVALID_TOKEN, tokenMatches } from './token';

export const QUESTION_NOT_IN_ROUND = 'La pregunta no es de esta ronda';

/**
 * POST /api/player-attempts/{id}/answers: the server's verdict on one answer of a round it dealt,
 * so a phone never holds the answer key. The answer is recorded with the attempt (with the time the
 * device measured and when the server judged it, server-timing.ts) and is final: asked again it
 * gets the same verdict, another answer to the same question is 409 answer_changed, and the
 * completion must carry it. On a timed trivia an answer that reaches the server past its question's
 * clock, or that the device sends as timed out (`answerId` null), is kept as timed out
 * (question-clock.ts). On a points trivia it says what the answer scored by the server's clock
 * (points.ts). One transaction, the attempt locked.
 */
export function judgeAnswer(em: EntityManager, ref: { id: number } | { clientId: string }, input: AnswerVerdictRequest): Promise<AnswerVerdict> {
  return em.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, ref);
    if (!tokenMatches(input.token, attempt.token_hash)) throw forbidden(INVALID_TOKEN, { code: 'attempt_token_invalid' });
    if (attempt.completed_at) throw conflict(ATTEMPT_COMPLETED, { code: 'attempt_completed' });
    // Only a round the server dealt is judged one answer at a time: a device's own deal would learn the key.
    if (!attempt.dealt_by_server || !attempt.question_ids) throw conflict(ROUND_NOT_DEALT, { code: 'round_not_dealt' });
    if (!attempt.question_ids.includes(input.questionId)) throw badRequest(QUESTION_NOT_IN_ROUND, { code: 'round_questions_mismatch' });
    // The question's clock (its own, else the trivia's) with its answers and their key, and the trivia's scoring.
    const rows: { clock_seconds: number | null; scoring: Scoring; kind: QuestionKind | null; id: number | null; is_correct: boolean | null }[] = await tx.query(
      prepared(`SELECT coalesce(q.clock_seconds, g.question_seconds) AS clock_seconds, g.scoring, q.kind, a.id, a.is_correct
                  FROM question_groups g LEFT JOIN questions q ON q.id = $2 LEFT JOIN answers a ON a.question_id = q.id
                 WHERE g.id = $1 ORDER BY a.id`),
      [attempt.question_group_id, input.questionId],
    );
    const answers = rows.flatMap((row) => (row.id === null ? [] : [{ id: row.id, isCorrect: row.is_correct === true }]));
    if (!choiceFits(rows[0]?.kind ?? null, answers, input)) throw badRequest(SCORE_MESSAGES.mismatchedAnswer, { code: 'answer_mismatched' });
    const given = attempt.answers ?? [];
    const earlier = given.find((a) => a.questionId === input.questionId);
    if (earlier && earlier.answerId !== null && !sameChoice(earlier, input)) throw conflict(ANSWER_CHANGED, { code: 'answer_changed' });
    const clock = clockMs(rows[0]?.clock_seconds ?? null, attempt.extra_time);
    let recorded = given;
    if (!earlier) {
      // Recorded with the server's clock: the round is timed by its verdicts, never by a completion's claim.
      const judgedAt = new Date();
      const late = pastServerClock(serverShownAt({ ...attempt, question_ids: attempt.question_ids }, input.questionId), clock, judgedAt);
      recorded = [...given, judgedAnswer(late ? timedOutChoice(input) : input, judgedAt)];
      await tx.query(prepared(`UPDATE player_attempts SET answers = $2 WHERE id = $1`), [attempt.id, JSON.stringify(recorded)]);
    }
    const answer = recorded.find((a) => a.questionId === input.questionId)!;
    const verdict = judgeAgainstKey(answers, answer);
    const round = { ...attempt, question_ids: attempt.question_ids };
    const points = rows[0]?.scoring === 'points' && clock !== null ? { points: answerPoints(verdict.correct, serverTaken(round, recorded, answer, clock), clock) } : {};
    const kept = { answerId: answer.answerId, ...(answer.answerIds ? { answerIds: answer.answerIds } : {}) };
    return { questionId: input.questionId, ...kept, ...verdict, ...(answer.answerId === null ? { timedOut: true as const } : {}), ...points };
  });
}
