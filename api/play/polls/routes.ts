import Router from '@koa/router';
import { idParam } from '../../../contract';
import { publicRoute } from '../../platform/access/route-access';
import { parse } from '../../platform/http/validate';
import type { RouteDependencies } from '../../platform/route-dependencies';
import { readPollResults } from './results';

/**
 * Public: a trivia's poll results (contract/poll-shares.ts), for the player who just voted and the
 * big screen. Polls have no answer key and their results are shown in public, so nobody needs a
 * key to read them; read where `publicReads` says (the replica when there is one).
 */
export function pollRoutes({ publicReads }: RouteDependencies) {
  const router = new Router({ prefix: '/api' });
  router.get('/play/:groupId/polls', publicRoute, async (ctx) => {
    const groupId = parse(idParam, ctx.params.groupId);
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = await publicReads.read((source) => readPollResults(source.manager, groupId));
  });
  return router;
}
