import type { EntityManager } from 'typeorm';
import type { CampaignLinkMove } from '../../../contract';

/**
 * The order of a campaign's trivias. The server alone decides it: callers hold the campaign's lock
 * (lockCampaign) for the whole transaction, and every rewrite leaves the positions 1..n. The
 * (campaign_id, "order") unique constraint, checked at commit, backs this up.
 */

export interface OrderedLink {
  id: number;
  questionGroupId: number;
}

/** The campaign's links in their current order (ties, which only old data can hold, by id). */
export async function orderedLinks(tx: EntityManager, campaignId: number): Promise<OrderedLink[]> {
  const rows = (await tx.query(
    `SELECT id, question_group_id AS "questionGroupId" FROM campaign_question_groups WHERE campaign_id = $1 ORDER BY "order", id`,
    [campaignId],
  )) as OrderedLink[];
  return rows;
}

/** The position after the campaign's last trivia: max(order) + 1, which is count + 1 while the orders are 1..n. */
export async function nextOrder(tx: EntityManager, campaignId: number): Promise<number> {
  const [row] = (await tx.query(`SELECT coalesce(max("order"), 0) + 1 AS next FROM campaign_question_groups WHERE campaign_id = $1`, [
    campaignId,
  ])) as { next: number }[];
  return Number(row!.next);
}

/** Where a move sends the link at `index` (0-based): one place up or down, or to a 1-based position. */
export function moveTarget(index: number, move: CampaignLinkMove): number {
  if ('direction' in move) return index + (move.direction === 'up' ? -1 : 1);
  return move.position - 1;
}

/** `ids` with the one at `from` taken out and put back at `to`, clamped to the list: moving past either end stops there. */
export function moved<T>(ids: readonly T[], from: number, to: number): T[] {
  const target = Math.min(Math.max(to, 0), ids.length - 1);
  const rest = ids.filter((_, i) => i !== from);
  rest.splice(target, 0, ids[from]!);
  return rest;
}

/** Gives the links the positions 1..n in the order of `ids`; only the rows whose order changes are written. */
export async function writeOrder(tx: EntityManager, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.query(
    `UPDATE campaign_question_groups link SET "order" = numbered.position
       FROM unnest($1::int[]) WITH ORDINALITY AS numbered(id, position)
      WHERE link.id = numbered.id AND link."order" <> numbered.position`,
    [ids],
  );
}
