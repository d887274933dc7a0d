import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { bulkLinkSchema, campaignLinkMoveSchema, campaignLinkSchema, campaignLinkUpdateSchema, campaignSchema, idParam, idParamsSchema } from '../../../contract';
import { signedIn } from '../../platform/access/route-access';
import { actorOf } from '../../platform/activity/record';
import { parse, parseBody } from '../../platform/http/validate';
import { presentCampaign, presentLink } from './presenter';
import { bulkLink, linkQuestionGroup, moveLink, unlinkQuestionGroup, updateLink } from './link-service';
import { createCampaign, deleteCampaign, findCampaign, listCampaignLinks, listCampaigns, updateCampaign } from './service';

const linkParams = z.object({ campaignId: idParam, questionGroupId: idParam });

/** Admin: campaigns and the trivias linked to them. */
export function campaignRoutes(dataSource: DataSource) {
  const router = new Router({ prefix: '/api' });
  const em = dataSource.manager;
  router.use(['/campaigns', '/campaign-question-groups'], signedIn);

  router.get('/campaigns', async (ctx) => {
    ctx.body = (await listCampaigns(em)).map(presentCampaign);
  });

  router.post('/campaigns', async (ctx) => {
    const input = parseBody(campaignSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = presentCampaign(await createCampaign(em, input, actorOf(ctx)));
  });

  router.get('/campaigns/:id', async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = presentCampaign(await findCampaign(em, id));
  });

  router.patch('/campaigns/:id', async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const input = parseBody(campaignSchema, ctx.request.body);
    ctx.body = presentCampaign(await updateCampaign(em, id, input, actorOf(ctx)));
  });

  router.delete('/campaigns/:id', async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    await deleteCampaign(em, id, actorOf(ctx));
    ctx.body = { message: 'Campaña eliminada', id };
  });

  router.get('/campaigns/:id/question-groups', async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = (await listCampaignLinks(em, id)).map(presentLink);
  });

  router.post('/campaigns/:id/question-groups/bulk', async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const input = parseBody(bulkLinkSchema, ctx.request.body);
    ctx.body = await bulkLink(em, id, input, actorOf(ctx));
  });

  /** Extension: the server moves a trivia up, down or to a position and answers the campaign's links in their new order. */
  router.post('/campaigns/:campaignId/question-groups/:questionGroupId/move', async (ctx) => {
    const { campaignId, questionGroupId } = parse(linkParams, ctx.params);
    const move = parseBody(campaignLinkMoveSchema, ctx.request.body);
    ctx.body = (await moveLink(em, campaignId, questionGroupId, move, actorOf(ctx))).map(presentLink);
  });

  router.delete('/campaigns/:campaignId/question-groups/:questionGroupId', async (ctx) => {
    const { campaignId, questionGroupId } = parse(linkParams, ctx.params);
    await unlinkQuestionGroup(em, campaignId, questionGroupId, actorOf(ctx));
    ctx.body = { message: 'Trivia quitada de la campaña', campaignId, questionGroupId };
  });

  router.post('/campaign-question-groups', async (ctx) => {
    const input = parseBody(campaignLinkSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = presentLink(await linkQuestionGroup(em, input, actorOf(ctx)));
  });

  router.patch('/campaign-question-groups/:id', async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const input = parseBody(campaignLinkUpdateSchema, ctx.request.body);
    ctx.body = presentLink(await updateLink(em, id, input, actorOf(ctx)));
  });

  return router;
}
