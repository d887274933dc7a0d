import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { consentTextSchema, idParamsSchema } from '../../../contract';
import { allow, inParams } from '../../platform/access/route-access';
import { actorOf } from '../../platform/activity/record';
import { parse, parseBody } from '../../platform/http/validate';
import { listConsentTexts, saveConsentText } from './service';

/** Admin: a company's data-treatment text, its versions and saving a new one. */
export function consentRoutes(dataSource: DataSource) {
  const router = new Router({ prefix: '/api/companies/:id/consent-texts' });

  router.get('/', allow(dataSource, 'content.view', inParams('company')), async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = await listConsentTexts(dataSource.manager, id);
  });

  router.post('/', allow(dataSource, 'content.edit', inParams('company')), async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const { text } = parseBody(consentTextSchema, ctx.request.body);
    ctx.body = await saveConsentText(dataSource.manager, id, text, actorOf(ctx));
  });

  return router;
}
