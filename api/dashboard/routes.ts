import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import type { DashboardCounts } from '../../contract';
import { CampaignEntity, CompanyEntity, QuestionGroupEntity } from '../../db/entities';
import { requireUser } from '../http/require-user';

/** Extension: the home cards' three counts in one call (README, "Decisions"). */
export function dashboardRoutes(dataSource: DataSource) {
  const router = new Router({ prefix: '/api' });
  const em = dataSource.manager;

  router.get('/dashboard', requireUser, async (ctx) => {
    const [companies, trivias, campaigns] = await Promise.all([
      em.count(CompanyEntity),
      em.count(QuestionGroupEntity),
      em.count(CampaignEntity),
    ]);
    ctx.body = { companies, trivias, campaigns } satisfies DashboardCounts;
  });

  return router;
}
