import type { EntityManager } from 'typeorm';
import { LOGIN_FAILED_MESSAGE, type PasswordOwner, type RegisterInput } from '../../../contract';
import { passwordVerdict } from '../../../contract/password-strength';
import { UserEntity } from '../../../db/entities';
import { badRequest, conflict, unauthorized } from '../http/errors';
import { hashPassword, verifyPassword } from '../lib/password';
import { recordActivity, type Actor } from '../activity/record';

/**
 * The user a username and password name. One message whether the user exists or not, is invited
 * (no password yet), disabled or removed: nothing tells an account that exists from one that does
 * not. The caller records the sign-in once every step passed (`recordSignIn`).
 */
export async function authenticate(em: EntityManager, username: string, password: string): Promise<UserEntity> {
  const user = await em.findOneBy(UserEntity, { username });
  const valid = await verifyPassword(user?.passwordHash ?? undefined, password);
  if (!user || !valid || user.status !== 'active' || user.removedAt) throw unauthorized(LOGIN_FAILED_MESSAGE);
  return user;
}

/** When the user last signed in (a password, or a redeemed account link), for "Usuarios". */
export async function recordSignIn(em: EntityManager, user: UserEntity): Promise<void> {
  user.lastSignInAt = new Date();
  await em.update(UserEntity, { id: user.id }, { lastSignInAt: user.lastSignInAt });
}

/**
 * The password rule's refusal (contract/password-strength.ts: length, not the username, and a
 * zxcvbn score of PASSWORD_MIN_SCORE or more against the person's own words), in the shape of a
 * failed field (400 `validation_failed`).
 */
export function assertPasswordAllowed(password: string, owner: PasswordOwner, field = 'password'): void {
  const { problem } = passwordVerdict(password, owner);
  if (problem) throw badRequest(problem, { code: 'validation_failed', issues: [{ path: field, message: problem }] });
}

/** Serialises, until the transaction ends, everything that decides "is this the first user?". */
export async function lockUserCreation(tx: EntityManager): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['users.register']);
}

/** Who registers a user: a signed-in owner (`actor`), or nobody yet: the first user, whose own registration is recorded as theirs. */
export type Registrar = { actor: Actor } | { firstUserFrom: string | null };

/**
 * Creates an owner with a password, with its entry in "Actividad" (the installation's). Public
 * only while no user exists (the bootstrap rule); afterwards only a signed-in owner may (the
 * route's guard). The rule is checked under the same lock as the insert, so two public "first
 * user" requests cannot both pass it.
 */
export async function registerUser(em: EntityManager, input: RegisterInput, by: Registrar): Promise<UserEntity> {
  const signedIn = 'actor' in by;
  if (!signedIn && (await em.exists(UserEntity))) throw unauthorized(); // cheap refusal before hashing
  assertPasswordAllowed(input.password, input);
  const passwordHash = await hashPassword(input.password);
  return em.transaction(async (tx) => {
    await lockUserCreation(tx);
    if (!signedIn && (await tx.count(UserEntity)) > 0) throw unauthorized();
    if (await tx.existsBy(UserEntity, { username: input.username })) {
      throw conflict('El nombre de usuario ya está en uso');
    }
    const user = await tx.save(
      tx.create(UserEntity, {
        username: input.username,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        role: 'owner',
        status: 'active',
      }),
    );
    const actor = signedIn ? by.actor : { userId: user.id, address: by.firstUserFrom };
    await recordActivity(tx, actor, {
      companyId: null,
      kind: 'user',
      objectId: user.id,
      action: 'created',
      summary: signedIn ? `Registró a ${user.firstName} ${user.lastName} (${user.username}) como propietario` : `Se registró como primer usuario: ${user.firstName} ${user.lastName} (${user.username})`,
      changes: { username: [null, user.username], role: [null, 'owner'] },
    });
    return user;
  });
}

