import Router from '@koa/router';
import { deviceListQuery, type DeviceList } from '../../../contract';
import { signedIn } from '../../platform/access/route-access';
import { parse } from '../../platform/http/validate';
import type { RouteDependencies } from '../../platform/route-dependencies';
import { listKiosks } from './kiosk-list';

/** Admin level (as the rejections list): the kiosks, their sync counts and refusals, those needing attention first. */
export function kioskBoardRoutes({ dataSource }: RouteDependencies) {
  const router = new Router({ prefix: '/api' });
  router.get('/devices', signedIn, async (ctx) => {
    ctx.body = (await listKiosks(dataSource.manager, parse(deviceListQuery, ctx.query))) satisfies DeviceList;
  });
  return router;
}
