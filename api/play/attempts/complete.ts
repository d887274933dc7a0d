import type { EntityManager } from 'typeorm';
import type { ReviewReason } from '../../../contract';
import type { ChosenAnswer } from '../../../db/entities/player-attempt.entity';
import { prepared } from '../../../db/prepared-statements';
import { conflict } from '../../platform/http/errors';
import { completionKeying, enterKeying } from '../../standings/analysed-rounds';
import { refreshPlayerStandings } from '../../standings/refresh';
import type { AttemptRow } from './attempt-row';
import { roundsCrossing } from './device-rounds';
import { overlapsAnotherRound } from './overlap';
import { judgeTime } from './plausibility';
import { roundPoints } from './points';
import { clocksRead, roundClocks, withTimeouts } from './question-clock';
import { checkAgainstRound, sameAnswers } from './round-answers';
import type { RoundTimes } from './round-end';
import { type AnswerKey, scoreCompletion } from './scoring';
import { keepVerdicts, verdictTimes } from './server-timing';

export const ATTEMPT_COMPLETED = 'El intento ya fue completado con otro resultado';

/**
 * A completion's result stored: $1 the attempt, $2 to $6 the score, correct answers, time, completion
 * and answers, $7 the reason it is held (null: none), $8 its start, $9 its trivia's event zone. `n`
 * is the attempt's state as the statement leaves it, which keys the round for the analysis.
 */
const COMPLETE = prepared(`UPDATE player_attempts a
    SET score = $2, correct_answers = $3, completion_time = $4, completed_at = n.completed_at, answers = $6,
        review_status = n.review_status, review_reason = COALESCE($7::varchar, a.review_reason), started_at = $8,
        ${completionKeying('$9')}
   FROM (SELECT p.id, p.question_group_id, p.player_id, $5::timestamptz AS completed_at,
                CASE WHEN $7::varchar IS NOT NULL THEN 'held' ELSE p.review_status END AS review_status
           FROM player_attempts p WHERE p.id = $1) n
   JOIN question_groups g ON g.id = n.question_group_id
  WHERE a.id = $1
  RETURNING a.*`);

/** A completion as its channel timed it: the answers sent, and the round's times as round-end.ts places them. */
export interface Completion {
  answers: ChosenAnswer[] | undefined;
  /** `timeOnlineCompletion` or `timeSyncedCompletion`. */
  times: RoundTimes;
  /** The trivia's answer key, when the caller read it already in this transaction. */
  answerKey?: AnswerKey;
}

/**
 * Records the server-scored, server-timed result of a locked attempt, online and synced alike.
 * An attempt is completed once: the same answers sent again return the stored result unchanged;
 * other answers are a 409. The answers must be those of the recorded round (400
 * round_questions_mismatch), and an answer that already got its verdict cannot change (409
 * answer_changed). A result the server cannot trust is stored and held for review (completionHold);
 * an attempt already held keeps its own reason. The player's standings move in the same
 * transaction. A step: it runs in the caller's transaction (completeOnlineAttempt's, or a sync
 * batch's).
 */
export async function completeAttempt(em: EntityManager, attempt: AttemptRow, completion: Completion): Promise<AttemptRow> {
  if (attempt.completed_at) {
    // Compared before scoring, so a replay still gets its result after the trivia's content changed.
    if (sameAnswers(attempt.answers, completion.answers ?? [])) return attempt;
    throw conflict(ATTEMPT_COMPLETED, { code: 'attempt_completed' });
  }
  const scored = await scoreCompletion(em, attempt, withTimeouts(attempt.answers, completion.answers), completion.answerKey);
  checkAgainstRound(attempt, scored.answers);
  const answers = keepVerdicts(attempt.answers, scored.answers);
  const { startedAt, completedAt } = completion.times;
  const points = scored.scoring === 'points';
  // A round whose every answer the server timed itself (its verdicts) is not bounded again as a whole.
  const serverTimed = attempt.dealt_by_server && verdictTimes(attempt).complete;
  const clocks = serverTimed && !points ? null : (clocksRead(attempt, scored.clockSeconds) ?? (await roundClocks(em, attempt)));
  const time = judgeTime({ startedAt, completedAt, totalQuestions: attempt.total_questions, reportedSeconds: completion.times.reportedSeconds, clocks: serverTimed ? null : clocks });
  const round = points ? roundPoints({ ...attempt, started_at: startedAt }, answers, scored.correctQuestions, clocks ?? [], time.seconds * 1000) : null;
  const verdict = { timePlausible: time.plausible, answerTimesPlausible: round?.plausible ?? true };
  const hold = attempt.review_status === 'clean' ? await completionHold(em, attempt, completion.times, verdict) : null;
  // The round is keyed for the analysis in the statement that completes it (under the trivia's keying lock), so its row is written once.
  const zone = await enterKeying(em, attempt.question_group_id);
  // TypeORM answers an UPDATE with [rows, rowCount].
  const [[updated]]: [AttemptRow[], number] = await em.query(COMPLETE, [
    attempt.id,
    round?.score ?? scored.score,
    scored.correctAnswers,
    time.seconds,
    completedAt,
    JSON.stringify(answers),
    hold,
    startedAt,
    zone,
  ]);
  const campaigns = await refreshPlayerStandings(em, updated!.player_id, updated!.question_group_id, { keyedIn: zone });
  return { ...updated!, campaigns, ...(scored.scoring ? { scoring: scored.scoring } : {}) };
}

/**
 * Why a clean round's completion is held, the first that applies, or null: its times cannot be
 * anchored (`unanchored_time`), its time could not have been played (`implausible_time`), its
 * device's answer times do not account for it (`implausible_speed`, a points trivia), or
 * it overlaps another round of its device (`overlapping_round`; the device's rounds are read only
 * when the others pass).
 */
async function completionHold(
  em: EntityManager,
  attempt: AttemptRow,
  times: RoundTimes,
  verdict: { timePlausible: boolean; answerTimesPlausible: boolean },
): Promise<ReviewReason | null> {
  if (times.unanchored) return 'unanchored_time';
  if (!verdict.timePlausible) return 'implausible_time';
  if (!verdict.answerTimesPlausible) return 'implausible_speed';
  if (attempt.device_id === null) return null;
  const crossing = await roundsCrossing(em, { id: attempt.id, deviceId: attempt.device_id, startedAt: times.startedAt, completedAt: times.completedAt });
  return overlapsAnotherRound(times, crossing) ? 'overlapping_round' : null;
}
