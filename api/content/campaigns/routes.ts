import Router from '@koa/router';
import type { Context } from 'koa';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { bulkLinkSchema, campaignLinkMoveSchema, campaignLinkSchema, campaignLinkUpdateSchema, campaignSchema, idParam, idParamsSchema } from '../../../contract';
import { accessOf, allow, allowListed, inBody, inParams } from '../../platform/access/route-access';
import { parse, parseBody } from '../../platform/http/validate';
import { presentCampaign, presentLink } from './presenter';
import { bulkLink, linkQuestionGroup, moveLink, unlinkQuestionGroup, updateLink, type ReachesCompany } from './link-service';
import { createCampaign, deleteCampaign, findCampaign, listCampaignLinks, listCampaigns, updateCampaign } from './service';

const linkParams = z.object({ campaignId: idParam, questionGroupId: idParam });

/** The companies the request's user reaches: a trivia named beyond them is refused as a missing one. */
const reachOf = (ctx: Context): ReachesCompany => {
  const access = accessOf(ctx);
  return (companyId) => access.reaches(companyId);
};

/**
 * Admin: campaigns and the trivias linked to them. A link's trivia is always of its campaign's
 * company, so the routes of a campaign's links check the campaign; a trivia named in a body is
 * checked by the link service, which refuses one beyond the user's reach as a missing one.
 */
export function campaignRoutes(dataSource: DataSource) {
  const router = new Router({ prefix: '/api' });
  const em = dataSource.manager;
  const viewCampaign = allow(dataSource, 'content.view', inParams('campaign'));
  const editCampaign = allow(dataSource, 'content.edit', inParams('campaign'));
  const editLinksOf = allow(dataSource, 'content.edit', inParams('campaign', 'campaignId'));

  router.get('/campaigns', allowListed('content.view'), async (ctx) => {
    ctx.body = (await listCampaigns(em, accessOf(ctx).companiesFor('content.view'))).map(presentCampaign);
  });

  router.post('/campaigns', allow(dataSource, 'content.edit', inBody('company', 'companyId')), async (ctx) => {
    const input = parseBody(campaignSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = presentCampaign(await createCampaign(em, input));
  });

  router.get('/campaigns/:id', viewCampaign, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = presentCampaign(await findCampaign(em, id));
  });

  // A campaign moved to another company needs the action there too.
  router.patch('/campaigns/:id', allow(dataSource, 'content.edit', inParams('campaign'), inBody('company', 'companyId')), async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const input = parseBody(campaignSchema, ctx.request.body);
    ctx.body = presentCampaign(await updateCampaign(em, id, input));
  });

  router.delete('/campaigns/:id', editCampaign, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    await deleteCampaign(em, id);
    ctx.body = { message: 'Campaña eliminada', id };
  });

  router.get('/campaigns/:id/question-groups', viewCampaign, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = (await listCampaignLinks(em, id)).map(presentLink);
  });

  router.post('/campaigns/:id/question-groups/bulk', editCampaign, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const input = parseBody(bulkLinkSchema, ctx.request.body);
    ctx.body = await bulkLink(em, id, input, reachOf(ctx));
  });

  /** Extension: the server moves a trivia up, down or to a position and answers the campaign's links in their new order. */
  router.post('/campaigns/:campaignId/question-groups/:questionGroupId/move', editLinksOf, async (ctx) => {
    const { campaignId, questionGroupId } = parse(linkParams, ctx.params);
    const move = parseBody(campaignLinkMoveSchema, ctx.request.body);
    ctx.body = (await moveLink(em, campaignId, questionGroupId, move)).map(presentLink);
  });

  router.delete('/campaigns/:campaignId/question-groups/:questionGroupId', editLinksOf, async (ctx) => {
    const { campaignId, questionGroupId } = parse(linkParams, ctx.params);
    await unlinkQuestionGroup(em, campaignId, questionGroupId);
    ctx.body = { message: 'Trivia quitada de la campaña', campaignId, questionGroupId };
  });

  router.post('/campaign-question-groups', allow(dataSource, 'content.edit', inBody('campaign', 'campaignId')), async (ctx) => {
    const input = parseBody(campaignLinkSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = presentLink(await linkQuestionGroup(em, input, reachOf(ctx)));
  });

  router.patch('/campaign-question-groups/:id', allow(dataSource, 'content.edit', inParams('campaignLink')), async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const input = parseBody(campaignLinkUpdateSchema, ctx.request.body);
    ctx.body = presentLink(await updateLink(em, id, input));
  });

  return router;
}
