import { heldDevice, type Player, type PlayerNameChange, type ValidatedPlayer } from '../../contract';
import { DEVICE_SOURCE, type NameChangeRow } from './name-changes';
import type { PlayerRow } from './service';

/** A player as the player flow sees it: never a phone or e-mail. */
export function presentPlayer(row: PlayerRow): Player {
  return {
    id: row.id,
    fullName: row.full_name,
    firstName: row.first_name,
    lastName: row.last_name,
    documentTypeId: row.document_type_id,
    documentNumber: row.document_number ?? '',
    locationId: row.location_id,
  } satisfies Player;
}

/**
 * The document check's reply: the name the flow prefills and the id an attempt names (with the
 * document); the site only when it is of the trivia's company, which the kiosk checks offline.
 */
export function presentValidatedPlayer(row: PlayerRow, fromOtherCompany: boolean): ValidatedPlayer {
  return {
    id: row.id,
    fullName: row.full_name,
    documentTypeId: row.document_type_id,
    documentNumber: row.document_number ?? '',
    locationId: fromOtherCompany ? null : row.location_id,
    fromOtherCompany,
  } satisfies ValidatedPlayer;
}

export function presentNameChange(row: NameChangeRow): PlayerNameChange {
  return {
    id: row.id,
    playerId: row.player_id,
    oldFullName: row.old_full_name,
    newFullName: row.new_full_name,
    source: row.source,
    device: row.source.startsWith(DEVICE_SOURCE) ? heldDevice(row.source.slice(DEVICE_SOURCE.length), row.kiosk_name ?? null) : null,
    createdAt: row.created_at.toISOString(),
    appliedAt: row.applied_at ? row.applied_at.toISOString() : null,
  } satisfies PlayerNameChange;
}
