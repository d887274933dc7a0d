import Router from '@koa/router';
import type { Context } from 'koa';
import type { DataSource, EntityManager } from 'typeorm';
import { loginSchema, registerSchema, type SessionReply } from '../../../contract';
import type { RateLimiter } from '../http/rate-limit';
import { grantsOf } from '../access/load-user';
import { accessOf, declareAs, ownerOnly, publicRoute, signedIn } from '../access/route-access';
import { actorOf } from '../activity/record';
import { signIn, signOut } from '../http/session';
import type { SecretSealer } from '../second-factor/sealing';
import { secondStepOfSignIn } from '../second-factor/sign-in-step';
import { parseBody } from '../http/validate';
import { serverTimeZone } from '../lib/time-zone';
import { presentUser } from './presenter';
import { authenticate, recordSignIn, registerUser } from './service';

/** Refuses a sign-in from a browser that must never hold an admin session (a kiosk's): api/routes.ts hands in the devices' rule. */
export type SignInGuard = (ctx: Context, em: EntityManager) => Promise<void>;

/** Public only for the first user (the bootstrap; registerUser refuses anyone else signed out), an owner's afterwards. */
const firstUserOrOwner = declareAs(ownerOnly.routeAccess, (ctx, next) => (ctx.state.user ? ownerOnly(ctx, next) : next()));

export function authRoutes(dataSource: DataSource, loginLimiter: RateLimiter, refuseKioskBrowser: SignInGuard, sealer: SecretSealer) {
  const router = new Router({ prefix: '/api' });
  const em = dataSource.manager;

  router.get('/user', signedIn, (ctx) => {
    ctx.body = presentUser(ctx.state.user, accessOf(ctx).grants);
  });

  // The admin app's "who am I", asked on every page, the sign-in page too: being signed out is an
  // answer there, not a failure, so it is a 200 and the browser logs no failed request.
  router.get('/session', publicRoute, (ctx) => {
    ctx.body = { user: ctx.state.user ? presentUser(ctx.state.user, accessOf(ctx).grants) : null, serverTimeZone: serverTimeZone() } satisfies SessionReply;
  });

  // A point is spent before the (slow) password check and given back when it was right, so
  // parallel guesses cannot all pass a check made before any of them was counted.
  // A browser set up as a kiosk is never signed in (403 kiosk_browser): it drops its kiosk role first.
  // A user with two-step sign-in on gives a code too (api/platform/second-factor/sign-in-step.ts).
  router.post('/login', publicRoute, async (ctx) => {
    await refuseKioskBrowser(ctx, em);
    const { username, password, code } = parseBody(loginSchema, ctx.request.body);
    const key = `login:${ctx.ip}`;
    await loginLimiter.spend(key);
    const user = await authenticate(em, username, password);
    await secondStepOfSignIn(em, sealer, loginLimiter, key, user, code);
    await recordSignIn(em, user);
    await loginLimiter.refund(key);
    await signIn(ctx, user.id);
    ctx.body = presentUser(user, await grantsOf(em, user));
  });

  // Public only for the first user (the bootstrap); afterwards an owner's (docs/decisions.md, "Accounts").
  router.post('/register', firstUserOrOwner, async (ctx) => {
    await refuseKioskBrowser(ctx, em);
    const input = parseBody(registerSchema, ctx.request.body);
    const user = await registerUser(em, input, ctx.state.user ? { actor: actorOf(ctx) } : { firstUserFrom: ctx.ip || null });
    if (!ctx.state.user) await signIn(ctx, user.id);
    ctx.status = 201;
    ctx.body = presentUser(user, []);
  });

  router.post('/logout', publicRoute, (ctx) => {
    signOut(ctx);
    ctx.body = { ok: true };
  });

  return router;
}
