import type { Context, Next } from 'koa';
import type { DataSource } from 'typeorm';
import { UserEntity } from '../../../db/entities';
import { unauthorized } from './errors';

/** Loads the signed-in user into ctx.state.user when there is one. */
export function loadUser(dataSource: DataSource) {
  const users = dataSource.getRepository(UserEntity);
  return async (ctx: Context, next: Next) => {
    const userId = ctx.session?.userId;
    if (typeof userId === 'number') {
      const user = await users.findOneBy({ id: userId });
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
