import type { EntityManager } from 'typeorm';
import { clockMs, CLOCK_GRACE_MS, FEEDBACK_MS, timedOutChoice } from '../../../contract';
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

/** $1 the trivia, $2 the round's questions (null: a round recorded before rounds were kept): each question's clock, its own or the trivia's. */
const ROUND_CLOCKS_SQL = prepared(`
  SELECT coalesce(q.clock_seconds, g.question_seconds) AS seconds
    FROM question_groups g
    LEFT JOIN unnest($2::int[]) WITH ORDINALITY AS r(id, n) ON true
    LEFT JOIN questions q ON q.id = r.id
   WHERE g.id = $1
   ORDER BY r.n`);

/**
 * The clock of each question of a round, in ms, as the trivia is now (a question's own, else the
 * trivia's; doubled with "Necesito más tiempo"); null for a question without one.
 */
export async function roundClocks(
  em: Pick<EntityManager, 'query'>,
  round: { question_group_id: number; question_ids: number[] | null; total_questions: number; extra_time: boolean },
): Promise<(number | null)[]> {
  const rows: { seconds: number | null }[] = await em.query(ROUND_CLOCKS_SQL, [round.question_group_id, round.question_ids]);
  const clocks = rows.map((row) => clockMs(row.seconds, round.extra_time));
  return round.question_ids ? clocks : Array<number | null>(round.total_questions).fill(clocks[0] ?? null);
}

/**
 * The clocks of a round's questions from what the completion's scoring already read (`seconds`, by
 * question id), so a push of many rounds asks nothing more; null when some question is not there
 * (a timed-out question whose answers were not read, a round recorded before rounds were kept).
 */
export function clocksRead(
  round: { question_ids: number[] | null; extra_time: boolean },
  seconds: ReadonlyMap<number, number | null>,
): (number | null)[] | null {
  if (!round.question_ids || !round.question_ids.every((id) => seconds.has(id))) return null;
  return round.question_ids.map((id) => clockMs(seconds.get(id)!, round.extra_time));
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
  return sent.map((answer) => (timedOut.has(answer.questionId) ? timedOutChoice(answer) : answer));
}
