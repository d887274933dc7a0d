import Router from '@koa/router';
import type { DeviceRegistration } from '../../contract';
import { rateLimitByAddress } from '../http/rate-limit';
import type { RouteDependencies } from '../route-dependencies';
import { registerDevice } from './service';

/** Player level: a browser registers itself once and keeps the reply in IndexedDB. */
export function deviceRoutes({ dataSource, limiters, secret }: RouteDependencies) {
  const router = new Router({ prefix: '/api' });
  router.post('/devices', rateLimitByAddress(limiters.player), async (ctx) => {
    ctx.status = 201;
    ctx.body = (await registerDevice(dataSource.manager, secret)) satisfies DeviceRegistration;
  });
  return router;
}
