import Router from '@koa/router';
import type { Context } from 'koa';
import type { DataSource } from 'typeorm';
import { perDataSource, type PublicReads } from '../../../db/read-replica';
import { idParamsSchema } from '../../../contract';
import { publicRoute } from '../../platform/access/route-access';
import { parse } from '../../platform/http/validate';
import type { RankingReads } from '../ranking/reads';
import { createScreenFeeds, type ScreenReply } from './feed';

/**
 * Public: the big screens' feed ("Pantalla"), one conditional GET per screen and poll. A 304 when
 * the screen's ETag still holds; otherwise the screen's whole data. Read where `publicReads` says
 * (the read replica when there is one), each data source with its feeds' cache.
 */
export function bigScreenRoutes(publicReads: PublicReads, rankingsOn: (dataSource: DataSource) => RankingReads) {
  const router = new Router({ prefix: '/api/public/screens' });
  const feedsOn = perDataSource((dataSource) => createScreenFeeds(dataSource, rankingsOn(dataSource)));

  const reply = (ctx: Context, { etag, feed }: ScreenReply) => {
    ctx.set('ETag', etag);
    ctx.set('Cache-Control', 'no-cache');
    if (feed === null) ctx.status = 304;
    else ctx.body = feed;
  };

  router.get('/trivia/:id', publicRoute, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    reply(ctx, await publicReads.read((source) => feedsOn(source).trivia(id, ctx.get('If-None-Match') || undefined)));
  });

  router.get('/campaign/:id', publicRoute, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    reply(ctx, await publicReads.read((source) => feedsOn(source).campaign(id, ctx.get('If-None-Match') || undefined)));
  });

  return router;
}
