import type { EntityManager } from 'typeorm';
import type { DisqualificationScope, DisqualifyInput } from '../../../contract';
import { conflict } from '../../platform/http/errors';
import { missing } from '../../platform/access/not-found';
import { QuestionGroupEntity } from '../../../db/entities';
import { quoted, recordActivity, type Actor } from '../../platform/activity/record';
import { refreshPlayerStandings } from '../../standings/refresh';

export const ALREADY_DISQUALIFIED = 'Ese resultado ya está descalificado';
export const NOT_DISQUALIFIED = 'La descalificación ya fue restaurada';

/** A disqualification as its record reads, with the names an admin sees. */
export interface DisqualificationRow {
  id: number;
  question_group_id: number;
  player_id: number;
  first_name: string;
  last_name: string;
  attempt_id: number | null;
  attempt_score: number | null;
  attempt_completion_time: number | null;
  attempt_completed_at: Date | null;
  reason: string;
  disqualified_by: number | null;
  disqualifier_name: string | null;
  disqualified_at: Date;
  restored_at: Date | null;
  restored_by: number | null;
  restorer_name: string | null;
  restore_reason: string | null;
  campaign_id: number | null;
  campaign_name: string | null;
  question_group_name: string;
}

export const RECORD_SQL = `
  SELECT d.id, d.question_group_id, qg.name AS question_group_name, d.campaign_id, c.name AS campaign_name, d.player_id, p.first_name, p.last_name, d.attempt_id,
         a.score AS attempt_score, a.completion_time AS attempt_completion_time, a.completed_at AS attempt_completed_at,
         d.reason, d.disqualified_by, trim(du.first_name || ' ' || du.last_name) AS disqualifier_name, d.disqualified_at,
         d.restored_at, d.restored_by, trim(ru.first_name || ' ' || ru.last_name) AS restorer_name, d.restore_reason
    FROM ranking_disqualifications d
    JOIN players p ON p.id = d.player_id
    JOIN question_groups qg ON qg.id = d.question_group_id
    LEFT JOIN campaigns c ON c.id = d.campaign_id
    LEFT JOIN player_attempts a ON a.id = d.attempt_id
    LEFT JOIN users du ON du.id = d.disqualified_by
    LEFT JOIN users ru ON ru.id = d.restored_by`;

/** A trivia's disqualifications, holding and restored, newest first (the trivia's 404 when it does not exist). */
export async function listDisqualifications(em: EntityManager, questionGroupId: number): Promise<DisqualificationRow[]> {
  if (!(await em.existsBy(QuestionGroupEntity, { id: questionGroupId }))) throw missing('group');
  return em.query(`${RECORD_SQL} WHERE d.question_group_id = $1 ORDER BY d.id DESC`, [questionGroupId]);
}

async function findRecord(em: EntityManager, id: number): Promise<DisqualificationRow> {
  const [row]: DisqualificationRow[] = await em.query(`${RECORD_SQL} WHERE d.id = $1`, [id]);
  if (!row) throw missing('disqualification');
  return row;
}

/**
 * Takes an attempt (scope 'attempt') or its player at its trivia (scope 'player') out of the
 * rankings, recording who and why; the player's standings follow in the same transaction, which
 * it opens. Unknown attempt: 404. Already out by a holding disqualification (of the same
 * attempt, or of the player): 409.
 */
export function disqualify(em: EntityManager, input: DisqualifyInput, actor: Actor): Promise<DisqualificationRow> {
  return em.transaction(async (tx) => {
    const record = await disqualifyIn(tx, input, actor.userId);
    const what = record.attempt_id === null ? 'a un jugador' : `un resultado (intento ${record.attempt_id})`;
    await recordModeration(tx, actor, record, 'disqualified', `Descalificó ${what} en la trivia`, { motivo: [null, record.reason] });
    return record;
  });
}

