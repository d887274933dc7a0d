import type { EntityManager } from 'typeorm';
import { conflict } from '../../platform/http/errors';
import { IN_SCOPE } from '../../platform/access/object-companies';
import { missing } from '../../platform/access/not-found';
import { playerCompany, recordActivity, type Actor } from '../../platform/activity/record';
import { nameParts } from './service';

/** A recorded name change with its player's current name, as PostgreSQL returns it. */
export interface NameChangeRow {
  id: number;
  player_id: number;
  old_full_name: string;
  new_full_name: string;
  source: string;
  created_at: Date;
  applied_at: Date | null;
  /** The kiosk name of the device it came from (`source` = `device <id>`), when that device is a set-up kiosk. */
  kiosk_name?: string | null;
}

/** A synced registration's source: the device that sent it. */
export const DEVICE_SOURCE = 'device ';
export const deviceSource = (deviceId: string) => `${DEVICE_SOURCE}${deviceId}`;

export const NAME_CHANGE_APPLIED = 'El cambio de nombre ya se aplicó';

const COLUMNS = 'id, player_id, old_full_name, new_full_name, source, created_at, applied_at';

/**
 * The name changes no admin has applied yet, of players with data in `companies` (null: every
 * player), newest first (capped: a list to act on, not an archive), each with its device's kiosk
 * name, so the screen names the kiosk rather than its id.
 */
export async function listPendingNameChanges(em: EntityManager, companies: number[] | null, limit = 200): Promise<NameChangeRow[]> {
  return em.query(
    `SELECT c.id, c.player_id, c.old_full_name, c.new_full_name, c.source, c.created_at, c.applied_at, d.kiosk_name
       FROM player_name_changes c
       LEFT JOIN devices d ON c.source LIKE 'device %' AND d.id::text = substring(c.source FROM 8)
      WHERE c.applied_at IS NULL AND ($2::int[] IS NULL OR ${IN_SCOPE.playerTouches('c.player_id', '$2::int[]')})
      ORDER BY c.id DESC LIMIT $1`,
    [limit, companies],
  );
}

/**
 * Renames the player as the recorded change says, and marks it applied by `userId`. Applying it
 * again is a 409 (name_change_applied); the player's other pending changes stay for the admin.
 * One transaction: the change is marked applied only with the rename.
 */
export function applyNameChange(em: EntityManager, id: number, actor: Actor): Promise<NameChangeRow> {
  return em.transaction(async (tx) => {
    const [[change]]: [NameChangeRow[], number] = await tx.query(
      `UPDATE player_name_changes SET applied_at = now(), applied_by = $2 WHERE id = $1 AND applied_at IS NULL RETURNING ${COLUMNS}`,
      [id, actor.userId],
    );
    if (!change) {
      const [exists] = await tx.query(`SELECT 1 FROM player_name_changes WHERE id = $1`, [id]);
      if (!exists) throw missing('nameChange');
      throw conflict(NAME_CHANGE_APPLIED, { code: 'name_change_applied' });
    }
    const { firstName, lastName } = nameParts(change.new_full_name);
    await tx.query(`UPDATE players SET full_name = $2, first_name = $3, last_name = $4 WHERE id = $1`, [
      change.player_id,
      change.new_full_name,
      firstName,
      lastName,
    ]);
    await recordActivity(tx, actor, {
      companyId: await playerCompany(tx, change.player_id),
      kind: 'player',
      objectId: change.player_id,
      action: 'changed',
      summary: `Aplicó un cambio de nombre de un jugador (${change.source})`,
      changes: { nombre: [change.old_full_name, change.new_full_name] },
      aboutPlayers: [change.player_id],
    });
    return change;
  });
}
