import type { EntityManager } from 'typeorm';
import type { CampaignDisqualifyInput } from '../../../contract';
import { conflict, notFound } from '../../platform/http/errors';
import { missing } from '../../platform/access/not-found';
import { quoted, recordActivity, type Actor } from '../../platform/activity/record';
import { refreshPlayerStandings } from '../../standings/refresh';
import { lockPlayerAtTrivia, RECORD_SQL, type DisqualificationRow } from './service';

export const PLAYER_NOT_IN_CAMPAIGN = 'Ese jugador no tiene resultados en las trivias de la campaña';
export const ALREADY_OUT_OF_CAMPAIGN = 'El jugador ya está descalificado en todas las trivias de la campaña';

/** One decision of a campaign's record: its first row, and every trivia it covers. */
export interface CampaignDecision {
  row: DisqualificationRow;
  trivias: { id: number; name: string }[];
}

/**
 * The rows of one decision share a `decision_id`: a row made at a trivia is a decision of its own;
 * the rows made from a campaign in one transaction (same campaign, player and time) are one, named
 * by their lowest id (the id that restores them all).
 */
const DECISIONS_SQL = `
  SELECT * FROM (
    SELECT record.*,
           CASE WHEN record.campaign_id IS NULL THEN record.id
                ELSE min(record.id) OVER (PARTITION BY record.campaign_id, record.player_id, record.disqualified_at) END AS decision_id
      FROM (${RECORD_SQL}) record
  ) decided`;

async function campaignTrivias(em: EntityManager, campaignId: number): Promise<number[]> {
  const [campaign]: { trivia_ids: number[] }[] = await em.query(
    `SELECT coalesce(array_agg(l.question_group_id ORDER BY l.question_group_id) FILTER (WHERE l.question_group_id IS NOT NULL), '{}') AS trivia_ids
       FROM campaigns c LEFT JOIN campaign_question_groups l ON l.campaign_id = c.id
      WHERE c.id = $1 GROUP BY c.id`,
    [campaignId],
  );
  if (!campaign) throw missing('campaign');
  return campaign.trivia_ids;
}

function groupDecisions(rows: (DisqualificationRow & { decision_id: number })[]): CampaignDecision[] {
  const decisions = new Map<number, CampaignDecision>();
  for (const row of rows) {
    const decision = decisions.get(row.decision_id);
    if (decision) decision.trivias.push({ id: row.question_group_id, name: row.question_group_name });
    else decisions.set(row.decision_id, { row, trivias: [{ id: row.question_group_id, name: row.question_group_name }] });
  }
  return [...decisions.values()];
}

/**
 * A campaign's record, newest decision first: what was decided at its trivias (their current
 * links) and what was decided from the campaign (also at a trivia it no longer holds).
 */
export async function listCampaignDisqualifications(em: EntityManager, campaignId: number): Promise<CampaignDecision[]> {
  const trivias = await campaignTrivias(em, campaignId);
  const rows: (DisqualificationRow & { decision_id: number })[] = await em.query(
    `${DECISIONS_SQL} WHERE question_group_id = ANY($1::int[]) OR campaign_id = $2 ORDER BY decision_id DESC, id`,
    [trivias, campaignId],
  );
  return groupDecisions(rows);
}

/**
 * Takes a player out of a campaign's ranking: a player disqualification at each trivia of the
 * campaign where none holds yet, all with one reason and marked as made from the campaign, the
 * player's standings refreshed in the same transaction, which it opens. Unknown campaign, or a
 * player without results at its trivias: 404. Already out at every trivia: 409.
 */
export function disqualifyFromCampaign(em: EntityManager, campaignId: number, input: CampaignDisqualifyInput, actor: Actor): Promise<CampaignDecision> {
  return em.transaction(async (tx) => {
    const decision = await disqualifyFromCampaignIn(tx, campaignId, input, actor.userId);
    const [campaign] = (await tx.query('SELECT name, company_id FROM campaigns WHERE id = $1', [campaignId])) as { name: string; company_id: number }[];
    const [player] = (await tx.query('SELECT full_name FROM players WHERE id = $1', [input.playerId])) as { full_name: string }[];
    await recordActivity(tx, actor, {
      companyId: campaign?.company_id ?? null,
      kind: 'ranking',
      objectId: campaignId,
      action: 'disqualified',
      summary: `Descalificó a un jugador en la campaña ${quoted(campaign?.name ?? String(campaignId))}`,
      changes: { jugador: [null, `${player?.full_name ?? ''} (${input.playerId})`], motivo: [null, input.reason] },
      aboutPlayers: [input.playerId],
    });
    return decision;
  });
}

async function disqualifyFromCampaignIn(em: EntityManager, campaignId: number, input: CampaignDisqualifyInput, userId: number): Promise<CampaignDecision> {
  const trivias = await campaignTrivias(em, campaignId);
  const [played] = await em.query(`SELECT 1 FROM player_attempts WHERE player_id = $1 AND question_group_id = ANY($2::int[]) LIMIT 1`, [
    input.playerId,
    trivias,
  ]);
  if (!played) throw notFound(PLAYER_NOT_IN_CAMPAIGN);
  // The same lock as a trivia's "Descalificar", trivia by trivia in id order, so no two decisions on the player interleave.
  for (const triviaId of trivias) await lockPlayerAtTrivia(em, input.playerId, triviaId);
  const inserted: { id: number; question_group_id: number }[] = await em.query(
    `INSERT INTO ranking_disqualifications (question_group_id, player_id, attempt_id, reason, disqualified_by, campaign_id)
     SELECT t.id, $2, NULL, $3, $4, $5 FROM unnest($1::int[]) AS t(id)
      WHERE NOT EXISTS (SELECT 1 FROM ranking_disqualifications d
                         WHERE d.question_group_id = t.id AND d.player_id = $2 AND d.attempt_id IS NULL AND d.restored_at IS NULL)
     RETURNING id, question_group_id`,
    [trivias, input.playerId, input.reason, userId, campaignId],
  );
  if (inserted.length === 0) throw conflict(ALREADY_OUT_OF_CAMPAIGN, { code: 'already_disqualified' });
  for (const row of inserted) await refreshPlayerStandings(em, input.playerId, row.question_group_id);
  const rows: (DisqualificationRow & { decision_id: number })[] = await em.query(`${DECISIONS_SQL} WHERE id = ANY($1::int[]) ORDER BY id`, [
    inserted.map((row) => row.id),
  ]);
  // One transaction, one time: the rows just inserted are one decision.
  return groupDecisions(rows)[0]!;
}
