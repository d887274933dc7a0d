import type { EntityManager } from 'typeorm';
import { ATTEMPT_LIMIT_MESSAGE, attemptLimitDetails } from '../../../contract';
import { type AppError, forbidden } from '../../platform/http/errors';
import { countsTowardLimit } from '../../standings/counted-attempts';
import { prepared } from '../../../db/prepared-statements';

/** A trivia's maxAttempts (0: no limit) and whether a player has used them all. */
export interface AttemptLimit {
  maxAttempts: number;
  reached: boolean;
}

/**
 * The one rule of a trivia's maxAttempts: may this player start another attempt? No when the
 * trivia has a limit and the player's attempts that count toward it (`countsTowardLimit`: started
 * or completed, held or not, but not those that arrived over the limit or unproven) already reach
 * it. Every path asks here: the document check, the online start and a synced start; what each
 * does with a "no" is its own (403, or stored and held as `over_limit`). An attempt is limited
 * when it starts: completing one that started is never refused for the limit. Undefined when the
 * trivia does not exist. To decide a start, call it with the player's row locked, so two starts at
 * once cannot both slip under the limit.
 */
export async function attemptLimit(em: EntityManager, playerId: number, questionGroupId: number): Promise<AttemptLimit | undefined> {
  const [row]: LimitColumns[] = await em.query(prepared(attemptLimitSql('$1', '$2')), [playerId, questionGroupId]);
  return limitOf(row);
}

/** The columns `attemptLimitSql` answers (null in a row where it found no trivia). */
export interface LimitColumns {
  max_attempts: number | null;
  used: number | null;
}

/** `attemptLimit`'s statement over SQL parameters naming the player and the trivia, for a caller that reads it with other facts in one statement. */
export const attemptLimitSql = (player: string, trivia: string) => `SELECT g.max_attempts,
            CASE WHEN g.max_attempts > 0
                 THEN (SELECT count(*)::int FROM player_attempts a WHERE a.player_id = ${player} AND a.question_group_id = g.id AND ${countsTowardLimit('a')})
                 ELSE 0 END AS used
       FROM question_groups g
      WHERE g.id = ${trivia}`;

/** The limit a row of `attemptLimitSql` says; undefined when the trivia does not exist. */
export function limitOf(row: LimitColumns | undefined): AttemptLimit | undefined {
  if (row?.max_attempts == null) return undefined;
  return { maxAttempts: row.max_attempts, reached: row.max_attempts > 0 && row.used! >= row.max_attempts };
}

/** The 403 a player gets online for a trivia whose attempts they have used: `attempt_limit_reached`, naming the limit. */
export function attemptLimitReached(maxAttempts: number): AppError {
  return forbidden(ATTEMPT_LIMIT_MESSAGE, {
    code: 'attempt_limit_reached',
    details: attemptLimitDetails(maxAttempts),
  });
}
