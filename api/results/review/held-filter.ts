import { HELD_DEVICE_ONLINE, type HeldFilter } from '../../../contract';

/**
 * The one SQL predicate of "the held results of a trivia matching a filter", over the alias `a`:
 * what the list, its counts and a bulk decision by filter all select. Completed only: an unfinished
 * attempt has no result to judge yet. Written so that PostgreSQL reads player_attempts_held_idx
 * (question_group_id, id WHERE review_status = 'held'). Appends its values to `params`.
 */
export function heldMatch(params: unknown[], questionGroupId: number, filter: HeldFilter = {}): string {
  params.push(questionGroupId);
  const conditions = [`a.question_group_id = $${params.length}`, `a.review_status = 'held'`, `a.completed_at IS NOT NULL`];
  if (filter.reason) {
    params.push(filter.reason);
    conditions.push(`a.review_reason = $${params.length}`);
  }
  if (filter.device === HELD_DEVICE_ONLINE) conditions.push(`a.device_id IS NULL`);
  else if (filter.device) {
    params.push(filter.device);
    conditions.push(`a.device_id = $${params.length}::uuid`);
  }
  return conditions.join(' AND ');
}
