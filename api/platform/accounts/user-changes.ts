import { IsNull, type EntityManager } from 'typeorm';
import { LAST_OWNER_REFUSAL } from '../../../contract';
import { UserEntity } from '../../../db/entities';
import { conflict, notFound } from '../http/errors';

/**
 * What every owner's change to a user starts with: the user, if still listed, and, for a change
 * that could leave the installation without an active owner, the owners' lock and the check; and
 * what it ends with, its entry in "Actividad".
 */

/** Serialises, until the transaction ends, every change that could leave the installation without an active owner. */
export async function lockOwners(tx: EntityManager): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['users.owners']);
}

/** A user who is not removed, or 404 `user_not_found`. */
export async function findListedUser(tx: EntityManager, id: number): Promise<UserEntity> {
  const user = await tx.findOneBy(UserEntity, { id, removedAt: IsNull() });
  if (!user) throw notFound('Usuario no encontrado', { code: 'user_not_found' });
  return user;
}

/**
 * Refuses (409 `last_owner`) a change that takes `user` away from the active owners (disabling,
 * removing, demoting) when no other active owner would remain. Under the owners' lock.
 */
export async function assertAnotherOwnerRemains(tx: EntityManager, user: UserEntity): Promise<void> {
  if (user.role !== 'owner' || user.status !== 'active') return;
  const others = await tx.count(UserEntity, { where: { role: 'owner', status: 'active', removedAt: IsNull() } });
  if (others <= 1) throw conflict(LAST_OWNER_REFUSAL, { code: 'last_owner' });
}

export const nameOf = (user: UserEntity) => `${user.firstName} ${user.lastName}`;

