import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import { INSTALLATION_ROLE_LABELS, LAST_OWNER_REFUSAL, USER_STATUS_LABELS, type AccountLink, type ActivityAction, type ActivityChanges, type InviteUserValues, type PasswordChangeInput } from '../../../contract';
import { UserEntity } from '../../../db/entities';
import { hashPassword, verifyPassword } from '../lib/password';
import { assertPasswordAllowed, lockUserCreation } from '../auth/service';
import { recordActivity, type Actor } from '../activity/record';
import { badRequest, conflict, notFound } from '../http/errors';
import { endSessionsOf } from '../http/session';
import { createAccountLink, expireOpenLinks, redeemAccountLink, usableLink } from './links';

/**
 * The owners' work on accounts ("Usuarios") and each user's on their own. Every change runs in a
 * transaction of its own; the ones that could leave no active owner run under the owners' lock.
 */

/** The users an owner sees: everyone but the removed, oldest first. */
export function listUsers(em: EntityManager): Promise<UserEntity[]> {
  return em.find(UserEntity, { where: { removedAt: IsNull() }, order: { createdAt: 'ASC', id: 'ASC' } });
}

/**
 * Invites a person: a user with no password yet (`invited`) and their invitation link. The
 * username is checked under the lock of user creation, removed users' names included (they stay
 * theirs, so records name one person).
 */
export function inviteUser(dataSource: DataSource, values: InviteUserValues, actor: Actor): Promise<{ user: UserEntity; link: AccountLink }> {
  return dataSource.transaction(async (tx) => {
    await lockUserCreation(tx);
    if (await tx.existsBy(UserEntity, { username: values.username })) throw conflict('El nombre de usuario ya está en uso');
    const user = await tx.save(tx.create(UserEntity, { ...values, passwordHash: null, status: 'invited' }));
    const link = await createAccountLink(tx, user.id, 'invitation', actor.userId);
    await recordUser(tx, actor, user, 'invited', `Invitó a ${nameOf(user)} (${user.username})`, {
      username: [null, user.username],
      nombre: [null, nameOf(user)],
      email: [null, user.email],
      rol: [null, INSTALLATION_ROLE_LABELS[user.role]],
    });
    return { user, link };
  });
}

const nameOf = (user: UserEntity) => `${user.firstName} ${user.lastName}`;

/** An entry of "Actividad" about a user: the installation's, seen by owners only. */
function recordUser(tx: EntityManager, actor: Actor, user: UserEntity, action: ActivityAction, summary: string, changes?: ActivityChanges) {
  return recordActivity(tx, actor, { companyId: null, kind: 'user', objectId: user.id, action, summary, changes });
}

/** Serialises, until the transaction ends, every change that could leave the installation without an active owner. */
async function lockOwners(tx: EntityManager): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['users.owners']);
}

async function findListedUser(tx: EntityManager, id: number): Promise<UserEntity> {
  const user = await tx.findOneBy(UserEntity, { id, removedAt: IsNull() });
  if (!user) throw notFound('Usuario no encontrado', { code: 'user_not_found' });
  return user;
}

/** Refuses (409 `last_owner`) a change that takes `user` away from the active owners when no other active owner would remain. Under the owners' lock. */
async function assertAnotherOwnerRemains(tx: EntityManager, user: UserEntity): Promise<void> {
  if (user.role !== 'owner' || user.status !== 'active') return;
  const others = await tx.count(UserEntity, { where: { role: 'owner', status: 'active', removedAt: IsNull() } });
  if (others <= 1) throw conflict(LAST_OWNER_REFUSAL, { code: 'last_owner' });
}

/** The user stops being able to sign in: their open links expire and every session of theirs ends at once. */
async function shutOut(tx: EntityManager, userId: number): Promise<void> {
  await expireOpenLinks(tx, userId);
  await endSessionsOf(tx, userId);
}

/** Disables a user (never the last active owner). Disabling a disabled user changes nothing. */
export function disableUser(dataSource: DataSource, id: number, actor: Actor): Promise<UserEntity> {
  return dataSource.transaction(async (tx) => {
    await lockOwners(tx);
    const user = await findListedUser(tx, id);
    if (user.status === 'disabled') return user;
    await assertAnotherOwnerRemains(tx, user);
    const was = user.status;
    user.status = 'disabled';
    await tx.update(UserEntity, { id }, { status: 'disabled' });
    await shutOut(tx, id);
    await recordUser(tx, actor, user, 'disabled', `Desactivó a ${nameOf(user)} (${user.username})`, { estado: [USER_STATUS_LABELS[was], USER_STATUS_LABELS.disabled] });
    return user;
  });
}

