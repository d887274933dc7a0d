import { z } from 'zod';
import { MAX_ID } from './common';

/**
 * "Unir jugadores": players stored under several spellings of one document (from before the
 * identity rule) are listed for an admin, who merges each group into the player they choose.
 */

/** One of the players a document names, as the merge screen shows it (`documentNumber` as stored). */
export interface DuplicatePlayer {
  id: number;
  fullName: string;
  documentNumber: string;
  location: { name: string } | null;
  attempts: number;
  createdAt: string;
}

/** GET /api/player-duplicates: the players one document names once normalised (`documentNumber`: the canonical number). */
export interface DuplicatePlayerGroup {
  documentTypeId: number;
  documentTypeCode: string;
  documentNumber: string;
  players: DuplicatePlayer[];
}

const MERGE_PLAYERS_MESSAGE = 'Elige al menos dos jugadores del mismo documento';
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

/** The record of a merge (GET /api/player-merges, newest first; the reply of POST). */
export interface PlayerMergeRecord {
  id: number;
  keptPlayerId: number;
  mergedPlayerIds: number[];
  documentTypeId: number;
  attemptsMoved: number;
  mergedBy: string | null;
  mergedAt: string;
}
