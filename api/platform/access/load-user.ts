import type { Context, Next } from 'koa';
import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import type { CompanyGrant } from '../../../contract';
import { UserCompanyRoleEntity, UserEntity } from '../../../db/entities';
import { Access } from './access';

/**
 * Loads the signed-in user into ctx.state.user, and what they may reach into ctx.state.access,
 * when there is one. Both are read on every request, so a disabled or removed user's next request
 * is signed out (their session ended) and a role change takes effect at once, whatever their
 * cookie says. An owner's reach needs no second query.
 */
export function loadUser(dataSource: DataSource) {
  const users = dataSource.getRepository(UserEntity);
  return async (ctx: Context, next: Next) => {
    const userId = ctx.session?.userId;
    if (typeof userId === 'number') {
      const user = await users.findOneBy({ id: userId, status: 'active', removedAt: IsNull() });
      if (user) {
        ctx.state.user = user;
        ctx.state.access = new Access(user, await grantsOf(dataSource.manager, user));
      } else ctx.session = null;
    }
    await next();
  };
}

/** A member's roles, company by company (an owner needs none: they reach every company). */
export async function grantsOf(em: EntityManager, user: UserEntity): Promise<CompanyGrant[]> {
  if (user.role === 'owner') return [];
  const rows = await em.find(UserCompanyRoleEntity, { where: { userId: user.id }, select: { companyId: true, role: true }, order: { companyId: 'ASC' } });
  return rows.map(({ companyId, role }) => ({ companyId, role }));
}
