import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { idParamsSchema } from '../../contract';
import { parse } from '../http/validate';
import { presentQuestionGroup } from './presenter';
import { findQuestionGroup } from './service';

export function questionGroupRoutes(dataSource: DataSource) {
  const router = new Router({ prefix: '/api' });

  // Public: the player screen reads the trivia it plays.
  router.get('/question-groups/:id', async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = presentQuestionGroup(await findQuestionGroup(dataSource.manager, id));
  });

  return router;
}
