import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { idParamsSchema, triviaCopySchema } from '../../../contract';
import { allow, inBody, inParams } from '../../platform/access/route-access';
import { parse, parseBody } from '../../platform/http/validate';
import { presentQuestionGroup } from '../question-groups/presenter';
import { copyTrivia } from './service';

/** "Duplicar": POST /api/question-groups/{id}/copy with `{companyId?}` answers the new trivia (201). */
export function triviaCopyRoutes(dataSource: DataSource, uploadDir: string) {
  const router = new Router({ prefix: '/api' });

  // The copy reads the source's answer key and writes into the destination: editing on both.
  router.post('/question-groups/:id/copy', allow(dataSource, 'content.edit', inParams('group'), inBody('company', 'companyId')), async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const { companyId } = parseBody(triviaCopySchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = presentQuestionGroup(await copyTrivia(dataSource.manager, uploadDir, id, companyId));
  });

  return router;
}
