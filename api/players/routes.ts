import Router from '@koa/router';
import { playerRegistrationSchema, validatePlayerSchema } from '../../contract';
import { rateLimitByAddress } from '../http/rate-limit';
import { parseBody } from '../http/validate';
import type { RouteDependencies } from '../routes';
import { presentPlayer, presentValidatedPlayer } from './presenter';
import { registerPlayer, validatePlayer } from './service';

/** Player level: public, rate-limited per address; replies carry only what the caller already sent. */
export function playerRoutes({ dataSource, limiters }: RouteDependencies) {
  const router = new Router({ prefix: '/api' });
  const limit = rateLimitByAddress(limiters.player);

  router.post('/players/validate', limit, async (ctx) => {
    const input = parseBody(validatePlayerSchema, ctx.request.body);
    const found = await validatePlayer(dataSource.manager, input);
    ctx.body = { player: found ? presentValidatedPlayer(found.player, found.fromOtherCompany) : null };
  });

  router.post('/players', limit, async (ctx) => {
    const input = parseBody(playerRegistrationSchema, ctx.request.body);
    const player = await dataSource.transaction((em) => registerPlayer(em, input));
    ctx.body = presentPlayer(player);
  });

  return router;
}
