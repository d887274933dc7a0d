import type { ChosenAnswer } from '../../../db/entities/player-attempt.entity';

/**
 * Phones are timed by the server (docs/fair-play.md, "Rounds the server times"). Each verdict the
 * server gives on a round it dealt is recorded with the server's clock (`judgedAt`), and a round
 * whose every answer got its verdict ends at the last of them, whatever its completion claims. The
 * device's own measure of each answer (`elapsedMs`) is kept beside it, for the analysis only.
 */

/**
 * The device's measure an answer keeps: the one it sent, except for a question whose clock ran
 * out, where nothing was answered (its time is the clock's, and the analysis' answer times are of
 * answers given).
 */
export const deviceMeasure = ({ answerId, elapsedMs }: { answerId: number | null; elapsedMs?: number | undefined }): { elapsedMs?: number } =>
  answerId !== null && elapsedMs !== undefined ? { elapsedMs } : {};

/** The answer a verdict records: the choice, the device's measure (`deviceMeasure`), and when the server judged it. */
export const judgedAnswer = (
  chosen: { questionId: number; answerId: number | null; answerIds?: number[] | undefined; elapsedMs?: number | undefined },
  judgedAt: Date,
): ChosenAnswer => ({
  questionId: chosen.questionId,
  answerId: chosen.answerId,
  ...(chosen.answerIds ? { answerIds: chosen.answerIds } : {}),
  ...deviceMeasure(chosen),
  judgedAt: judgedAt.toISOString(),
});

/**
 * A completion's answers with what the verdicts recorded kept as recorded: a completion never
 * overwrites an answer's verdict time nor the measure the device sent with it (it may add a
 * measure the verdict came without). The choices were already checked to be the same.
 */
export function keepVerdicts(recorded: ChosenAnswer[] | null, sent: ChosenAnswer[]): ChosenAnswer[] {
  const judged = new Map((recorded ?? []).map((answer) => [answer.questionId, answer]));
  return sent.map((answer) => {
    const verdict = judged.get(answer.questionId);
    if (!verdict) return answer;
    return verdict.elapsedMs === undefined ? { ...verdict, ...deviceMeasure({ answerId: verdict.answerId, elapsedMs: answer.elapsedMs }) } : verdict;
  });
}

export interface VerdictTimes {
  /** When the server gave the round's last verdict; null when it gave none. */
  last: Date | null;
  /** Every question of the round got its verdict from the server. */
  complete: boolean;
}

/** What the server's clock saw of a dealt round's answers. */
export function verdictTimes(round: { question_ids: number[] | null; answers: ChosenAnswer[] | null }): VerdictTimes {
  const times = (round.answers ?? []).flatMap((answer) => (answer.judgedAt ? [Date.parse(answer.judgedAt)] : []));
  const last = times.length ? new Date(Math.max(...times)) : null;
  const judged = new Set((round.answers ?? []).filter((answer) => answer.judgedAt).map((answer) => answer.questionId));
  const complete = round.question_ids !== null && round.question_ids.length > 0 && round.question_ids.every((id) => judged.has(id));
  return { last, complete };
}
