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
import { ownerOnly, publicRoute, signedIn } from '../access/route-access';
import { actorOf, recordUser } from '../activity/record';
import { endOtherSessions, signIn } from '../http/session';
import { parse, parseBody } from '../http/validate';
import { refuseWithoutSecondStep } from '../second-factor/sign-in-step';
import { checkAccountLink } from './links';
import { endOwnSession, listOwnSessions } from './own-sessions';
import { createUserLink, newOwnPasswordHash, sessionsText, setOwnPassword, disableUser, enableUser, inviteUser, listUsers, redeemLink, removeUser } from './service';
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
    const { user, link } = await inviteUser(dataSource, input, actorOf(ctx));
    ctx.status = 201;
    ctx.body = { user: await listed(user), link } satisfies InviteReply;
  });

  // The user's whole access, replaced: an owner, or a member with a role per company.
  router.put('/users/:id/access', ownerOnly, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const input = parseBody(userAccessSchema, ctx.request.body);
    ctx.body = (await changeUserAccess(dataSource, id, input, actorOf(ctx))) satisfies UserListItem;
  });

  router.post('/users/:id/disable', ownerOnly, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = await listed(await disableUser(dataSource, id, actorOf(ctx)));
  });

  router.post('/users/:id/enable', ownerOnly, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = await listed(await enableUser(dataSource, id, actorOf(ctx)));
  });

  router.post('/users/:id/link', ownerOnly, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.status = 201;
    ctx.body = await createUserLink(dataSource, id, actorOf(ctx));
  });

  router.delete('/users/:id', ownerOnly, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    await removeUser(dataSource, id, actorOf(ctx));
    ctx.body = { message: 'Usuario eliminado', id };
  });

  router.post('/account-links/check', publicRoute, async (ctx) => {
    const { token } = parseBody(accountLinkCheckSchema, ctx.request.body);
    ctx.body = await checkAccountLink(em, token);
  });

  // Signs the person in: a browser set up as a kiosk is refused first, as at /api/login. A user with
  // two-step sign-in on gets the password set and no session: they sign in with it and a code.
  router.post('/account-links/redeem', publicRoute, async (ctx) => {
    await refuseKioskBrowser(ctx, em);
    const { token, password } = parseBody(accountLinkRedeemSchema, ctx.request.body);
    const user = await redeemLink(dataSource, token, password);
    await refuseWithoutSecondStep(em, user);
    await signIn(ctx, user.id);
    ctx.body = presentUser(user, await grantsOf(em, user));
  });

  // The current password is a guess like a sign-in's: it spends a point of the same limit, given back when right.
  // The new password, the end of the other sessions and its entry in "Actividad" are one transaction.
  router.put('/account/password', signedIn, async (ctx) => {
    const input = parseBody(passwordChangeSchema, ctx.request.body);
    const user = caller(ctx.state);
    const key = `login:${ctx.ip}`;
    await loginLimiter.spend(key);
    const passwordHash = await newOwnPasswordHash(em, user, input);
    await loginLimiter.refund(key);
    const ended = await endOtherSessions(ctx, em, user.id, (tx, others) => setOwnPassword(tx, actorOf(ctx), user, passwordHash, others));
    ctx.body = { ended } satisfies EndOtherSessionsReply;
  });

  router.post('/account/sessions/end-others', signedIn, async (ctx) => {
    const user = caller(ctx.state);
    const ended = await endOtherSessions(ctx, em, user.id, (tx, others) => recordUser(tx, actorOf(ctx), user, 'changed', `Cerró ${sessionsText(others)} en otros dispositivos`));
    ctx.body = { ended } satisfies EndOtherSessionsReply;
  });

  router.get('/account/sessions', signedIn, async (ctx) => {
    ctx.body = (await listOwnSessions(ctx, em, caller(ctx.state).id)) satisfies AccountSession[];
  });

  router.delete('/account/sessions/:handle', signedIn, async (ctx) => {
    const { handle } = parse(sessionHandleParamsSchema, ctx.params);
    await endOwnSession(ctx, em, caller(ctx.state), handle, actorOf(ctx));
    ctx.body = { message: 'Sesión cerrada', handle };
  });

  return router;
}
