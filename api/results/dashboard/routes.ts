import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import type { DashboardCounts } from '../../../contract';
import { requireUser } from '../../platform/http/require-user';
import { dashboardCounts } from './service';

/** Extension: the home cards' three counts in one call (docs/decisions.md, "Admin screens"). */
export function dashboardRoutes(dataSource: DataSource) {
  const router = new Router({ prefix: '/api' });

  router.get('/dashboard', requireUser, async (ctx) => {
    ctx.body = (await dashboardCounts(dataSource.manager)) satisfies DashboardCounts;
  });

  return router;
}
