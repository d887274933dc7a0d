import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import {
  accountLinkCheckSchema,
  accountLinkRedeemSchema,
  idParamsSchema,
  inviteUserSchema,
  passwordChangeSchema,
  sessionHandleParamsSchema,
  type AccountSession,
  type EndOtherSessionsReply,
  type InviteReply,
  type UserListItem,
  userAccessSchema,
} from '../../../contract';
import type { UserEntity } from '../../../db/entities';
import { presentUser } from '../auth/presenter';
import type { SignInGuard } from '../auth/routes';
import type { RateLimiter } from '../http/rate-limit';
import { grantsOf } from '../access/load-user';
import { ownerOnly, signedIn } from '../access/route-access';
import { endOtherSessions, signIn } from '../http/session';
import { parse, parseBody } from '../http/validate';
import { checkAccountLink } from './links';
import { endOwnSession, listOwnSessions } from './own-sessions';
import { changeOwnPassword, createUserLink, disableUser, enableUser, inviteUser, listUsers, redeemLink, removeUser } from './service';
import { changeUserAccess, presentListedUsers } from './user-access';

/**
 * Accounts: the owners' "Usuarios" (/api/users), the public invitation and reset links
 * (/api/account-links) and each user's own account (/api/account).
 */
export function accountRoutes(dataSource: DataSource, loginLimiter: RateLimiter, refuseKioskBrowser: SignInGuard) {
  const router = new Router({ prefix: '/api' });
  const em = dataSource.manager;
  const caller = (state: { user?: UserEntity }) => state.user!;
  const listed = async (user: UserEntity): Promise<UserListItem> => (await presentListedUsers(em, [user]))[0]!;

  router.get('/users', ownerOnly, async (ctx) => {
    ctx.body = (await presentListedUsers(em, await listUsers(em))) satisfies UserListItem[];
  });

  router.post('/users', ownerOnly, async (ctx) => {
    const input = parseBody(inviteUserSchema, ctx.request.body);
    const { user, link } = await inviteUser(dataSource, input, caller(ctx.state).id);
    ctx.status = 201;
    ctx.body = { user: await listed(user), link } satisfies InviteReply;
  });

  // The user's whole access, replaced: an owner, or a member with a role per company.
  router.put('/users/:id/access', ownerOnly, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const input = parseBody(userAccessSchema, ctx.request.body);
    ctx.body = (await changeUserAccess(dataSource, id, input)) satisfies UserListItem;
  });

  router.post('/users/:id/disable', ownerOnly, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = await listed(await disableUser(dataSource, id));
  });

  router.post('/users/:id/enable', ownerOnly, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = await listed(await enableUser(dataSource, id));
  });

  router.post('/users/:id/link', ownerOnly, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.status = 201;
    ctx.body = await createUserLink(dataSource, id, caller(ctx.state).id);
  });

  router.delete('/users/:id', ownerOnly, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    await removeUser(dataSource, id);
    ctx.body = { message: 'Usuario eliminado', id };
  });

  router.post('/account-links/check', async (ctx) => {
    const { token } = parseBody(accountLinkCheckSchema, ctx.request.body);
    ctx.body = await checkAccountLink(em, token);
  });

  // Signs the person in: a browser set up as a kiosk is refused first, as at /api/login.
  router.post('/account-links/redeem', async (ctx) => {
    await refuseKioskBrowser(ctx, em);
    const { token, password } = parseBody(accountLinkRedeemSchema, ctx.request.body);
    const user = await redeemLink(dataSource, token, password);
    await signIn(ctx, user.id);
    ctx.body = presentUser(user, await grantsOf(em, user));
  });

  // The current password is a guess like a sign-in's: it spends a point of the same limit, given back when right.
  router.put('/account/password', signedIn, async (ctx) => {
    const input = parseBody(passwordChangeSchema, ctx.request.body);
    const key = `login:${ctx.ip}`;
    await loginLimiter.spend(key);
    await changeOwnPassword(dataSource, caller(ctx.state), input);
    await loginLimiter.refund(key);
    ctx.body = { ended: await endOtherSessions(ctx, em, caller(ctx.state).id) } satisfies EndOtherSessionsReply;
  });

  router.post('/account/sessions/end-others', signedIn, async (ctx) => {
    ctx.body = { ended: await endOtherSessions(ctx, em, caller(ctx.state).id) } satisfies EndOtherSessionsReply;
  });

  router.get('/account/sessions', signedIn, async (ctx) => {
    ctx.body = (await listOwnSessions(ctx, em, caller(ctx.state).id)) satisfies AccountSession[];
  });

  router.delete('/account/sessions/:handle', signedIn, async (ctx) => {
    const { handle } = parse(sessionHandleParamsSchema, ctx.params);
    await endOwnSession(ctx, em, caller(ctx.state).id, handle);
    ctx.body = { message: 'Sesión cerrada', handle };
  });

  return router;
}
