import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { idParamsSchema, themeUpdateSchema } from '../../../contract';
import { allow, inParams } from '../../platform/access/route-access';
import { parse, parseBody } from '../../platform/http/validate';
import { presentQuestionGroup } from '../question-groups/presenter';
import { updateTheme } from './service';

export function themeRoutes(dataSource: DataSource) {
  const router = new Router({ prefix: '/api' });

  router.patch('/question-groups/:id/theme', allow(dataSource, 'content.edit', inParams('group')), async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const { theme } = parseBody(themeUpdateSchema, ctx.request.body);
    ctx.body = presentQuestionGroup(await updateTheme(dataSource.manager, id, theme));
  });

  return router;
}
