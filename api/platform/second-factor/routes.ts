import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { secondFactorConfirmSchema, secondFactorDisableSchema, type SecondFactorStatus } from '../../../contract';
import type { UserEntity } from '../../../db/entities';
import { ownerOnly, signedIn } from '../access/route-access';
import { actorOf } from '../activity/record';
import type { RateLimiter } from '../http/rate-limit';
import { parseBody } from '../http/validate';
import type { SecretSealer } from './sealing';
import { confirmSetup, disableSecondFactor, secondFactorStatus, startSetup } from './service';
import { secondFactorLimitKey } from './sign-in-step';

/**
 * The signed-in user's own two-step sign-in ("Mi cuenta", "Verificación en dos pasos"). The secret
 * leaves the API once, in the set-up's reply; codes tried here count on the user's sign-in limit.
 */
export function secondFactorRoutes(dataSource: DataSource, sealer: SecretSealer, loginLimiter: RateLimiter) {
  const router = new Router({ prefix: '/api/account' });
  const em = dataSource.manager;
  const caller = (state: { user?: UserEntity }) => state.user!;
  // A wrong code or password here is a guess like one at /api/login: the user's own limit counts it.
  const guarded = async <T>(user: UserEntity, attempt: () => Promise<T>): Promise<T> => {
    const key = secondFactorLimitKey(user.id);
    await loginLimiter.spend(key);
    const result = await attempt();
    await loginLimiter.refund(key);
    return result;
  };

  router.get('/second-factor', signedIn, async (ctx) => {
    ctx.body = (await secondFactorStatus(em, caller(ctx.state))) satisfies SecondFactorStatus;
  });

  router.post('/second-factor/setup', ownerOnly, async (ctx) => {
    ctx.status = 201;
    ctx.body = await startSetup(em, sealer, caller(ctx.state), actorOf(ctx));
  });

  router.post('/second-factor/confirm', signedIn, async (ctx) => {
    const { code } = parseBody(secondFactorConfirmSchema, ctx.request.body);
    const user = caller(ctx.state);
    ctx.body = await guarded(user, () => confirmSetup(dataSource, sealer, user, code, actorOf(ctx)));
  });

  router.post('/second-factor/disable', signedIn, async (ctx) => {
    const { proof } = parseBody(secondFactorDisableSchema, ctx.request.body);
    const user = caller(ctx.state);
    await guarded(user, () => disableSecondFactor(em, sealer, user, proof, actorOf(ctx)));
    ctx.body = (await secondFactorStatus(em, user)) satisfies SecondFactorStatus;
  });

  return router;
}
