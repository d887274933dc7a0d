import { z } from 'zod';
import { MAX_ID } from './common';

/**
 * "Unir jugadores": players that may be one person are listed for an admin, who merges each group
 * into the player they choose; nothing merges them by itself. Why a group is listed:
 * - `same-document`: several spellings of one document (stored before the identity rule);
 * - `same-number-other-type`: one number under several document types (CC 1234567 and CE 1234567,
 *   or a TI and the CC that replaced it) at sites of one company: maybe one person, maybe two.
 */
export const DUPLICATE_REASONS = ['same-document', 'same-number-other-type'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];
export const DUPLICATE_REASON_LABELS: Record<DuplicateReason, string> = {
  'same-document': 'Mismo documento escrito de otra forma',
  'same-number-other-type': 'Mismo número con otro tipo de documento',
};

/** One of the players a group holds, as the merge screen shows it (its type, `documentNumber` as stored). */
export interface DuplicatePlayer {
  id: number;
  fullName: string;
  documentTypeId: number;
  documentTypeCode: string;
  documentNumber: string;
  location: { name: string } | null;
  attempts: number;
  createdAt: string;
}

/**
 * GET /api/player-duplicates: the players one number names once normalised (`documentNumber`: the
 * canonical number). `documentTypeId` is the group's type, null when its players have several
 * (`same-number-other-type`); `documentTypeCode` the type's code, or their codes joined by " / ".
 */
export interface DuplicatePlayerGroup {
  reason: DuplicateReason;
  documentTypeId: number | null;
  documentTypeCode: string;
  documentNumber: string;
  players: DuplicatePlayer[];
}

const MERGE_PLAYERS_MESSAGE = 'Elige al menos dos jugadores del mismo número de documento';
const playerId = z.number({ error: 'Jugador no válido' }).int('Jugador no válido').positive('Jugador no válido').max(MAX_ID, 'Jugador no válido');

/** POST /api/player-merges: the group's players (the kept one among them) and the one to keep. */
export const playerMergeSchema = z
  .strictObject({
    keepPlayerId: playerId,
    playerIds: z.array(playerId, { error: MERGE_PLAYERS_MESSAGE }).min(2, MERGE_PLAYERS_MESSAGE).max(50, 'Máximo 50 jugadores por unión'),
  })
  .refine((v) => v.playerIds.includes(v.keepPlayerId), { message: 'El jugador que se conserva debe estar entre los que se unen', path: ['keepPlayerId'] })
  .refine((v) => new Set(v.playerIds).size === v.playerIds.length, { message: 'Un jugador aparece dos veces', path: ['playerIds'] });
export type PlayerMergeInput = z.input<typeof playerMergeSchema>;

/** The record of a merge (GET /api/player-merges, newest first; the reply of POST); `documentTypeId`: the kept player's type. */
export interface PlayerMergeRecord {
  id: number;
  keptPlayerId: number;
  mergedPlayerIds: number[];
  documentTypeId: number;
  attemptsMoved: number;
  mergedBy: string | null;
  mergedAt: string;
}
