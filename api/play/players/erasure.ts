import type { EntityManager } from 'typeorm';
import { ERASED_PLAYER_NAME, normalizeDocumentNumber, type ErasureAction, type ErasureRecord, type PlayerData } from '../../../contract';
import { badRequest, notFound } from '../../platform/http/errors';
import { IN_SCOPE } from '../../platform/access/object-companies';
import { missing } from '../../platform/access/not-found';
import { forgetPlayerInActivity, playerCompany, recordActivity, type Actor } from '../../platform/activity/record';
import { eraseFromSyncLog } from './erased-player';
import { canonicalDocument, documentKindOf } from './document-number';

export const PLAYER_DATA_NOT_FOUND = 'No hay ningún jugador con ese documento';
export const ERASURE_CONFIRMATION_MISMATCH = 'La confirmación no coincide con el número de documento';

interface PlayerDataRow {
  id: number;
  full_name: string;
  document_type_id: number;
  document_number: string;
  location_id: number | null;
  location_name: string | null;
  location_company: string | null;
  location_company_id: number | null;
  attempts: number;
  consent_company: string | null;
  consent_company_id: number | null;
  consent_version: number | null;
  consented_at: Date | null;
  created_at: Date;
}

const PLAYER_DATA_SQL = `
  SELECT p.id, p.full_name, p.document_type_id, p.document_number, p.location_id, l.name AS location_name, lc.name AS location_company, lc.id AS location_company_id,
         (SELECT count(*)::int FROM player_attempts a WHERE a.player_id = p.id) AS attempts,
         cc.name AS consent_company, cc.id AS consent_company_id, ct.version AS consent_version, p.consented_at, p.created_at
    FROM players p
    LEFT JOIN locations l ON l.id = p.location_id
    LEFT JOIN companies lc ON lc.id = l.company_id
    LEFT JOIN consent_texts ct ON ct.id = p.consent_text_id
    LEFT JOIN companies cc ON cc.id = ct.company_id`;

function presentPlayerData(row: PlayerDataRow): PlayerData {
  return {
    id: row.id,
    fullName: row.full_name,
    documentTypeId: row.document_type_id,
    documentNumber: row.document_number,
    location: row.location_id === null ? null : { id: row.location_id, name: row.location_name ?? '', companyId: row.location_company_id!, companyName: row.location_company ?? '' },
    attempts: row.attempts,
    consent:
      row.consent_version === null || row.consented_at === null
        ? null
        : { companyId: row.consent_company_id!, companyName: row.consent_company ?? '', version: row.consent_version, consentedAt: row.consented_at.toISOString() },
    createdAt: row.created_at.toISOString(),
  };
}

const notFoundByDocument = () => notFound(PLAYER_DATA_NOT_FOUND, { code: 'player_not_found' });

/**
 * What is stored about the person with this document, however its number is spelled, when they
 * have data in `companies` (null: any player). An erased player has none, and a player of other
 * companies is not found either: 404 player_not_found.
 */
export async function findPlayerData(em: EntityManager, documentTypeId: number, documentNumber: string, companies: number[] | null): Promise<PlayerData> {
  const canonical = await canonicalDocument(em, { documentTypeId, documentNumber });
  const [row]: PlayerDataRow[] = await em.query(
    `${PLAYER_DATA_SQL} WHERE p.document_type_id = $1 AND p.document_number = $2 AND ($3::int[] IS NULL OR ${IN_SCOPE.playerTouches('p.id', '$3::int[]')})`,
    [canonical.documentTypeId, canonical.documentNumber, companies],
  );
  if (!row) throw notFoundByDocument();
  return presentPlayerData(row);
}

/** What an erased player's disqualifications say instead of the reasons an admin wrote about them. */
export const ERASED_REASON = 'Motivo borrado con los datos del jugador';

/**
 * Erases one player's personal data; `confirm` must repeat the stored document number.
 * `anonymise`: name "Jugador eliminado", document and contact removed, name changes dropped, the
 * reasons written on their disqualifications replaced (an admin's free text about the person may
 * name them); the attempts and disqualifications stay, so rankings keep an anonymous row. `delete`:
 * the player goes with every attempt (and aliases, name changes and disqualifications, by cascade).
 * Either way the sync log forgets them (`eraseFromSyncLog`: found by id and document, never by the
 * name's text), and the erasure is recorded (who, when, which player, what, how many attempts). No
 * hash of the document is kept: the same person registering again is a new, unlinked player.
 * One transaction, with the player's row locked.
 */
