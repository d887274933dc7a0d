import { generateSecret, generateURI, verify } from 'otplib';
import type { DataSource, EntityManager } from 'typeorm';
import {
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_PATTERN,
  SECOND_FACTOR_INVALID_MESSAGE,
  TOTP_CODE_PATTERN,
  normaliseSecondFactorCode,
  type SecondFactorConfirmReply,
  type SecondFactorSetup,
  type SecondFactorStatus,
} from '../../../contract';
import { UserEntity, UserSecondFactorEntity } from '../../../db/entities';
import { verifyPassword } from '../lib/password';
import { badRequest, conflict } from '../http/errors';
import type { Actor } from '../activity/record';
import { newRecoveryCode, recoveryCodeHash, type SecretSealer } from './sealing';
import { recordUser } from '../activity/record';

/** The name authenticator apps show next to the account. */
const TOTP_ISSUER = 'Triviando';
/** A code of the step before or after the server's is accepted too: phones' clocks drift. */
const EPOCH_TOLERANCE_SECONDS = 30;

/** A user's second factor that is on, or null (none, or a set-up not confirmed yet). */
export async function enabledSecondFactor(em: EntityManager, userId: number): Promise<UserSecondFactorEntity | null> {
  const row = await em.findOneBy(UserSecondFactorEntity, { userId });
  return row?.enabledAt ? row : null;
}

export async function secondFactorStatus(em: EntityManager, user: UserEntity): Promise<SecondFactorStatus> {
  const row = await enabledSecondFactor(em, user.id);
  return {
    enabled: Boolean(row),
    enabledAt: row?.enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: row?.recoveryCodeHashes.length ?? 0,
    available: user.role === 'owner',
  };
}

/**
 * A new secret for the user's app, replacing any set-up not confirmed yet (owners only: the
 * route's guard); 409 `second_factor_enabled` when it is on already (turn it off first). Its
 * entry in "Actividad" (the installation's, like every own-account entry) never holds the secret.
 */
export async function startSetup(em: EntityManager, sealer: SecretSealer, user: UserEntity, actor: Actor): Promise<SecondFactorSetup> {
  if (await enabledSecondFactor(em, user.id)) throw conflict('La verificación en dos pasos ya está activada', { code: 'second_factor_enabled' });
  const secret = generateSecret();
  await em.transaction(async (tx) => {
    await tx.upsert(UserSecondFactorEntity, { userId: user.id, sealedSecret: sealer.seal(secret), enabledAt: null, lastTimeStep: null, recoveryCodeHashes: [] }, ['userId']);
    await recordUser(tx, actor, user, 'changed', 'Empezó a activar la verificación en dos pasos');
  });
  return { secret, uri: generateURI({ issuer: TOTP_ISSUER, label: user.username, secret }) };
}

const invalidCode = (field: string) => badRequest(SECOND_FACTOR_INVALID_MESSAGE, { code: 'second_factor_invalid', issues: [{ path: field, message: SECOND_FACTOR_INVALID_MESSAGE }] });

/**
 * Turns it on with the app's first code (400 `second_factor_invalid` on `code` when wrong; 409
 * `second_factor_not_pending` without a set-up). The recovery codes, shown this once.
 */
export async function confirmSetup(dataSource: DataSource, sealer: SecretSealer, user: UserEntity, code: string, actor: Actor): Promise<SecondFactorConfirmReply> {
  return dataSource.transaction(async (tx) => {
    const row = await tx.findOne(UserSecondFactorEntity, { where: { userId: user.id }, lock: { mode: 'pessimistic_write' } });
    if (row?.enabledAt) throw conflict('La verificación en dos pasos ya está activada', { code: 'second_factor_enabled' });
    if (!row) throw conflict('Empieza de nuevo la activación: no hay ninguna en curso', { code: 'second_factor_not_pending' });
    const step = await matchingTimeStep(sealer, row, code);
    if (step === null) throw invalidCode('code');
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.update(UserSecondFactorEntity, { userId: user.id }, { enabledAt: new Date(), lastTimeStep: step, recoveryCodeHashes: recoveryCodes.map(recoveryCodeHash) });
    await recordUser(tx, actor, user, 'changed', 'Activó la verificación en dos pasos');
    return { recoveryCodes };
  });
}

/**
 * Turns it off (and drops a pending set-up) with a proof that the person at the screen is the
 * user: a current code, a recovery code, or the password (400 `second_factor_invalid` on `proof`).
 * Nothing to change when it is off (the entry in "Actividad" says so); never the proof in it.
 */
export async function disableSecondFactor(em: EntityManager, sealer: SecretSealer, user: UserEntity, proof: string, actor: Actor): Promise<void> {
  await em.transaction(async (tx) => {
    const row = await tx.findOne(UserSecondFactorEntity, { where: { userId: user.id }, lock: { mode: 'pessimistic_write' } });
    if (row?.enabledAt) {
      const stored = await tx.findOneBy(UserEntity, { id: user.id });
      const proven = (await acceptSecondFactorCode(tx, sealer, row, normaliseSecondFactorCode(proof))) || (await verifyPassword(stored?.passwordHash ?? undefined, proof));
      if (!proven) throw badRequest('El código o la contraseña no son correctos', { code: 'second_factor_invalid', issues: [{ path: 'proof', message: 'El código o la contraseña no son correctos' }] });
    }
    if (row) await tx.delete(UserSecondFactorEntity, { userId: user.id });
    const summary = row?.enabledAt ? 'Desactivó la verificación en dos pasos' : row ? 'Canceló la activación de la verificación en dos pasos' : 'Desactivó la verificación en dos pasos, que no estaba activada: sin cambios';
    await recordUser(tx, actor, user, 'changed', summary);
  });
}

/**
 * Spends a sign-in code of a user whose second factor is on: a code of the app, once (its time
 * step must come after the last accepted one, claimed in one statement so two parallel requests
 * cannot both use it), or a recovery code, removed as it is used. False for anything else.
 */
export async function acceptSecondFactorCode(em: EntityManager, sealer: SecretSealer, row: UserSecondFactorEntity, code: string): Promise<boolean> {
  if (RECOVERY_CODE_PATTERN.test(code)) {
    const [, spent] = await em.query(
      `UPDATE user_second_factors SET recovery_code_hashes = array_remove(recovery_code_hashes, $2) WHERE user_id = $1 AND enabled_at IS NOT NULL AND $2 = ANY(recovery_code_hashes)`,
      [row.userId, recoveryCodeHash(code)],
    );
    return spent === 1;
  }
  const step = await matchingTimeStep(sealer, row, code);
  if (step === null) return false;
  const [, claimed] = await em.query(
    `UPDATE user_second_factors SET last_time_step = $2 WHERE user_id = $1 AND enabled_at IS NOT NULL AND (last_time_step IS NULL OR last_time_step < $2)`,
    [row.userId, step],
  );
  return claimed === 1;
}

/** The time step whose code `code` is (after the last accepted one), or null. */
async function matchingTimeStep(sealer: SecretSealer, row: UserSecondFactorEntity, code: string): Promise<number | null> {
  if (!TOTP_CODE_PATTERN.test(code)) return null;
  const secret = sealer.unseal(row.sealedSecret);
  if (!secret) return null;
  try {
    const result = await verify({ secret, token: code, epochTolerance: EPOCH_TOLERANCE_SECONDS, afterTimeStep: row.lastTimeStep ?? undefined });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null; // a last step ahead of the clock (the server's clock went back): no code until it catches up
  }
}
