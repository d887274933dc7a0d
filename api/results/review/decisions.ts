import type { EntityManager } from 'typeorm';
import { HELD_BATCH_MAX, type HeldBatchSkip, type HeldFilter, type ReviewReason } from '../../../contract';
import { conflict } from '../../platform/http/errors';
import { missing } from '../../platform/access/not-found';
import { refreshPlayerStandings } from '../../standings/refresh';
import { heldMatch } from './held-filter';
import { requireTrivia } from './held-list';
import { quoted, recordActivity, type Actor } from '../../platform/activity/record';

export const ATTEMPT_NOT_HELD = 'El intento no está en revisión';

export type Decision = 'released' | 'discarded';

export interface DecisionRow {
  id: number;
  player_id: number;
  question_group_id: number;
  review_status: Decision;
  review_reason: ReviewReason;
  reviewed_by: number;
  reviewed_at: Date;
}

const DECIDED_COLUMNS = 'a.id, a.player_id, a.question_group_id, a.review_status, a.review_reason, a.reviewed_by, a.reviewed_at';

/**
 * The decision written on the held, completed attempts `chosen` selects (a SELECT of ids over the
 * alias `a`, at $1–$2 the decision and the admin; the oldest `limit` when given), each row locked first in id order (two admins
 * deciding overlapping sets wait for each other, never deadlock) and skipped when another decision
 * got there first; then each player's standings refreshed once. Runs in the caller's transaction.
 */
async function decide(tx: EntityManager, chosen: string, params: unknown[], limit?: number): Promise<DecisionRow[]> {
  const decided: DecisionRow[] = (
    await tx.query(
      `WITH chosen AS (${chosen} ORDER BY a.id ${limit === undefined ? '' : `LIMIT ${limit}`} FOR UPDATE)
       UPDATE player_attempts a SET review_status = $1, reviewed_by = $2, reviewed_at = now()
         FROM chosen
        WHERE a.id = chosen.id AND a.review_status = 'held' AND a.completed_at IS NOT NULL
       RETURNING ${DECIDED_COLUMNS}`,
      params,
    )
  )[0];
  decided.sort((x, y) => x.id - y.id);
  const players = new Map<string, { playerId: number; groupId: number }>();
  for (const row of decided) players.set(`${row.player_id}:${row.question_group_id}`, { playerId: row.player_id, groupId: row.question_group_id });
  for (const { playerId, groupId } of [...players.values()].sort((x, y) => x.playerId - y.playerId || x.groupId - y.groupId)) {
    await refreshPlayerStandings(tx, playerId, groupId);
  }
  return decided;
}

/**
 * Records an admin's decision on a held attempt: released, it counts in the rankings from now on;
 * discarded, it never does (the row stays). One transaction: the player's standings move with it.
 * Deciding again, or on an attempt not held or not completed, is a 409: a decision is final.
 */
export function decideHeldAttempt(em: EntityManager, id: number, decision: Decision, actor: Actor): Promise<DecisionRow> {
  return em.transaction(async (tx) => {
    const [updated] = await decide(tx, `SELECT a.id FROM player_attempts a WHERE a.id = $3`, [decision, actor.userId, id]);
    if (updated) {
      await recordDecision(tx, actor, updated.question_group_id, decision, [updated.id]);
      return updated;
    }
    const [exists] = await tx.query(`SELECT 1 FROM player_attempts WHERE id = $1`, [id]);
    if (!exists) throw missing('attempt');
    throw conflict(ATTEMPT_NOT_HELD, { code: 'attempt_not_held' });
  });
}

export type HeldBatchTarget = { ids: number[] } | { filter: HeldFilter; throughId?: number };

export interface BatchOutcome {
  decided: DecisionRow[];
  skipped: { id: number; status: HeldBatchSkip }[];
  remaining: number;
}

/**
 * One decision on several held results of a trivia, in one transaction, each player's standings
 * refreshed once: those named by `ids` (at most HELD_BATCH_MAX, the contract's bound), or the
 * oldest HELD_BATCH_MAX matching `filter` (up to `throughId` when given). A decision is final: a
 * named result already decided, never held, unfinished or not of this trivia is skipped and
 * reported, not an error for the batch. `remaining`: what still matches the filter (held at all
 * when deciding by ids) afterwards.
 */
