import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { idParamsSchema, themeUpdateSchema } from '../../../contract';
import { signedIn } from '../../platform/access/route-access';
import { actorOf } from '../../platform/activity/record';
import { parse, parseBody } from '../../platform/http/validate';
import { presentQuestionGroup } from '../question-groups/presenter';
import { updateTheme } from './service';

export function themeRoutes(dataSource: DataSource) {
  const router = new Router({ prefix: '/api' });

  router.patch('/question-groups/:id/theme', signedIn, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const { theme } = parseBody(themeUpdateSchema, ctx.request.body);
    ctx.body = presentQuestionGroup(await updateTheme(dataSource.manager, id, theme, actorOf(ctx)));
  });

  return router;
}
