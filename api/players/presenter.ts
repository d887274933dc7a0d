import type { Player, ValidatedPlayer } from '../../contract';
import type { PlayerRow } from './service';

/** A player as the player flow sees it: never a phone or e-mail. */
export function presentPlayer(row: PlayerRow): Player {
  return {
    id: row.id,
    fullName: row.full_name,
    firstName: row.first_name,
    lastName: row.last_name,
    documentTypeId: row.document_type_id,
    documentNumber: row.document_number,
    locationId: row.location_id,
  } satisfies Player;
}

export function presentValidatedPlayer(row: PlayerRow, fromOtherCompany: boolean): ValidatedPlayer {
  return { ...presentPlayer(row), fromOtherCompany } satisfies ValidatedPlayer;
}
