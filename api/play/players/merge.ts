import type { EntityManager } from 'typeorm';
import { normalizeDocumentNumber, type PlayerMergeRecord } from '../../../contract';
import { conflict } from '../../platform/http/errors';
import { missing } from '../../platform/access/not-found';
import { maskDocument, playerCompany, recordActivity, type Actor } from '../../platform/activity/record';
import { refreshPlayerStandings } from '../../standings/refresh';
import { documentKindOf } from './document-number';
import { IN_SCOPE } from '../../platform/access/object-companies';

export const MERGE_NOT_ONE_DOCUMENT = 'Los jugadores no tienen el mismo número de documento';
export const MERGE_HOLDER_LEFT_OUT = 'Otro jugador ya tiene ese documento: inclúyelo en la unión';

const mergeInvalid = (message: string) => conflict(message, { code: 'player_merge_invalid' });

interface MergeRow {
  id: number;
  kept_player_id: number;
  merged_player_ids: number[];
  document_type_id: number;
  attempts_moved: number;
  merged_by: string | null;
  merged_at: Date;
}

const presentMerge = (row: MergeRow): PlayerMergeRecord => ({
  id: row.id,
  keptPlayerId: row.kept_player_id,
  mergedPlayerIds: row.merged_player_ids,
  documentTypeId: row.document_type_id,
  attemptsMoved: row.attempts_moved,
  mergedBy: row.merged_by,
  mergedAt: row.merged_at.toISOString(),
});

/**
 * Merges players that are one person (one document under the identity rule, or one number under
 * several document types, as "Unir jugadores" lists them) into the one the admin keeps, who keeps
 * their own type, in one transaction with every player's row locked: the others' attempts, aliases
 * (the kiosks' client ids), name changes, disqualifications and their latest consent move to the
 * kept player; a name of theirs that differs is left as a pending name change for an admin; the
 * sync log's registrations name the kept player; the others are deleted and the kept player's
 * number becomes the canonical one. The standings of every trivia the moved attempts were played
 * at, and of the campaigns holding them, are refreshed; the merge is recorded (who, when, which ids).
 * Refused (409 player_merge_invalid) when the players' numbers differ under the rule, or when a
 * player left out of the list already holds the kept type and canonical number.
 */
