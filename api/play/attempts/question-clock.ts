import type { EntityManager } from 'typeorm';
import { clockMs, CLOCK_GRACE_MS, FEEDBACK_MS } from '../../../contract';
import type { ChosenAnswer } from '../../../db/entities/player-attempt.entity';
import { prepared } from '../../../db/prepared-statements';

/**
 * The server's side of a clock per question (contract/question-clock.ts; docs/fair-play.md, "A
 * clock per question"). A round the server dealt is timed by the server: each question is shown,
 * by its clock, when the round was dealt (the first) or when the verdict before it was given plus
 * its feedback; an answer that reaches it later than the clock and CLOCK_GRACE_MS is kept as timed
 * out, whatever the device says it chose. A round a device dealt (a kiosk) is bounded as a whole:
 * its placed times may not be longer than every question's clock and feedback
 * (`longestTimedRoundSeconds`), or it is held for review. A device's own measure of an answer is
 * never what decides.
 */

/** The trivia's clock for a round played with or without "Necesito más tiempo", in ms; null when it has none. */
export async function roundClock(em: Pick<EntityManager, 'query'>, questionGroupId: number, extraTime: boolean): Promise<number | null> {
  const [row]: { question_seconds: number | null }[] = await em.query(prepared(`SELECT question_seconds FROM question_groups WHERE id = $1`), [questionGroupId]);
  return clockMs(row?.question_seconds ?? null, extraTime);
}

/**
 * When the server showed `questionId` of a round it dealt, by its own clock: the deal for the
 * first question, else the verdict on the question before it plus its feedback. Null when the
 * server cannot tell (the question before it got no verdict: its answer is still on its way).
 */
export function serverShownAt(round: { question_ids: number[]; started_at: Date; answers: ChosenAnswer[] | null }, questionId: number): Date | null {
  const position = round.question_ids.indexOf(questionId);
  if (position <= 0) return new Date(round.started_at);
  const before = (round.answers ?? []).find((answer) => answer.questionId === round.question_ids[position - 1]);
  return before?.judgedAt ? new Date(Date.parse(before.judgedAt) + FEEDBACK_MS) : null;
}

/** Whether an answer reaching the server at `now` came after its question's clock (and the grace for its trip). */
export const pastServerClock = (shownAt: Date | null, clock: number | null, now: Date): boolean =>
  shownAt !== null && clock !== null && now.getTime() - shownAt.getTime() > clock + CLOCK_GRACE_MS;

/**
 * A completion's answers with the server's clock kept: an answer the server recorded as timed out
 * stays timed out, whatever the completion says was chosen (the device may have kept its choice
 * when the verdict's reply was lost).
 */
export function withTimeouts(recorded: ChosenAnswer[] | null, sent: ChosenAnswer[] | undefined): ChosenAnswer[] | undefined {
  const timedOut = new Set((recorded ?? []).filter((answer) => answer.answerId === null).map((answer) => answer.questionId));
  if (!sent || timedOut.size === 0) return sent;
  return sent.map((answer) => (timedOut.has(answer.questionId) ? { ...answer, answerId: null } : answer));
}