export function erasePlayer(
  em: EntityManager,
  playerId: number,
  input: { action: ErasureAction; confirm: string },
  actor: Actor,
  secret: string,
): Promise<ErasureRecord> {
  const userId = actor.userId;
  return em.transaction(async (tx) => {
    const [player]: { id: number; document_type_id: number; document_number: string | null }[] = await tx.query(
      `SELECT id, document_type_id, document_number FROM players WHERE id = $1 FOR UPDATE`,
      [playerId],
    );
    if (!player || player.document_number === null) throw missing('player');
    // The confirmation is the document as the admin types it: compared under the identity rule.
    const kind = await documentKindOf(tx, player.document_type_id);
    const confirmed = normalizeDocumentNumber(input.confirm, kind);
    if (confirmed === '' || confirmed !== normalizeDocumentNumber(player.document_number, kind)) {
      throw badRequest(ERASURE_CONFIRMATION_MISMATCH, {
        code: 'erasure_confirmation_mismatch',
        issues: [{ path: 'confirm', message: ERASURE_CONFIRMATION_MISMATCH }],
      });
    }
    const [{ attempts }] = await tx.query(`SELECT count(*)::int AS attempts FROM player_attempts WHERE player_id = $1`, [playerId]);
    const companyId = await playerCompany(tx, playerId);
    await eraseFromSyncLog(tx, secret, { id: player.id, documentTypeId: player.document_type_id, documentNumber: player.document_number });
    if (input.action === 'delete') {
      await tx.query(`DELETE FROM players WHERE id = $1`, [playerId]);
    } else {
      const [firstName, lastName] = ERASED_PLAYER_NAME.split(' ');
      await tx.query(
        `UPDATE players SET full_name = $2, first_name = $3, last_name = $4, document_number = NULL, phone = NULL, email = NULL WHERE id = $1`,
        [playerId, ERASED_PLAYER_NAME, firstName, lastName],
      );
      await tx.query(`DELETE FROM player_name_changes WHERE player_id = $1`, [playerId]);
      await tx.query(
        `UPDATE ranking_disqualifications SET reason = $2::varchar, restore_reason = CASE WHEN restore_reason IS NULL THEN NULL ELSE $2::varchar END WHERE player_id = $1`,
        [playerId, ERASED_REASON],
      );
    }
    const [record] = await tx.query(
      `INSERT INTO player_erasures (player_id, action, attempts, performed_by) VALUES ($1, $2, $3, $4)
       RETURNING id, player_id, action, attempts, performed_at, (SELECT username FROM users WHERE id = $4) AS performed_by`,
      [playerId, input.action === 'delete' ? 'deleted' : 'anonymised', attempts, userId],
    );
    await forgetPlayerInActivity(tx, playerId);
    await recordActivity(tx, actor, {
      companyId,
      kind: 'player',
      objectId: playerId,
      action: 'erased',
      summary: input.action === 'delete' ? `Borró a un jugador con sus ${attempts} resultados` : `Anonimizó a un jugador (${attempts} resultados conservados)`,
      changes: null,
      aboutPlayers: [playerId],
    });
    return presentErasure(record);
  });
}

interface ErasureRow {
  id: number;
  player_id: number;
  action: 'anonymised' | 'deleted';
  attempts: number;
  performed_by: string | null;
  performed_at: Date;
}

function presentErasure(row: ErasureRow): ErasureRecord {
  return {
    id: row.id,
    playerId: row.player_id,
    action: row.action,
    attempts: row.attempts,
    performedBy: row.performed_by,
    performedAt: row.performed_at.toISOString(),
  };
}

/**
 * The erasures made, newest first (the last 100): for a member (`companies` not null), those they
 * made and those of anonymised players who still have results in their companies (nothing is
 * left of a deleted player to tell whose they were).
 */
export async function listErasures(em: EntityManager, companies: number[] | null, userId: number): Promise<ErasureRecord[]> {
  const rows: ErasureRow[] = await em.query(
    `SELECT e.id, e.player_id, e.action, e.attempts, u.username AS performed_by, e.performed_at
       FROM player_erasures e LEFT JOIN users u ON u.id = e.performed_by
      WHERE $1::int[] IS NULL OR e.performed_by = $2 OR ${IN_SCOPE.playerTouches('e.player_id', '$1::int[]')}
      ORDER BY e.id DESC LIMIT 100`,
    [companies, userId],
  );
  return rows.map(presentErasure);
}