/** An entry of "Actividad" about a ranking decision: personal (it names the player). */
export async function recordModeration(tx: EntityManager, actor: Actor, record: { question_group_id: number; player_id: number; first_name: string; last_name: string }, action: 'disqualified' | 'restored', summary: string, changes: Record<string, [string | null, string | null]>) {
  const [trivia] = (await tx.query('SELECT name, company_id FROM question_groups WHERE id = $1', [record.question_group_id])) as { name: string; company_id: number }[];
  await recordActivity(tx, actor, {
    companyId: trivia?.company_id ?? null,
    kind: 'ranking',
    objectId: record.question_group_id,
    action,
    summary: `${summary} ${quoted(trivia?.name ?? String(record.question_group_id))}`,
    changes: { jugador: [null, `${record.first_name} ${record.last_name} (${record.player_id})`], ...changes },
    aboutPlayers: [record.player_id],
  });
}

async function disqualifyIn(em: EntityManager, input: DisqualifyInput, userId: number): Promise<DisqualificationRow> {
  const [attempt]: { question_group_id: number; player_id: number }[] = await em.query(
    `SELECT question_group_id, player_id FROM player_attempts WHERE id = $1`,
    [input.attemptId],
  );
  if (!attempt) throw missing('attempt');
  await lockPlayerAtTrivia(em, attempt.player_id, attempt.question_group_id);
  const [holding] = await em.query(
    `SELECT 1 FROM ranking_disqualifications
      WHERE question_group_id = $1 AND player_id = $2 AND restored_at IS NULL AND (attempt_id IS NULL OR ($3::int IS NOT NULL AND attempt_id = $3))`,
    [attempt.question_group_id, attempt.player_id, attemptOf(input.scope, input.attemptId)],
  );
  if (holding) throw conflict(ALREADY_DISQUALIFIED, { code: 'already_disqualified' });
  const [inserted]: { id: number }[] = await em.query(
    `INSERT INTO ranking_disqualifications (question_group_id, player_id, attempt_id, reason, disqualified_by)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [attempt.question_group_id, attempt.player_id, attemptOf(input.scope, input.attemptId), input.reason, userId],
  );
  await refreshPlayerStandings(em, attempt.player_id, attempt.question_group_id);
  return findRecord(em, inserted!.id);
}

/**
 * Puts a disqualification's entries back in the rankings, recording who and why, in one transaction.
 * One made from a campaign is restored at every trivia it covers (its rows share campaign, player
 * and time). Unknown: 404; already restored: 409.
 */
export function restoreDisqualification(em: EntityManager, id: number, reason: string, actor: Actor): Promise<DisqualificationRow> {
  return em.transaction(async (tx) => {
    const record = await restoreIn(tx, id, reason, actor.userId);
    await recordModeration(tx, actor, record, 'restored', 'Devolvió al ranking lo descalificado en la trivia', { motivo: [record.reason, reason] });
    return record;
  });
}

async function restoreIn(em: EntityManager, id: number, reason: string, userId: number): Promise<DisqualificationRow> {
  const [restored]: [{ player_id: number; question_group_id: number }[], number] = await em.query(
    `UPDATE ranking_disqualifications r SET restored_at = now(), restored_by = $2, restore_reason = $3
       FROM ranking_disqualifications chosen
      WHERE chosen.id = $1 AND chosen.restored_at IS NULL AND r.restored_at IS NULL
        AND (r.id = chosen.id OR (r.campaign_id = chosen.campaign_id AND r.player_id = chosen.player_id AND r.disqualified_at = chosen.disqualified_at))
      RETURNING r.player_id, r.question_group_id`,
    [id, userId, reason],
  );
  if (restored.length === 0) {
    await findRecord(em, id);
    throw conflict(NOT_DISQUALIFIED, { code: 'disqualification_not_active' });
  }
  for (const row of restored) await refreshPlayerStandings(em, row.player_id, row.question_group_id);
  return findRecord(em, id);
}

const attemptOf = (scope: DisqualificationScope, attemptId: number): number | null => (scope === 'attempt' ? attemptId : null);

/** One admin at a time decides on a player at a trivia (a transaction-scoped advisory lock), so the check above holds until the insert. */
export async function lockPlayerAtTrivia(em: EntityManager, playerId: number, questionGroupId: number): Promise<void> {
  await em.query(`SELECT pg_advisory_xact_lock($1, $2)`, [playerId, questionGroupId]);
}
