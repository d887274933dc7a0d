import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { consentTextSchema, idParamsSchema } from '../../../contract';
import { signedIn } from '../../platform/access/route-access';
import { parse, parseBody } from '../../platform/http/validate';
import { listConsentTexts, saveConsentText } from './service';

/** Admin: a company's data-treatment text, its versions and saving a new one. */
export function consentRoutes(dataSource: DataSource) {
  const router = new Router({ prefix: '/api/companies/:id/consent-texts' });
  router.use(signedIn);

  router.get('/', async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = await listConsentTexts(dataSource.manager, id);
  });

  router.post('/', async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const { text } = parseBody(consentTextSchema, ctx.request.body);
    ctx.body = await saveConsentText(dataSource.manager, id, text, ctx.state.user.id);
  });

  return router;
}
