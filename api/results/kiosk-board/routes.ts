import Router from '@koa/router';
import { deviceListQuery, type DeviceList } from '../../../contract';
import { accessOf, allowListed } from '../../platform/access/route-access';
import { parse } from '../../platform/http/validate';
import type { RouteDependencies } from '../../platform/route-dependencies';
import { listKiosks } from './kiosk-list';

/**
 * Admin level (as the rejections list): the kiosks, their sync counts and refusals, those needing
 * attention first; `devices.manage`, the devices of the companies where the user has it. A filter
 * naming another company lists nothing, as for a company that does not exist.
 */
export function kioskBoardRoutes({ dataSource }: RouteDependencies) {
  const router = new Router({ prefix: '/api' });
  router.get('/devices', allowListed('devices.manage'), async (ctx) => {
    const query = parse(deviceListQuery, ctx.query);
    ctx.body = (await listKiosks(dataSource.manager, query, accessOf(ctx).companiesFor('devices.manage'))) satisfies DeviceList;
  });
  return router;
}
