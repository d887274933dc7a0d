import Router from '@koa/router';
import type { Context } from 'koa';
import type { DataSource } from 'typeorm';
import { campaignRankingQuery, idParamsSchema, triviaRankingQuery } from '../../contract';
import { presentPublicCampaign } from '../campaigns/presenter';
import { findCampaign } from '../campaigns/service';
import { requireUser } from '../http/require-user';
import { parse } from '../http/validate';
import type { Freshness, RankingReads } from './reads';

/** A first page asks for a new computation; a later page is a slice of the one its first page came from. */
const pageFreshness = (offset: number): Freshness => (offset === 0 ? 'fresh' : 'next-page');

/**
 * The rankings, one page at a time with the full count in X-Total-Count: the trivia ranking and
 * the public campaign ranking for anyone, the campaign ranking of the admin screens behind a
 * session. Every page of a ranking is a slice of one computation (api/ranking/reads.ts).
 */
export function rankingRoutes(dataSource: DataSource, rankings: RankingReads) {
  const router = new Router({ prefix: '/api' });
  const em = dataSource.manager;

  router.get('/ranking', async (ctx) => {
    const query = parse(triviaRankingQuery, ctx.query);
    const { total, entries } = await rankings.triviaRanking(query, pageFreshness(query.offset));
    ctx.set('X-Total-Count', String(total));
    ctx.body = entries;
  });

  const campaignRanking = async (ctx: Context, freshness: (offset: number) => Freshness) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const query = parse(campaignRankingQuery, ctx.query);
    const { total, entries } = await rankings.campaignRanking(await findCampaign(em, id), query, freshness(query.offset));
    ctx.set('X-Total-Count', String(total));
    ctx.body = entries;
  };

  router.get('/campaigns/:id/ranking', requireUser, (ctx) => campaignRanking(ctx, pageFreshness));

  // Public: an answer may be up to 5 s old (README, "Decisions").
  router.get('/public/campaigns/:id/ranking', (ctx) => campaignRanking(ctx, () => 'public'));

  router.get('/public/campaigns/:id', async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = presentPublicCampaign(await findCampaign(em, id));
  });

  return router;
}
