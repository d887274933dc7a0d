import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { campaignRankingQuery, idParamsSchema } from '../../contract';
import { findCampaign, listCampaignLinks } from '../campaigns/service';
import { requireUser } from '../http/require-user';
import { parse } from '../http/validate';
import { findQuestionGroup } from '../question-groups/service';
import { campaignRankingHeader, campaignRankingRows } from './campaign-ranking';
import { sendCsv } from './csv';
import { SCORE_COLUMNS, scoreRows } from './scores';

/** Admin: CSV downloads of a trivia's scores and of a campaign's ranking. */
export function exportRoutes(dataSource: DataSource) {
  const router = new Router({ prefix: '/api' });
  const em = dataSource.manager;

  router.get('/question-groups/:id/export-scores', requireUser, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const group = await findQuestionGroup(em, id);
    sendCsv(ctx, { prefix: 'puntajes', name: group.name }, SCORE_COLUMNS, scoreRows(em, id));
  });

  router.get('/campaigns/:id/ranking/export', requireUser, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const filters = parse(campaignRankingQuery, ctx.query);
    const campaign = await findCampaign(em, id);
    const links = await listCampaignLinks(em, id);
    sendCsv(ctx, { prefix: 'ranking', name: campaign.name }, campaignRankingHeader(links), campaignRankingRows(dataSource, campaign, links, filters));
  });

  return router;
}
