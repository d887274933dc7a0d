import { heldDevice, publicName, type Player, type PlayerNameChange, type ValidatedPlayer } from '../../../contract';
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

/** "Ana María Martínez Rojas" -> "Ana M.": the name a player confirms on a phone (the public screens' first-initial style). */
export function shortPlayerName(row: Pick<PlayerRow, 'first_name' | 'last_name'>): string {
  const { firstName, lastName } = publicName(row.first_name, row.last_name, 'first-initial');
  return `${firstName} ${lastName}`.trim();
}

/**
 * Who asked the document check: a set-up kiosk of the trivia (`isKioskOf`), which greets the
 * player by the full name and checks the site offline, or anyone else (a phone, a script).
 */
export type DocumentCheckViewer = 'kiosk' | 'public';

/**
 * The document check's reply. To a kiosk of the trivia: the name, the id an attempt names (with
 * the document) and the site when it is of the trivia's company. To anyone else: the id and the
 * short name of a player of the trivia's company, and of another company's player only that.
 */
export function presentValidatedPlayer(row: PlayerRow, fromOtherCompany: boolean, viewer: DocumentCheckViewer): ValidatedPlayer {
  if (viewer === 'public') return fromOtherCompany ? { fromOtherCompany: true } : { fromOtherCompany: false, id: row.id, shortName: shortPlayerName(row) };
  return {
    id: row.id,
    fullName: row.full_name,
    shortName: shortPlayerName(row),
    documentTypeId: row.document_type_id,
    documentNumber: row.document_number ?? '',
    locationId: fromOtherCompany ? null : row.location_id,
    fromOtherCompany,
  };
}

/**
 * POST /api/players's reply: the player as stored, its name whole only when it is the one the
 * registration sent (a new player, or a known one registered under its own name). A known document
 * registered under another name keeps its stored name (the new one waits for an admin), and the
 * caller learns it only in short form: registering is not a way to read who a number belongs to.
 */
export function presentRegisteredPlayer(row: PlayerRow, sentFullName: string): Player {
  const player = presentPlayer(row);
  if (row.full_name === sentFullName) return player;
  const { firstName, lastName } = publicName(row.first_name, row.last_name, 'first-initial');
  return { ...player, fullName: shortPlayerName(row), firstName, lastName };
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
