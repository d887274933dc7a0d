import type { EntityManager } from 'typeorm';
import { LOGIN_FAILED_MESSAGE, type RegisterInput } from '../../../contract';
import { UserEntity } from '../../../db/entities';
import { conflict, unauthorized } from '../http/errors';
import { hashPassword, verifyPassword } from './password';

/** One message whether the user exists or not. */
export async function authenticate(em: EntityManager, username: string, password: string): Promise<UserEntity> {
  const user = await em.findOneBy(UserEntity, { username });
  const valid = await verifyPassword(user?.passwordHash, password);
  if (!user || !valid) throw unauthorized(LOGIN_FAILED_MESSAGE);
  return user;
}

/** Serialises, until the transaction ends, everything that decides "is this the first user?". */
export async function lockUserCreation(tx: EntityManager): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['users.register']);
}

/**
 * Creates a user. Public only while no user exists (the bootstrap rule); afterwards only a
 * signed-in admin may. The rule is checked under the same lock as the insert, so two public
 * "first user" requests cannot both pass it.
 */
export async function registerUser(em: EntityManager, input: RegisterInput, caller: { signedIn: boolean }): Promise<UserEntity> {
  if (!caller.signedIn && (await em.exists(UserEntity))) throw unauthorized(); // cheap refusal before hashing
  const passwordHash = await hashPassword(input.password);
  return em.transaction(async (tx) => {
    await lockUserCreation(tx);
    if (!caller.signedIn && (await tx.count(UserEntity)) > 0) throw unauthorized();
    if (await tx.existsBy(UserEntity, { username: input.username })) {
      throw conflict('El nombre de usuario ya está en uso');
    }
    return tx.save(
      tx.create(UserEntity, {
        username: input.username,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        role: 'admin',
      }),
    );
  });
}

