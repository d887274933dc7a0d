import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { campaignDisqualifySchema, disqualificationsQuery, disqualifySchema, idParamsSchema, restoreDisqualificationSchema } from '../../../contract';
import { signedIn } from '../../platform/access/route-access';
import { actorOf } from '../../platform/activity/record';
import { parse, parseBody } from '../../platform/http/validate';
import { disqualifyFromCampaign, listCampaignDisqualifications } from './campaign-service';
import { presentCampaignDecision, presentDisqualification } from './presenter';
import { disqualify, listDisqualifications, restoreDisqualification } from './service';

/** Admin level: a trivia's disqualifications, disqualifying a ranking entry (or its player) and restoring it. */
export function moderationRoutes(dataSource: DataSource) {
  const router = new Router({ prefix: '/api/ranking-disqualifications' });

  router.get('/', signedIn, async (ctx) => {
    const { questionGroupId } = parse(disqualificationsQuery, ctx.query);
    ctx.body = (await listDisqualifications(dataSource.manager, questionGroupId)).map(presentDisqualification);
  });

  router.post('/', signedIn, async (ctx) => {
    const input = parseBody(disqualifySchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = presentDisqualification(await disqualify(dataSource.manager, input, actorOf(ctx)));
  });

  router.post('/:id/restore', signedIn, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const { reason } = parseBody(restoreDisqualificationSchema, ctx.request.body);
    ctx.body = presentDisqualification(await restoreDisqualification(dataSource.manager, id, reason, actorOf(ctx)));
  });

  return router;
}

/**
 * Admin level: a campaign's record (what holds or held at its trivias, one entry per decision) and
 * disqualifying a player from the campaign (at each of its trivias). Restoring goes through
 * POST /api/ranking-disqualifications/{id}/restore.
 */
export function campaignModerationRoutes(dataSource: DataSource) {
  const router = new Router({ prefix: '/api/campaigns/:id/disqualifications' });

  router.get('/', signedIn, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = (await listCampaignDisqualifications(dataSource.manager, id)).map(presentCampaignDecision);
  });

  router.post('/', signedIn, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const input = parseBody(campaignDisqualifySchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = presentCampaignDecision(await disqualifyFromCampaign(dataSource.manager, id, input, actorOf(ctx)));
  });

  return router;
}
