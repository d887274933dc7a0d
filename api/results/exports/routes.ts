import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { campaignRankingQuery, idParamsSchema } from '../../../contract';
import { findCampaign, listCampaignLinks } from '../../content/campaigns/service';
import { allow, inParams } from '../../platform/access/route-access';
import { parse } from '../../platform/http/validate';
import { findQuestionGroup } from '../../content/question-groups/service';
import { companyTimeZone } from '../../standings/event-time-zone';
import type { RankingReads } from '../ranking/reads';
import { campaignRankingHeader, campaignRankingRows } from './campaign-ranking';
import { sendCsv, sendCsvPages } from './csv-download';
import { scoreColumns, scorePages } from './scores';

/**
 * Admin: CSV downloads of a trivia's scores and of a campaign's ranking. The campaign ranking is
 * read through the ranking reads' export lane (a share of the pool, a statement timeout). Both name
 * people: `exports.people` in the company of the trivia or campaign.
 */
export function exportRoutes(dataSource: DataSource, rankings: RankingReads) {
  const router = new Router({ prefix: '/api' });
  const em = dataSource.manager;

  router.get('/question-groups/:id/export-scores', allow(dataSource, 'exports.people', inParams('group')), async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const group = await findQuestionGroup(em, id);
    const timeZone = await companyTimeZone(em, group.companyId);
    sendCsvPages(ctx, { prefix: 'puntajes', name: group.name, timeZone }, scoreColumns(timeZone, group.scoring), scorePages(rankings.exportLane, id, timeZone));
  });

  router.get('/campaigns/:id/ranking/export', allow(dataSource, 'exports.people', inParams('campaign')), async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const { locationId, dateFrom, dateTo } = parse(campaignRankingQuery, ctx.query);
    const campaign = await findCampaign(em, id);
    const links = await listCampaignLinks(em, id);
    const entries = await rankings.campaignRankingExport(campaign, { locationId, dateFrom, dateTo });
    const timeZone = await companyTimeZone(em, campaign.companyId);
    sendCsv(ctx, { prefix: 'ranking', name: campaign.name, timeZone }, campaignRankingHeader(links), campaignRankingRows(links, entries));
  });

  return router;
}