export function mergePlayers(em: EntityManager, input: { keepPlayerId: number; playerIds: number[] }, actor: Actor): Promise<PlayerMergeRecord> {
  const userId = actor.userId;
  return em.transaction(async (tx) => {
    const ids = [...new Set(input.playerIds)].sort((a, b) => a - b);
    const keep = input.keepPlayerId;
    const others = ids.filter((id) => id !== keep);
    const players: { id: number; full_name: string; document_type_id: number; document_number: string | null }[] = await tx.query(
      `SELECT id, full_name, document_type_id, document_number FROM players WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`,
      [ids],
    );
    // A player gone since the list was read answers as one beyond reach does (the guard's 404).
    if (players.length !== ids.length || !ids.includes(keep) || others.length === 0) throw missing('player');
    const kept = players.find((p) => p.id === keep)!;
    // Each number under its own type's rule: one document spelled apart, or one number under several types.
    const numbers = new Set<string>();
    for (const p of players) {
      numbers.add(p.document_number === null ? '' : normalizeDocumentNumber(p.document_number, await documentKindOf(tx, p.document_type_id)));
    }
    const [canonical] = [...numbers];
    if (numbers.size !== 1 || !canonical) throw mergeInvalid(MERGE_NOT_ONE_DOCUMENT);
    const typeId = kept.document_type_id;
    const [holder] = await tx.query(`SELECT id FROM players WHERE document_type_id = $1 AND document_number = $2 AND NOT (id = ANY($3::int[]))`, [
      typeId,
      canonical,
      ids,
    ]);
    if (holder) throw mergeInvalid(MERGE_HOLDER_LEFT_OUT);

    const trivias: { question_group_id: number }[] = await tx.query(
      `SELECT DISTINCT question_group_id FROM player_attempts WHERE player_id = ANY($1::int[]) ORDER BY question_group_id`,
      [others],
    );
    // At most one holding disqualification of a player per trivia: a second one, once merged, is
    // closed (restored with the reason) and stays on record; the kept player's own one wins.
    await tx.query(
      `UPDATE ranking_disqualifications d SET restored_at = now(), restored_by = $3, restore_reason = $4
        WHERE d.player_id = ANY($1::int[]) AND d.attempt_id IS NULL AND d.restored_at IS NULL
          AND EXISTS (SELECT 1 FROM ranking_disqualifications k
                       WHERE k.id <> d.id AND k.question_group_id = d.question_group_id AND k.attempt_id IS NULL AND k.restored_at IS NULL
                         AND (k.player_id = $2 OR (k.player_id = ANY($1::int[]) AND k.id < d.id)))`,
      [others, keep, userId, `Unido con el jugador ${keep}, ya descalificado en esta trivia`],
    );
    await tx.query(`UPDATE ranking_disqualifications SET player_id = $2 WHERE player_id = ANY($1::int[])`, [others, keep]);
    const [, attemptsMoved]: [unknown, number] = await tx.query(`UPDATE player_attempts SET player_id = $2 WHERE player_id = ANY($1::int[])`, [others, keep]);
    await tx.query(`UPDATE player_aliases SET player_id = $2 WHERE player_id = ANY($1::int[])`, [others, keep]);
    await tx.query(`UPDATE player_name_changes SET player_id = $2 WHERE player_id = ANY($1::int[])`, [others, keep]);
    await tx.query(
      `INSERT INTO player_name_changes (player_id, old_full_name, new_full_name, source)
       SELECT DISTINCT $1::int, $2::varchar, p.full_name, $4::varchar FROM players p
        WHERE p.id = ANY($3::int[]) AND p.full_name <> $2
          AND NOT EXISTS (SELECT 1 FROM player_name_changes c WHERE c.player_id = $1 AND c.new_full_name = p.full_name AND c.applied_at IS NULL)`,
      [keep, kept.full_name, others, `unión de jugadores ${others.join(', ')}`.slice(0, 100)],
    );
    await tx.query(
      `UPDATE players k SET consent_text_id = c.consent_text_id, consented_at = c.consented_at
         FROM (SELECT consent_text_id, consented_at FROM players WHERE id = ANY($1::int[]) AND consent_text_id IS NOT NULL
                ORDER BY consented_at DESC NULLS LAST, id DESC LIMIT 1) c
        WHERE k.id = $2`,
      [ids, keep],
    );
    await tx.query(`UPDATE sync_mutations SET result_id = $2 WHERE kind = 'player' AND result_id = ANY($1::int[])`, [others, keep]);
    // Their standings go with them (foreign keys); the kept player's are recomputed below.
    await tx.query(`DELETE FROM players WHERE id = ANY($1::int[])`, [others]);
    // A registration of the canonical number committed since the check above: the group is not whole any more.
    await tx.query(`UPDATE players SET document_number = $2 WHERE id = $1`, [keep, canonical]).catch((error: { code?: string }) => {
      throw error.code === '23505' ? mergeInvalid(MERGE_HOLDER_LEFT_OUT) : error;
    });
    for (const { question_group_id } of trivias) await refreshPlayerStandings(tx, keep, question_group_id);
    await recordActivity(tx, actor, {
      companyId: await playerCompany(tx, keep),
      kind: 'player',
      objectId: keep,
      action: 'merged',
      summary: `Unió ${others.length === 1 ? 'un jugador' : `${others.length} jugadores`} con el jugador ${keep} (${attemptsMoved} resultados movidos)`,
      changes: {
        jugadores: [ids.join(', '), String(keep)],
        nombres: [players.map((p) => p.full_name).join(' | '), kept.full_name],
        documento: [players.map((p) => maskDocument(p.document_number)).join(' | '), maskDocument(canonical)],
      },
      aboutPlayers: ids,
    });

    const [record]: MergeRow[] = await tx.query(
      `INSERT INTO player_merges (kept_player_id, merged_player_ids, document_type_id, attempts_moved, merged_by)
       VALUES ($1, $2, $3, $4, $5)
       RETURNING id, kept_player_id, merged_player_ids, document_type_id, attempts_moved, merged_at, (SELECT username FROM users WHERE id = $5) AS merged_by`,
      [keep, others, typeId, attemptsMoved, userId],
    );
    return presentMerge(record!);
  });
}

/** The merges made, newest first (the last 100), of kept players with data in `companies` (null: every merge). */
export async function listMerges(em: EntityManager, companies: number[] | null): Promise<PlayerMergeRecord[]> {
  const rows: MergeRow[] = await em.query(
    `SELECT m.id, m.kept_player_id, m.merged_player_ids, m.document_type_id, m.attempts_moved, u.username AS merged_by, m.merged_at
       FROM player_merges m LEFT JOIN users u ON u.id = m.merged_by
      WHERE $1::int[] IS NULL OR ${IN_SCOPE.playerTouches('m.kept_player_id', '$1::int[]')}
      ORDER BY m.id DESC LIMIT 100`,
    [companies],
  );
  return rows.map(presentMerge);
}
