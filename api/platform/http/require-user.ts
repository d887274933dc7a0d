import type { Context, Next } from 'koa';
import { IsNull, type DataSource } from 'typeorm';
import { OWNER_REQUIRED_REFUSAL } from '../../../contract';
import { UserEntity } from '../../../db/entities';
import { forbidden, unauthorized } from './errors';

/**
 * Loads the signed-in user into ctx.state.user when there is one. The user is read on every
 * request, so a disabled or removed user's next request is signed out (their session ended),
 * whatever their cookie says.
 */
export function loadUser(dataSource: DataSource) {
  const users = dataSource.getRepository(UserEntity);
  return async (ctx: Context, next: Next) => {
    const userId = ctx.session?.userId;
    if (typeof userId === 'number') {
      const user = await users.findOneBy({ id: userId, status: 'active', removedAt: IsNull() });
      if (user) ctx.state.user = user;
      else ctx.session = null;
    }
    await next();
  };
}

/** The admin access level: a signed-in user, otherwise 401. */
export async function requireUser(ctx: Context, next: Next) {
  if (!ctx.state.user) throw unauthorized();
  await next();
}

/** The owners' level (users, and later the installation's settings): 401 signed out, 403 `owner_required` for anyone else. */
export async function requireOwner(ctx: Context, next: Next) {
  const user = ctx.state.user as UserEntity | undefined;
  if (!user) throw unauthorized();
  if (user.role !== 'owner') throw forbidden(OWNER_REQUIRED_REFUSAL, { code: 'owner_required' });
  await next();
}
