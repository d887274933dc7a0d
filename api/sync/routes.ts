import Router from '@koa/router';
import { syncRequestSchema, type SyncReply } from '../../contract';
import { authenticateDevice } from '../devices/service';
import { rateLimitByAddress } from '../http/rate-limit';
import { parseBody } from '../http/validate';
import type { RouteDependencies } from '../routes';
import { applySyncBatch } from './service';

/** Player level: a device pushes its outbox; X-Device-Id and X-Device-Secret say which device. */
export function syncRoutes({ dataSource, limiters, secret }: RouteDependencies) {
  const router = new Router({ prefix: '/api' });
  router.post('/sync', rateLimitByAddress(limiters.player), async (ctx) => {
    const deviceId = await authenticateDevice(dataSource.manager, ctx.get('X-Device-Id'), ctx.get('X-Device-Secret'));
    const { mutations } = parseBody(syncRequestSchema, ctx.request.body);
    ctx.body = (await applySyncBatch(dataSource, deviceId, secret, mutations)) satisfies SyncReply;
  });
  return router;
}
