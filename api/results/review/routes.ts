import Router from '@koa/router';
import { heldAttemptsQuery, heldBatchSchema, heldSummaryQuery, idParamsSchema } from '../../../contract';
import { signedIn } from '../../platform/access/route-access';
import { actorOf } from '../../platform/activity/record';
import { parse, parseBody } from '../../platform/http/validate';
import type { RouteDependencies } from '../../platform/route-dependencies';
import { decideHeldAttempt, decideHeldBatch } from './decisions';
import { listHeldAttempts, listHeldTrivias, summarizeHeldAttempts } from './held-list';
import { presentBatchDecision, presentDecision, presentHeldAttempt, presentHeldSummary } from './presenter';

/**
 * Admin level: the held results of a trivia (a page, the filter's counts), the trivias with held
 * results and how many, and the decision on one or on several (docs/moderation.md).
 */
export function reviewRoutes({ dataSource }: RouteDependencies) {
  const router = new Router({ prefix: '/api' });

  router.get('/player-attempts/held', signedIn, async (ctx) => {
    const { total, rows } = await listHeldAttempts(dataSource.manager, parse(heldAttemptsQuery, ctx.query));
    ctx.set('X-Total-Count', String(total));
    ctx.body = rows.map(presentHeldAttempt);
  });

  router.get('/player-attempts/held/summary', signedIn, async (ctx) => {
    ctx.body = presentHeldSummary(await summarizeHeldAttempts(dataSource.manager, parse(heldSummaryQuery, ctx.query)));
  });

  router.get('/player-attempts/held/trivias', signedIn, async (ctx) => {
    ctx.body = await listHeldTrivias(dataSource.manager);
  });

  for (const [action, decision] of [
    ['release', 'released'],
    ['discard', 'discarded'],
  ] as const) {
    router.post(`/player-attempts/held/${action}`, signedIn, async (ctx) => {
      const { questionGroupId, ids, filter, throughId } = parseBody(heldBatchSchema, ctx.request.body);
      const target = ids ? { ids } : { filter: filter ?? {}, throughId };
      ctx.body = presentBatchDecision(decision, await decideHeldBatch(dataSource.manager, questionGroupId, target, decision, actorOf(ctx)));
    });
    router.post(`/player-attempts/:id/${action}`, signedIn, async (ctx) => {
      const { id } = parse(idParamsSchema, ctx.params);
      ctx.body = presentDecision(await decideHeldAttempt(dataSource.manager, id, decision, actorOf(ctx)));
    });
  }

  return router;
}
