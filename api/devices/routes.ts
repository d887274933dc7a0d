import Router from '@koa/router';
import type { DeviceReceipt, DeviceRegistration } from '../../contract';
import { rateLimitByAddress } from '../http/rate-limit';
import type { RouteDependencies } from '../route-dependencies';
import { deviceReceipt } from './receipt';
import { authenticateDevice, registerDevice } from './service';

/**
 * Player level: a browser registers itself once and keeps the reply in IndexedDB; a registered
 * device (X-Device-Id / X-Device-Secret, as for /api/sync) reads what the server stored from it.
 */
export function deviceRoutes({ dataSource, limiters, secret }: RouteDependencies) {
  const router = new Router({ prefix: '/api' });
  router.post('/devices', rateLimitByAddress(limiters.player), async (ctx) => {
    ctx.status = 201;
    ctx.body = (await registerDevice(dataSource.manager, secret)) satisfies DeviceRegistration;
  });
  router.get('/devices/me/receipt', rateLimitByAddress(limiters.player), async (ctx) => {
    const deviceId = await authenticateDevice(dataSource.manager, secret, ctx.get('X-Device-Id'), ctx.get('X-Device-Secret'));
    ctx.body = (await deviceReceipt(dataSource.manager, deviceId)) satisfies DeviceReceipt;
  });
  return router;
}
