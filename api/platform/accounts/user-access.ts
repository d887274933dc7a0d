import type { DataSource, EntityManager } from 'typeorm';
import {
  COMPANY_ROLE_LABELS,
  COMPANY_UNKNOWN,
  type ActivityChanges,
  type CompanyGrant,
  type InstallationRole,
  type UserAccessValues,
  type UserCompanyAccess,
  type UserListItem,
} from '../../../contract';
import { UserEntity } from '../../../db/entities';
import { changesBetween, recordUser, type Actor } from '../activity/record';
import { badRequest } from '../http/errors';
import { presentListedUser } from './presenter';
import { assertAnotherOwnerRemains, findListedUser, lockOwners, nameOf } from './user-changes';

/**
 * A user's access as owners give it in "Usuarios": an owner of the installation, or a member with
 * a role per company (`user_company_roles`). The API reads it on every request
 * (api/platform/access/load-user.ts), so a change takes effect on the user's next request.
 */

/** Each user's companies and role in each, by company name (users with none are left out). */
export async function companyAccessOf(em: EntityManager, userIds: number[]): Promise<Map<number, UserCompanyAccess[]>> {
  const byUser = new Map<number, UserCompanyAccess[]>();
  if (userIds.length === 0) return byUser;
  const rows: { user_id: number; company_id: number; company_name: string; role: UserCompanyAccess['role'] }[] = await em.query(
    `SELECT r.user_id, r.company_id, c.name AS company_name, r.role
       FROM user_company_roles r JOIN companies c ON c.id = r.company_id
      WHERE r.user_id = ANY($1::int[])
      ORDER BY c.name, c.id`,
    [userIds],
  );
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push({ companyId: row.company_id, companyName: row.company_name, role: row.role });
    byUser.set(row.user_id, list);
  }
  return byUser;
}

/** Users as "Usuarios" lists them, each with their companies (none for an owner). */
export async function presentListedUsers(em: EntityManager, users: UserEntity[]): Promise<UserListItem[]> {
  const access = await companyAccessOf(
    em,
    users.filter((user) => user.role === 'member').map((user) => user.id),
  );
  return users.map((user) => presentListedUser(user, access.get(user.id) ?? []));
}

/**
 * Replaces a user's company roles with `grants` (none for an owner). Every company must exist
 * (400 `validation_failed` on `companies.N.companyId` otherwise); they are held (`FOR KEY SHARE`)
 * until the transaction ends, so none is deleted between the check and the write.
 */
export async function writeAccess(tx: EntityManager, userId: number, grants: CompanyGrant[]): Promise<void> {
  const ids = grants.map((grant) => grant.companyId);
  if (ids.length > 0) {
    const rows: { id: number }[] = await tx.query(`SELECT id FROM companies WHERE id = ANY($1::int[]) FOR KEY SHARE`, [ids]);
    const found = new Set(rows.map((row) => Number(row.id)));
    const issues = grants.flatMap((grant, index) => (found.has(grant.companyId) ? [] : [{ path: `companies.${index}.companyId`, message: COMPANY_UNKNOWN }]));
    if (issues.length > 0) throw badRequest(COMPANY_UNKNOWN, { code: 'validation_failed', issues });
  }
  await tx.query(`DELETE FROM user_company_roles WHERE user_id = $1`, [userId]);
  if (ids.length > 0) {
    await tx.query(`INSERT INTO user_company_roles (user_id, company_id, role) SELECT $1, unnest($2::int[]), unnest($3::varchar[])`, [
      userId,
      ids,
      grants.map((grant) => grant.role),
    ]);
  }
}

/**
 * What an entry of "Actividad" says of an access change, {field: [before, after]}: `rol` (owner or
 * member) and `empresas` ("Acme: Organizador, Zeta: Cliente (solo lectura)"), when they differ.
 */
export async function accessChanges(
  tx: EntityManager,
  before: { role: InstallationRole | null; companies: CompanyGrant[] },
  after: { role: InstallationRole; companies: CompanyGrant[] },
): Promise<ActivityChanges> {
  const ids = [...new Set([...before.companies, ...after.companies].map((grant) => grant.companyId))];
  const rows: { id: number; name: string }[] = ids.length ? await tx.query(`SELECT id, name FROM companies WHERE id = ANY($1::int[])`, [ids]) : [];
  const names = new Map(rows.map((row) => [Number(row.id), row.name]));
  const text = (grants: CompanyGrant[]) =>
    grants
      .map((grant) => `${names.get(grant.companyId) ?? `#${grant.companyId}`}: ${COMPANY_ROLE_LABELS[grant.role]}`)
      .sort((a, b) => a.localeCompare(b, 'es'))
      .join(', ') || null;
  const version = (access: { role: InstallationRole | null; companies: CompanyGrant[] }) => (access.role === null ? null : { rol: access.role, empresas: text(access.companies) });
  return changesBetween(version(before), version(after), ['rol', 'empresas']);
}

/**
 * Changes a user's access ("Cambiar acceso"), replacing what they had, in one transaction under the
 * owners' lock, with its entry in "Actividad" (none when nothing changed): the last active owner
 * cannot be demoted (409 `last_owner`). Their sessions stay; their next request is served with the
 * new access.
 */
export function changeUserAccess(dataSource: DataSource, id: number, values: UserAccessValues, actor: Actor): Promise<UserListItem> {
  return dataSource.transaction(async (tx) => {
    await lockOwners(tx);
    const user = await findListedUser(tx, id);
    if (values.role !== 'owner') await assertAnotherOwnerRemains(tx, user);
    const had = (await companyAccessOf(tx, [id])).get(id) ?? [];
    await writeAccess(tx, id, values.companies);
    if (user.role !== values.role) await tx.update(UserEntity, { id }, { role: values.role });
    const changes = await accessChanges(tx, { role: user.role, companies: user.role === 'owner' ? [] : had }, values);
    user.role = values.role;
    const same = Object.keys(changes).length === 0;
    await recordUser(tx, actor, user, 'changed', `Cambió el acceso de ${nameOf(user)} (${user.username})${same ? ': sin cambios' : ''}`, changes);
    const [listed] = await presentListedUsers(tx, [user]);
    return listed!;
  });
}