/** Re-enables a disabled user: active again, or invited again when they never chose a password (a new link lets them). */
export function enableUser(dataSource: DataSource, id: number, actor: Actor): Promise<UserEntity> {
  return dataSource.transaction(async (tx) => {
    const user = await findListedUser(tx, id);
    if (user.status !== 'disabled') return user;
    user.status = user.passwordHash === null ? 'invited' : 'active';
    await tx.update(UserEntity, { id }, { status: user.status });
    await recordUser(tx, actor, user, 'enabled', `Reactivó a ${nameOf(user)} (${user.username})`, { estado: [USER_STATUS_LABELS.disabled, USER_STATUS_LABELS[user.status]] });
    return user;
  });
}

/** Removes a user (never the last active owner): they leave the list and can never sign in again; their row stays, so what they did stays theirs. */
export function removeUser(dataSource: DataSource, id: number, actor: Actor): Promise<void> {
  return dataSource.transaction(async (tx) => {
    await lockOwners(tx);
    const user = await findListedUser(tx, id);
    await assertAnotherOwnerRemains(tx, user);
    await tx.update(UserEntity, { id }, { removedAt: new Date() });
    await shutOut(tx, id);
    await recordUser(tx, actor, user, 'removed', `Eliminó a ${nameOf(user)} (${user.username})`);
  });
}

/**
 * A new one-time link for the user: a password reset for an active user, a new invitation for one
 * still invited; a disabled user gets none (409 `user_not_active`: re-enable them first). Their
 * password stays as it is until the link is used.
 */
export function createUserLink(dataSource: DataSource, id: number, actor: Actor): Promise<AccountLink> {
  return dataSource.transaction(async (tx) => {
    const user = await findListedUser(tx, id);
    if (user.status === 'disabled') throw conflict('Este usuario está desactivado: reactívalo antes de crearle un enlace', { code: 'user_not_active' });
    const purpose = user.status === 'invited' ? 'invitation' : 'password_reset';
    const link = await createAccountLink(tx, id, purpose, actor.userId);
    const what = purpose === 'invitation' ? 'un nuevo enlace de invitación' : 'un enlace para restablecer la contraseña';
    await recordUser(tx, actor, user, 'link', `Creó ${what} para ${nameOf(user)} (${user.username})`);
    return link;
  });
}

/**
 * Redeems an invitation or reset link with the password the person chose: the password rule is
 * checked against the link's user, the link used in one statement, and every session the user
 * had ends (the caller signs this browser in). The user, now active.
 */
export async function redeemLink(dataSource: DataSource, token: string, password: string): Promise<UserEntity> {
  const { userId } = await usableLink(dataSource.manager, token); // refused before any hashing
  assertPasswordAllowed(password, await dataSource.manager.findOneByOrFail(UserEntity, { id: userId }));
  const passwordHash = await hashPassword(password);
  return dataSource.transaction(async (tx) => {
    const userId = await redeemAccountLink(tx, token, passwordHash);
    await endSessionsOf(tx, userId);
    return tx.findOneByOrFail(UserEntity, { id: userId });
  });
}

/**
 * Changes the signed-in user's own password: the current one is required (400 on the
 * `currentPassword` field when wrong), the new one follows the rule, and open reset links expire.
 * The caller ends the user's other sessions.
 */
export async function changeOwnPassword(dataSource: DataSource, user: UserEntity, input: PasswordChangeInput): Promise<void> {
  const stored = await dataSource.manager.findOneBy(UserEntity, { id: user.id });
  if (!(await verifyPassword(stored?.passwordHash ?? undefined, input.currentPassword))) {
    const message = 'La contraseña actual no es correcta';
    throw badRequest(message, { code: 'validation_failed', issues: [{ path: 'currentPassword', message }] });
  }
  assertPasswordAllowed(input.newPassword, user, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await dataSource.transaction(async (tx) => {
    await tx.update(UserEntity, { id: user.id }, { passwordHash });
    await expireOpenLinks(tx, user.id);
  });
}
