import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import type { DashboardCounts } from '../../../contract';
import { accessOf, signedIn } from '../../platform/access/route-access';
import { dashboardCounts } from './service';

/**
 * Extension: the home cards' three counts in one call (docs/decisions.md, "Admin screens"). Every
 * signed-in user lands there, so it answers anyone signed in, counting the companies they may see
 * (`content.view`: none for a member without a role yet).
 */
export function dashboardRoutes(dataSource: DataSource) {
  const router = new Router({ prefix: '/api' });

  router.get('/dashboard', signedIn, async (ctx) => {
    ctx.body = (await dashboardCounts(dataSource.manager, accessOf(ctx).companiesFor('content.view'))) satisfies DashboardCounts;
  });

  return router;
}
