import type { EntityManager } from 'typeorm';
import type { ServerResult } from '../../../contract';
import type { AttemptRow } from '../attempts/attempt-row';
import { serverResult } from '../attempts/presenter';
import { triviaPlace } from '../../standings/standing-place';

/**
 * A completion's result as its device is told it: the stored result and, when it ranks, the
 * player's place in the trivia's ranking (one indexed query, api/standings/standing-place.ts). A held
 * or discarded result has no place: it is not in the ranking.
 */
export async function completionResult(em: EntityManager, row: AttemptRow): Promise<ServerResult> {
  const result = serverResult(row);
  if (result.held) return result;
  const place = await triviaPlace(em, row.question_group_id, row.player_id);
  return place === null ? result : { ...result, place };
}
