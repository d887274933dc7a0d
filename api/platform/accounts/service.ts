import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import { USER_STATUS_LABELS, type AccountLink, type InviteUserValues, type PasswordChangeInput } from '../../../contract';
import { UserEntity } from '../../../db/entities';
import { hashPassword, verifyPassword } from '../lib/password';
import { assertPasswordAllowed, lockUserCreation } from '../auth/service';
import type { Actor } from '../activity/record';
import { badRequest, conflict } from '../http/errors';
import { endSessionsOf } from '../http/session';
import { createAccountLink, expireOpenLinks, redeemAccountLink, usableLink } from './links';
import { accessChanges, writeAccess } from './user-access';
import { assertAnotherOwnerRemains, findListedUser, lockOwners, nameOf } from './user-changes';
import { recordUser } from '../activity/record';

/**
 * The owners' work on accounts ("Usuarios") and each user's on their own. Every change runs in a
 * transaction of its own; the ones that could leave no active owner run under the owners' lock.
 */

/** The users an owner sees: everyone but the removed, oldest first. */
export function listUsers(em: EntityManager): Promise<UserEntity[]> {
  return em.find(UserEntity, { where: { removedAt: IsNull() }, order: { createdAt: 'ASC', id: 'ASC' } });
}

/**
 * Invites a person: a user with no password yet (`invited`), their access (an owner, or a member
 * with a role per company) and their invitation link, in one transaction. The username is checked
 * under the lock of user creation, removed users' names included (they stay theirs, so records
 * name one person).
 */
export function inviteUser(dataSource: DataSource, values: InviteUserValues, actor: Actor): Promise<{ user: UserEntity; link: AccountLink }> {
  const { companies, ...fields } = values;
  return dataSource.transaction(async (tx) => {
    await lockUserCreation(tx);
    if (await tx.existsBy(UserEntity, { username: fields.username })) throw conflict('El nombre de usuario ya está en uso');
    const user = await tx.save(tx.create(UserEntity, { ...fields, passwordHash: null, status: 'invited' }));
    await writeAccess(tx, user.id, companies);
    const link = await createAccountLink(tx, user.id, 'invitation', actor.userId);
    await recordUser(tx, actor, user, 'invited', `Invitó a ${nameOf(user)} (${user.username})`, {
      username: [null, user.username],
      nombre: [null, nameOf(user)],
      email: [null, user.email],
      ...(await accessChanges(tx, { role: null, companies: [] }, { role: user.role, companies })),
    });
    return { user, link };
  });
}

/** The user stops being able to sign in: their open links expire and every session of theirs ends at once. */
async function shutOut(tx: EntityManager, userId: number): Promise<void> {
  await expireOpenLinks(tx, userId);
  await endSessionsOf(tx, userId);
}

/** Disables a user (never the last active owner). Disabling a disabled user changes nothing (its entry says so). */
export function disableUser(dataSource: DataSource, id: number, actor: Actor): Promise<UserEntity> {
  return dataSource.transaction(async (tx) => {
    await lockOwners(tx);
    const user = await findListedUser(tx, id);
    if (user.status === 'disabled') {
      await recordUser(tx, actor, user, 'disabled', `Desactivó a ${nameOf(user)} (${user.username}), que ya estaba desactivado: sin cambios`);
      return user;
    }
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
    if (user.status !== 'disabled') {
      await recordUser(tx, actor, user, 'enabled', `Reactivó a ${nameOf(user)} (${user.username}), que no estaba desactivado: sin cambios`);
      return user;
    }
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
 * The hash of the signed-in user's new password, once the current one is right (400 on the
 * `currentPassword` field when wrong) and the new one follows the rule. `setOwnPassword` stores it.
 */
export async function newOwnPasswordHash(em: EntityManager, user: UserEntity, input: PasswordChangeInput): Promise<string> {
  const stored = await em.findOneBy(UserEntity, { id: user.id });
  if (!(await verifyPassword(stored?.passwordHash ?? undefined, input.currentPassword))) {
    const message = 'La contraseña actual no es correcta';
    throw badRequest(message, { code: 'validation_failed', issues: [{ path: 'currentPassword', message }] });
  }
  assertPasswordAllowed(input.newPassword, user, 'newPassword');
  return hashPassword(input.newPassword);
}

/**
 * Stores the user's own new password in the transaction that ended their other sessions: open
 * reset links expire, and its entry in "Actividad" (the installation's; never the password) says
 * how many sessions ended.
 */
export async function setOwnPassword(tx: EntityManager, actor: Actor, user: UserEntity, passwordHash: string, endedSessions: number): Promise<void> {
  await tx.update(UserEntity, { id: user.id }, { passwordHash });
  await expireOpenLinks(tx, user.id);
  await recordUser(tx, actor, user, 'changed', `Cambió su contraseña y cerró ${sessionsText(endedSessions)} en otros dispositivos`);
}

/** "1 sesión", "3 sesiones": how an own-account entry counts sessions. */
export const sessionsText = (count: number) => (count === 1 ? '1 sesión' : `${count} sesiones`);
