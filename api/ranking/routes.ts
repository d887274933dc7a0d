import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { triviaRankingQuery } from '../../contract';
import { parse } from '../http/validate';
import { triviaRanking } from './trivia-ranking';

/** Public: the trivia ranking, one page at a time with the full count in X-Total-Count. */
export function rankingRoutes(dataSource: DataSource) {
  const router = new Router({ prefix: '/api' });
  router.get('/ranking', async (ctx) => {
    const query = parse(triviaRankingQuery, ctx.query);
    const { total, entries } = await triviaRanking(dataSource.manager, query);
    ctx.set('X-Total-Count', String(total));
    ctx.body = entries;
  });
  return router;
}