export function decideHeldBatch(em: EntityManager, questionGroupId: number, target: HeldBatchTarget, decision: Decision, actor: Actor): Promise<BatchOutcome> {
  const userId = actor.userId;
  return em.transaction(async (tx) => {
    await requireTrivia(tx, questionGroupId);
    const filter = 'filter' in target ? target.filter : {};
    let decided: DecisionRow[];
    let skipped: BatchOutcome['skipped'] = [];
    if ('ids' in target) {
      const ids = [...new Set(target.ids)].slice(0, HELD_BATCH_MAX);
      const params: unknown[] = [decision, userId, ids];
      decided = await decide(tx, `SELECT a.id FROM player_attempts a WHERE a.id = ANY($3::int[]) AND ${heldMatch(params, questionGroupId)}`, params);
      skipped = await skippedOf(tx, questionGroupId, ids, new Set(decided.map((row) => row.id)));
    } else {
      const params: unknown[] = [decision, userId, target.throughId ?? null];
      decided = await decide(
        tx,
        `SELECT a.id FROM player_attempts a WHERE ${heldMatch(params, questionGroupId, filter)} AND ($3::int IS NULL OR a.id <= $3::int)`,
        params,
        HELD_BATCH_MAX,
      );
    }
    const countParams: unknown[] = [];
    const [{ remaining }] = await tx.query(`SELECT count(*)::int AS remaining FROM player_attempts a WHERE ${heldMatch(countParams, questionGroupId, filter)}`, countParams);
    await recordDecision(tx, actor, questionGroupId, decision, decided.map((row) => row.id));
    return { decided, skipped, remaining };
  });
}

/** How many results an entry of "Actividad" lists by id; a bigger batch names the count and the first ones. */
const LISTED_RESULTS = 50;

/** One entry per decision request, single or batch: how many results, of which trivia, and their ids (none decided: it says so). */
async function recordDecision(tx: EntityManager, actor: Actor, questionGroupId: number, decision: Decision, ids: number[]): Promise<void> {
  const [trivia] = (await tx.query('SELECT name, company_id FROM question_groups WHERE id = $1', [questionGroupId])) as { name: string; company_id: number }[];
  const verb = decision === 'released' ? 'Aprobó' : 'Descartó';
  if (ids.length === 0) {
    const summary = `${verb} ningún resultado retenido de la trivia ${quoted(trivia?.name ?? String(questionGroupId))}: sin cambios`;
    await recordActivity(tx, actor, { companyId: trivia?.company_id ?? null, kind: 'review', objectId: questionGroupId, action: decision === 'released' ? 'approved' : 'rejected', summary });
    return;
  }
  const count = ids.length === 1 ? '1 resultado retenido' : `${ids.length} resultados retenidos`;
  const listed = ids.slice(0, LISTED_RESULTS).join(', ') + (ids.length > LISTED_RESULTS ? ` y ${ids.length - LISTED_RESULTS} más` : '');
  await recordActivity(tx, actor, {
    companyId: trivia?.company_id ?? null,
    kind: 'review',
    objectId: questionGroupId,
    action: decision === 'released' ? 'approved' : 'rejected',
    summary: `${verb} ${count} de la trivia ${quoted(trivia?.name ?? String(questionGroupId))}`,
    changes: { resultados: [null, listed], estado: ['Retenido', decision === 'released' ? 'Aprobado' : 'Descartado'] },
  });
}

/** Why each named result that was not decided was left alone. */
async function skippedOf(tx: EntityManager, questionGroupId: number, ids: number[], decided: Set<number>): Promise<BatchOutcome['skipped']> {
  const left = ids.filter((id) => !decided.has(id));
  if (left.length === 0) return [];
  const rows: { id: number; review_status: string }[] = await tx.query(
    `SELECT id, review_status FROM player_attempts WHERE id = ANY($1::int[]) AND question_group_id = $2`,
    [left, questionGroupId],
  );
  const status = new Map(rows.map((row) => [row.id, row.review_status]));
  return left
    .sort((x, y) => x - y)
    .map((id) => {
      const found = status.get(id);
      return { id, status: found === undefined ? 'not_found' : found === 'released' || found === 'discarded' ? found : 'not_held' };
    });
}
