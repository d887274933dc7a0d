import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { campaignDisqualifySchema, disqualificationsQuery, disqualifySchema, idParamsSchema, restoreDisqualificationSchema } from '../../../contract';
import { allow, inBody, inParams, inQuery } from '../../platform/access/route-access';
import { parse, parseBody } from '../../platform/http/validate';
import { disqualifyFromCampaign, listCampaignDisqualifications } from './campaign-service';
import { presentCampaignDecision, presentDisqualification } from './presenter';
import { disqualify, listDisqualifications, restoreDisqualification } from './service';

/**
 * Admin level: a trivia's disqualifications, disqualifying a ranking entry (or its player) and
 * restoring it; `rankings.moderate` in the trivia's company, the record included (least privilege:
 * it names players and the reasons written about them).
 */
export function moderationRoutes(dataSource: DataSource) {
  const router = new Router({ prefix: '/api/ranking-disqualifications' });

  router.get('/', allow(dataSource, 'rankings.moderate', inQuery('group', 'questionGroupId')), async (ctx) => {
    const { questionGroupId } = parse(disqualificationsQuery, ctx.query);
    ctx.body = (await listDisqualifications(dataSource.manager, questionGroupId)).map(presentDisqualification);
  });

  router.post('/', allow(dataSource, 'rankings.moderate', inBody('attempt', 'attemptId')), async (ctx) => {
    const input = parseBody(disqualifySchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = presentDisqualification(await disqualify(dataSource.manager, input, ctx.state.user.id));
  });

  router.post('/:id/restore', allow(dataSource, 'rankings.moderate', inParams('disqualification')), async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const { reason } = parseBody(restoreDisqualificationSchema, ctx.request.body);
    ctx.body = presentDisqualification(await restoreDisqualification(dataSource.manager, id, reason, ctx.state.user.id));
  });

  return router;
}

/**
 * Admin level: a campaign's record (what holds or held at its trivias, one entry per decision) and
 * disqualifying a player from the campaign (at each of its trivias). Restoring goes through
 * POST /api/ranking-disqualifications/{id}/restore. `rankings.moderate` in the campaign's company.
 */
export function campaignModerationRoutes(dataSource: DataSource) {
  const router = new Router({ prefix: '/api/campaigns/:id/disqualifications' });
  const ofCampaign = allow(dataSource, 'rankings.moderate', inParams('campaign'));

  router.get('/', ofCampaign, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = (await listCampaignDisqualifications(dataSource.manager, id)).map(presentCampaignDecision);
  });

  router.post('/', ofCampaign, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const input = parseBody(campaignDisqualifySchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = presentCampaignDecision(await disqualifyFromCampaign(dataSource.manager, id, input, ctx.state.user.id));
  });

  return router;
}
