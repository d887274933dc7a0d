import { answerPoints, CLOCK_GRACE_MS, FEEDBACK_MS, NETWORK_ALLOWANCE_MS } from '../../../contract';
import type { ChosenAnswer } from '../../../db/entities/player-attempt.entity';
import { serverShownAt } from './question-clock';

/**
 * The server's points for a round of a points trivia (contract/points.ts; docs/fair-play.md,
 * "Points for speed"): each correct answer's points fall with the time it took, and that time is
 * the server's, never a claim it cannot check.
 * - A round the server dealt (a phone): from when the server showed the question (the deal, or the
 *   verdict before it plus its feedback) to its verdict, less NETWORK_ALLOWANCE_MS. An answer
 *   without a verdict (it came with the completion) took its whole clock: the server saw no time.
 * - A round a device dealt (a kiosk): the device's own measure of each answer, held within its
 *   clock; the measures must account for the round's placed time, or the round is held.
 */

/** A round as its points read it: who dealt it, its questions, when it started (by the server's placing). */
export interface PointsRound {
  dealt_by_server: boolean;
  question_ids: number[] | null;
  started_at: Date;
}

export interface RoundPoints {
  score: number;
  /** A device's measures account for its round's placed time (always true for a round the server timed). */
  plausible: boolean;
}

/**
 * The round's points. `answers`: the completion's, with the verdicts' times kept (`keepVerdicts`);
 * `correct`: the questions answered right; `clocks`: each question's clock in this round (ms, in
 * the round's order, or the answers' for a round recorded without its questions); `roundMs`: the
 * round's placed time.
 */
export function roundPoints(round: PointsRound, answers: ChosenAnswer[], correct: ReadonlySet<number>, clocks: readonly (number | null)[], roundMs: number): RoundPoints {
  const order = round.question_ids ?? answers.map((answer) => answer.questionId);
  const clockOf = (questionId: number) => clocks[order.indexOf(questionId)] ?? null;
  let score = 0;
  let claimedMs = 0;
  for (const answer of answers) {
    const clock = clockOf(answer.questionId);
    if (clock === null) continue;
    const taken = round.dealt_by_server ? serverTaken(round, answers, answer, clock) : deviceTaken(answer, clock);
    score += answerPoints(correct.has(answer.questionId), taken, clock);
    claimedMs += taken + FEEDBACK_MS;
  }
  // Each question may have taken up to CLOCK_GRACE_MS more than its measure says (the screen's own
  // steps), and the round's time is in whole seconds.
  const plausible = round.dealt_by_server || roundMs - claimedMs <= answers.length * CLOCK_GRACE_MS + 1000;
  return { score, plausible };
}

/** The time the server saw an answer of a round it dealt take, within its clock (`answers`: the round's, with their verdicts' times). */
export function serverTaken(round: PointsRound, answers: ChosenAnswer[], answer: ChosenAnswer, clock: number): number {
  if (answer.answerId === null || !answer.judgedAt || !round.question_ids) return clock;
  const shownAt = serverShownAt({ question_ids: round.question_ids, started_at: round.started_at, answers }, answer.questionId);
  if (!shownAt) return clock;
  return Math.min(clock, Math.max(0, Date.parse(answer.judgedAt) - shownAt.getTime() - NETWORK_ALLOWANCE_MS));
}

/** The time a device says an answer took, within its clock; a timed-out answer (or one without a measure) took all of it. */
const deviceTaken = (answer: ChosenAnswer, clock: number): number =>
  answer.answerId === null || answer.elapsedMs === undefined ? clock : Math.min(clock, Math.max(0, answer.elapsedMs));
