import { pickedAnswerIds, sameChoice } from '../../../contract';
import type { ChosenAnswer } from '../../../db/entities/player-attempt.entity';
import { badRequest, conflict } from '../../platform/http/errors';
import { canonicalJson } from '../../platform/lib/canonical-json';

/** A completion's answers against the round recorded with its attempt, and a resend told from another completion. */

// jsonb reorders object keys, so stored and sent answers are compared as canonical JSON (what each picked, not their times).
const choices = (answers: ChosenAnswer[] | null) => answers?.map((answer) => ({ questionId: answer.questionId, picked: pickedAnswerIds(answer) })) ?? null;
export const sameAnswers = (a: ChosenAnswer[] | null, b: ChosenAnswer[] | null) => canonicalJson(choices(a)) === canonicalJson(choices(b));

export const ROUND_QUESTIONS_MISMATCH = 'Las respuestas no corresponden a las preguntas de la ronda';
export const ANSWER_CHANGED = 'Una respuesta ya tenía su veredicto y no puede cambiar';

/** Every question of the recorded round answered, and every answer that already had its verdict kept. */
export function checkAgainstRound(attempt: { question_ids: number[] | null; answers: ChosenAnswer[] | null }, answers: ChosenAnswer[]): void {
  if (attempt.question_ids) {
    const round = [...attempt.question_ids].sort((a, b) => a - b);
    const answered = answers.map((a) => a.questionId).sort((a, b) => a - b);
    if (canonicalJson(round) !== canonicalJson(answered)) throw badRequest(ROUND_QUESTIONS_MISMATCH, { code: 'round_questions_mismatch' });
  }
  for (const judged of attempt.answers ?? []) {
    const sent = answers.find((a) => a.questionId === judged.questionId);
    if (sent && !sameChoice(sent, judged)) throw conflict(ANSWER_CHANGED, { code: 'answer_changed' });
  }
}
