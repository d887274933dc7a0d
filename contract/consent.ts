import { z } from 'zod';
import { idParam, MAX_ID } from './common';

/**
 * A company's data-treatment text ("Tratamiento de datos"): plain text (shown with its line
 * breaks, never as HTML), versioned. Saving a text adds a version; the newest is the current one,
 * and an empty one means the company asks for no consent.
 */
export const CONSENT_TEXT_MAX = 20_000;
export const consentTextSchema = z.strictObject({
  text: z
    .string({ error: 'El texto es requerido' })
    .trim()
    .max(CONSENT_TEXT_MAX, `El texto admite hasta ${CONSENT_TEXT_MAX} caracteres`),
});
export type ConsentTextInput = z.input<typeof consentTextSchema>;

/** GET /api/companies/{id}/consent-texts (admin): every version, newest first. */
export interface ConsentTextVersion {
  version: number;
  text: string;
  createdBy: string | null;
  createdAt: string;
}

/** What the play bundle carries: the company's current text, or null when it asks for none. */
export interface PlayConsent {
  version: number;
  text: string;
}

// The checkbox's label and the refusal's text live zod-free in player-input.ts (the player screen imports them).
export { CONSENT_CHECKBOX_LABEL, CONSENT_REQUIRED_MESSAGE } from './player-input';
export const CONSENT_VERSION_UNKNOWN_MESSAGE = 'La versión del tratamiento de datos aceptada no existe para esta empresa';

/** The fields a registration carries when the player agreed (a device's time when registered offline). */
export const consentFields = {
  consentVersion: z.number().int().positive().max(MAX_ID).optional(),
  consentedAt: z.iso.datetime({ offset: true, error: 'Fecha no válida' }).optional(),
};

/** GET /api/player-data?documentTypeId=&documentNumber= (admin): what is stored about one person. */
export const playerDataQuery = z.strictObject({
  documentTypeId: idParam,
  documentNumber: z.string().trim().min(1).max(30).toUpperCase(),
});
export type PlayerDataQuery = z.input<typeof playerDataQuery>;

export interface PlayerData {
  id: number;
  fullName: string;
  documentTypeId: number;
  documentNumber: string;
  /** The player's site and its company, in whose time zone the registration is shown. */
  location: { id: number; name: string; companyId: number; companyName: string } | null;
  attempts: number;
  /** The consent text's company, in whose time zone `consentedAt` is shown. */
  consent: { companyId: number; companyName: string; version: number; consentedAt: string } | null;
  createdAt: string;
}

/**
 * POST /api/player-data/{id}/erase (admin). `anonymise`: the name becomes "Jugador eliminado", the
 * document and contact are removed, the attempts stay as an anonymous row in the rankings.
 * `delete`: the player and every attempt are deleted. `confirm` must repeat the document number.
 */
export const ERASURE_ACTIONS = ['anonymise', 'delete'] as const;
export type ErasureAction = (typeof ERASURE_ACTIONS)[number];
export const erasureSchema = z.strictObject({
  action: z.enum(ERASURE_ACTIONS, { error: 'Acción no válida' }),
  confirm: z.string({ error: 'Escribe el número de documento para confirmar' }).trim().toUpperCase(),
});
export type ErasureInput = z.input<typeof erasureSchema>;

export interface ErasureRecord {
  id: number;
  playerId: number;
  action: 'anonymised' | 'deleted';
  attempts: number;
  performedBy: string | null;
  performedAt: string;
}

/** The name an anonymised player keeps in the rankings. */
export const ERASED_PLAYER_NAME = 'Jugador eliminado';
