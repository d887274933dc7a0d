import Router from '@koa/router';
import type { Context } from 'koa';
import type { DataSource } from 'typeorm';
import { drawScreenSettingsSchema, idParamsSchema } from '../../../contract';
import { sendCsv } from '../exports/csv-download';
import { allow, inParams } from '../../platform/access/route-access';
import { actorOf } from '../../platform/activity/record';
import { parse, parseBody } from '../../platform/http/validate';
import { campaignTimeZone, triviaTimeZone } from '../../standings/event-time-zone';
import { drawExportHeader, drawExportRows } from './export';
import { parseDrawRequest } from './request';
import { drawScreenSettings, saveDrawScreenSettings } from './screen-settings';
import { drawSubject, findDraw, listDraws, runDraw, verifyDraw } from './service';

/**
 * Admin: prize draws ("Sorteo") of a trivia or a campaign. POST runs a new one with a seed the
 * server draws (a body naming a seed is refused) and answers its record (201); GET lists the
 * record of every draw, newest first, repeats marked; …/draws/screen reads and sets whether the
 * public big screen lists the day's draws; /api/draws/{id}/verify re-runs a recorded
 * draw from its stored list and seed; /api/draws/{id}/export downloads it as CSV. Each needs
 * `draws.run` in the company of the trivia or campaign; the export names people (`exports.people`).
 */
export function drawRoutes(dataSource: DataSource) {
  const router = new Router({ prefix: '/api' });
  const em = dataSource.manager;
  const paths = { trivia: '/question-groups/:id/draws', campaign: '/campaigns/:id/draws' } as const;
  const subjects = { trivia: inParams('group'), campaign: inParams('campaign') } as const;

  for (const kind of ['trivia', 'campaign'] as const) {
    const runsDraws = allow(dataSource, 'draws.run', subjects[kind]);
    router.get(paths[kind], runsDraws, async (ctx) => {
      const { id } = parse(idParamsSchema, ctx.params);
      ctx.body = await listDraws(em, await drawSubject(em, kind, id));
    });

    router.post(paths[kind], runsDraws, async (ctx: Context) => {
      const { id } = parse(idParamsSchema, ctx.params);
      const request = parseDrawRequest(ctx.request.body);
      const subject = await drawSubject(em, kind, id);
      ctx.status = 201;
      ctx.body = await runDraw(em, subject, { ...request, actor: actorOf(ctx) });
    });

    router.get(`${paths[kind]}/screen`, runsDraws, async (ctx) => {
      const { id } = parse(idParamsSchema, ctx.params);
      ctx.body = await drawScreenSettings(em, await drawSubject(em, kind, id));
    });

    router.put(`${paths[kind]}/screen`, runsDraws, async (ctx) => {
      const { id } = parse(idParamsSchema, ctx.params);
      const settings = parseBody(drawScreenSettingsSchema, ctx.request.body);
      ctx.body = await saveDrawScreenSettings(em, await drawSubject(em, kind, id), settings, actorOf(ctx));
    });
  }

  router.get('/draws/:id/verify', allow(dataSource, 'draws.run', inParams('draw')), async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = await verifyDraw(em, id);
  });

  router.get('/draws/:id/export', allow(dataSource, 'exports.people', inParams('draw')), async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const draw = await findDraw(em, id);
    const timeZone = draw.campaignId !== null ? await campaignTimeZone(em, draw.campaignId) : await triviaTimeZone(em, draw.questionGroupId!);
    sendCsv(ctx, { prefix: 'sorteo', name: String(draw.id), timeZone }, drawExportHeader, drawExportRows(em, draw));
  });

  return router;
}
