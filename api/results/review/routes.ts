import Router from '@koa/router';
import { heldAttemptsQuery, heldBatchSchema, heldSummaryQuery, idParamsSchema } from '../../../contract';
import { accessOf, allow, allowListed, inBody, inParams, inQuery } from '../../platform/access/route-access';
import { parse, parseBody } from '../../platform/http/validate';
import type { RouteDependencies } from '../../platform/route-dependencies';
import { decideHeldAttempt, decideHeldBatch } from './decisions';
import { listHeldAttempts, listHeldTrivias, summarizeHeldAttempts } from './held-list';
import { presentBatchDecision, presentDecision, presentHeldAttempt, presentHeldSummary } from './presenter';

/**
 * Admin level: the held results of a trivia (a page, the filter's counts), the trivias with held
 * results and how many, and the decision on one or on several (docs/moderation.md). Each needs
 * `review.decide` in the trivia's company; the list of trivias shows the companies where the user has it.
 */
export function reviewRoutes({ dataSource }: RouteDependencies) {
  const router = new Router({ prefix: '/api' });
  const em = dataSource.manager;
  const ofTrivia = allow(dataSource, 'review.decide', inQuery('group', 'questionGroupId'));

  router.get('/player-attempts/held', ofTrivia, async (ctx) => {
    const { total, rows } = await listHeldAttempts(em, parse(heldAttemptsQuery, ctx.query));
    ctx.set('X-Total-Count', String(total));
    ctx.body = rows.map(presentHeldAttempt);
  });

  router.get('/player-attempts/held/summary', ofTrivia, async (ctx) => {
    ctx.body = presentHeldSummary(await summarizeHeldAttempts(em, parse(heldSummaryQuery, ctx.query)));
  });

  router.get('/player-attempts/held/trivias', allowListed('review.decide'), async (ctx) => {
    ctx.body = await listHeldTrivias(em, accessOf(ctx).companiesFor('review.decide'));
  });

  for (const [action, decision] of [
    ['release', 'released'],
    ['discard', 'discarded'],
  ] as const) {
    router.post(`/player-attempts/held/${action}`, allow(dataSource, 'review.decide', inBody('group', 'questionGroupId')), async (ctx) => {
      const { questionGroupId, ids, filter, throughId } = parseBody(heldBatchSchema, ctx.request.body);
      const target = ids ? { ids } : { filter: filter ?? {}, throughId };
      ctx.body = presentBatchDecision(decision, await decideHeldBatch(em, questionGroupId, target, decision, ctx.state.user.id));
    });
    router.post(`/player-attempts/:id/${action}`, allow(dataSource, 'review.decide', inParams('attempt')), async (ctx) => {
      const { id } = parse(idParamsSchema, ctx.params);
      ctx.body = presentDecision(await decideHeldAttempt(em, id, decision, ctx.state.user.id));
    });
  }

  return router;
}
