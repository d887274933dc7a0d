import type { EntityManager } from 'typeorm';
import { SECOND_FACTOR_INVALID_MESSAGE, SECOND_FACTOR_REQUIRED_MESSAGE } from '../../../contract';
import type { UserEntity } from '../../../db/entities';
import { AppError } from '../http/errors';
import type { RateLimiter } from '../http/rate-limit';
import { acceptSecondFactorCode, enabledSecondFactor } from './service';
import type { SecretSealer } from './sealing';

/** The user's own count of wrong codes, on the login limiter: at sign-in and in "Mi cuenta" alike. */
export const secondFactorLimitKey = (userId: number) => `login-code:${userId}`;

/**
 * The second step of POST /api/login, after a right password. A user without a second factor
 * passes. One with it on and no code: 401 `second_factor_required`, no session, and the address's
 * point given back (the password was right; the screen now asks for the code). A wrong or used code:
 * 401 `second_factor_invalid`, and it counts twice: on the address's limit (its point is kept) and
 * on the user's own (`login-code:{id}`, so guesses spread over many addresses are limited too).
 */
export async function secondStepOfSignIn(
  em: EntityManager,
  sealer: SecretSealer,
  limiter: RateLimiter,
  addressKey: string,
  user: UserEntity,
  code: string | undefined,
): Promise<void> {
  const row = await enabledSecondFactor(em, user.id);
  if (!row) return;
  if (code === undefined) {
    await limiter.refund(addressKey);
    throw new AppError(401, SECOND_FACTOR_REQUIRED_MESSAGE, { code: 'second_factor_required' });
  }
  const userKey = secondFactorLimitKey(user.id);
  await limiter.spend(userKey);
  if (!(await acceptSecondFactorCode(em, sealer, row, code))) throw new AppError(401, SECOND_FACTOR_INVALID_MESSAGE, { code: 'second_factor_invalid' });
  await limiter.refund(userKey);
}

/**
 * A redeemed reset link sets the password but, for a user with two-step sign-in on, signs no one in:
 * 401 `second_factor_required`, so a link seen by someone else is not a way past the code.
 */
export async function refuseWithoutSecondStep(em: EntityManager, user: UserEntity): Promise<void> {
  if (await enabledSecondFactor(em, user.id)) {
    throw new AppError(401, 'Contraseña guardada. Inicia sesión con ella y el código de tu aplicación.', { code: 'second_factor_required' });
  }
}
