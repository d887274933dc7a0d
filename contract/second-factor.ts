import { z } from 'zod';

/**
 * Two-step sign-in (TOTP, RFC 6238) for owners: a code of an authenticator app after the
 * password, or one of the recovery codes given when it was turned on. docs/security.md, "Two-step
 * sign-in".
 */

/** A code of the authenticator app: 6 digits, a new one every 30 seconds. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code: 4 groups of 4 letters and digits (80 random bits), e.g. `k7qm-2xpd-9hfw-t3nc`. */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{4}(-[a-z0-9]{4}){3}$/;

/**
 * What a person types in the code field, as the server reads it: spaces and case do not matter
 * ("123 456", "K7QM-2XPD-9HFW-T3NC").
 */
export function normaliseSecondFactorCode(code: string): string {
  return code.replace(/\s+/g, '').toLowerCase();
}

export const secondFactorCodeSchema = z
  .string({ error: 'Escribe el código' })
  .trim()
  .min(1, 'Escribe el código')
  .max(40, 'El código no es válido')
  .transform(normaliseSecondFactorCode);

/** POST /api/account/second-factor/confirm: the first code of the app, which turns it on. */
export const secondFactorConfirmSchema = z.strictObject({ code: secondFactorCodeSchema });
export type SecondFactorConfirmInput = z.input<typeof secondFactorConfirmSchema>;

/** POST /api/account/second-factor/disable: a current code (or a recovery code), or the password. */
export const secondFactorDisableSchema = z.strictObject({
  proof: z.string({ error: 'Escribe un código o tu contraseña' }).min(1, 'Escribe un código o tu contraseña').max(200),
});
export type SecondFactorDisableInput = z.input<typeof secondFactorDisableSchema>;

/** GET /api/account/second-factor: where the signed-in user's two-step sign-in stands. */
export interface SecondFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  /** Recovery codes not used yet (0 when it is off). */
  recoveryCodesLeft: number;
  /** Whether the user may turn it on (owners); one who has it on may always turn it off. */
  available: boolean;
}

/**
 * POST /api/account/second-factor/setup: a new secret for the app, shown this once (as text and as
 * the `otpauth://` link its QR code holds). It does nothing until a first code confirms it.
 */
export interface SecondFactorSetup {
  secret: string;
  uri: string;
}

/** POST /api/account/second-factor/confirm: the recovery codes, shown once; only their hashes are kept. */
export interface SecondFactorConfirmReply {
  recoveryCodes: string[];
}

export const SECOND_FACTOR_REQUIRED_MESSAGE = 'Escribe el código de tu aplicación de autenticación';
export const SECOND_FACTOR_INVALID_MESSAGE = 'El código no es correcto o ya se usó';
