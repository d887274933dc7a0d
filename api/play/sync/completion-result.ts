import type { EntityManager } from 'typeorm';
import type { ServerResult } from '../../../contract';
import type { AttemptRow } from '../attempts/attempt-row';
import { serverResult } from '../attempts/presenter';
import { campaignIdsCounting } from '../../standings/refresh';
import { campaignPlaces, triviaPlace } from '../../standings/standing-place';

/**
 * A completion's result as its device is told it: the stored result and, when it ranks, the
 * player's place in the trivia's ranking (one indexed query, api/standings/standing-place.ts) and
 * in each campaign the result counts in. A held or discarded result has no place: it is not in
 * the ranking.
 */
export async function completionResult(em: EntityManager, row: AttemptRow): Promise<ServerResult> {
  const result = serverResult(row);
  if (result.held || !row.completed_at) return result;
  const place = await triviaPlace(em, row.question_group_id, row.player_id);
  if (place === null) return result;
  const campaigns = await campaignPlaces(em, await campaignIdsCounting(em, row.question_group_id, row.completed_at, row.campaigns), row.player_id);
  return { ...result, place, ...(campaigns.length ? { campaigns } : {}) };
}
