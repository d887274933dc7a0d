import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import type { DashboardCounts } from '../../../contract';
import { signedIn } from '../../platform/access/route-access';
import { dashboardCounts } from './service';

/** Extension: the home cards' three counts in one call (docs/decisions.md, "Admin screens"). */
export function dashboardRoutes(dataSource: DataSource) {
  const router = new Router({ prefix: '/api' });

  router.get('/dashboard', signedIn, async (ctx) => {
    ctx.body = (await dashboardCounts(dataSource.manager)) satisfies DashboardCounts;
  });

  return router;
}
