import Router from '@koa/router';
import type { Context } from 'koa';
import type { DataSource } from 'typeorm';
import { campaignRankingQuery, idParamsSchema, triviaRankingQuery } from '../../contract';
import { presentPublicCampaign } from '../campaigns/presenter';
import { findCampaign } from '../campaigns/service';
import { requireUser } from '../http/require-user';
import { parse } from '../http/validate';
import { campaignRanking } from './campaign-ranking';
import { sharedAnswers } from './shared-answers';
import { triviaRanking } from './trivia-ranking';

type CampaignRankingPage = Awaited<ReturnType<typeof campaignRanking>>;

/**
 * The rankings, one page at a time with the full count in X-Total-Count: the trivia ranking and
 * the public campaign ranking for anyone, the campaign ranking of the admin screens behind a session.
 */
export function rankingRoutes(dataSource: DataSource) {
  const router = new Router({ prefix: '/api' });
  const em = dataSource.manager;

  router.get('/ranking', async (ctx) => {
    const query = parse(triviaRankingQuery, ctx.query);
    const { total, entries } = await triviaRanking(em, query);
    ctx.set('X-Total-Count', String(total));
    ctx.body = entries;
  });

  /** The requested page of a campaign's ranking, and a key naming it. */
  const campaignRankingRequest = (ctx: Context) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const query = parse(campaignRankingQuery, ctx.query);
    return { key: JSON.stringify([id, query]), read: async () => campaignRanking(em, await findCampaign(em, id), query) };
  };
  const send = (ctx: Context, { total, entries }: CampaignRankingPage) => {
    ctx.set('X-Total-Count', String(total));
    ctx.body = entries;
  };

  router.get('/campaigns/:id/ranking', requireUser, async (ctx) => {
    send(ctx, await campaignRankingRequest(ctx).read());
  });

  // Public: an answer may be up to 5 s old (README, "Decisions").
  const publicRanking = sharedAnswers<CampaignRankingPage>({ ttlMs: 5_000, maxEntries: 200 });
  router.get('/public/campaigns/:id/ranking', async (ctx) => {
    const { key, read } = campaignRankingRequest(ctx);
    send(ctx, await publicRanking(key, read));
  });

  router.get('/public/campaigns/:id', async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = presentPublicCampaign(await findCampaign(em, id));
  });

  return router;
}
