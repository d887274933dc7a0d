import type { EntityManager } from 'typeorm';
import { LOGIN_FAILED_MESSAGE, type RegisterInput } from '../../contract';
import { UserEntity } from '../../db/entities';
import { conflict, unauthorized } from '../errors';
import { hashPassword, verifyPassword } from './password';

/** One message whether the user exists or not. */
export async function authenticate(em: EntityManager, username: string, password: string): Promise<UserEntity> {
  const user = await em.findOneBy(UserEntity, { username });
  const valid = await verifyPassword(user?.passwordHash, password);
  if (!user || !valid) throw unauthorized(LOGIN_FAILED_MESSAGE);
  return user;
}

export async function countUsers(em: EntityManager): Promise<number> {
  return em.count(UserEntity);
}

/**
 * Creates a user. Public only while no user exists (the bootstrap rule); afterwards only a
 * signed-in admin may call it, which the route checks before calling this.
 */
export async function registerUser(em: EntityManager, input: RegisterInput): Promise<UserEntity> {
  const passwordHash = await hashPassword(input.password);
  return em.transaction(async (tx) => {
    // Serialise registrations so two "first user" requests cannot both pass the bootstrap rule.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['users.register']);
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

