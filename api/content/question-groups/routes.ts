import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { idParam, idParamsSchema, questionGroupSchema, type ClearAttemptsReply, type CompanyAction, type RecentQuestionGroup } from '../../../contract';
import { accessOf, allow, allowListed, inParams, publicRoute } from '../../platform/access/route-access';
import { parse, parseBody } from '../../platform/http/validate';
import { removeStoredLogo } from '../logos/storage';
import type { PictureSweep } from '../pictures/ledger';
import { presentQuestionGroup } from './presenter';
import {
  clearPlayerAttempts,
  createQuestionGroup,
  deleteQuestionGroup,
  findQuestionGroup,
  listCompanyQuestionGroups,
  recentQuestionGroups,
  updateQuestionGroup,
} from './service';

const companyParams = z.object({ companyId: idParam });

export function questionGroupRoutes(dataSource: DataSource, uploadDir: string, sweepPictures: PictureSweep) {
  const router = new Router({ prefix: '/api' });
  const em = dataSource.manager;
  const editTrivia = allow(dataSource, 'content.edit', inParams('group'));
  const ofCompany = (action: CompanyAction) => allow(dataSource, action, inParams('company', 'companyId'));

  // Public: the player screen reads the trivia it plays.
  router.get('/question-groups/:id', publicRoute, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = presentQuestionGroup(await findQuestionGroup(em, id));
  });

  router.get('/recent-question-groups', allowListed('content.view'), async (ctx) => {
    const groups = await recentQuestionGroups(em, accessOf(ctx).companiesFor('content.view'));
    ctx.body = groups.map((g) => ({ id: g.id, name: g.name, description: g.description }) satisfies RecentQuestionGroup);
  });

  router.get('/companies/:companyId/question-groups', ofCompany('content.view'), async (ctx) => {
    const { companyId } = parse(companyParams, ctx.params);
    ctx.body = (await listCompanyQuestionGroups(em, companyId)).map(presentQuestionGroup);
  });

  router.post('/companies/:companyId/question-groups', ofCompany('content.edit'), async (ctx) => {
    const { companyId } = parse(companyParams, ctx.params);
    const input = parseBody(questionGroupSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = presentQuestionGroup(await createQuestionGroup(em, companyId, input));
  });

  // No check of the body's company: a trivia never moves (the service refuses another company, in reach or not, alike).
  router.patch('/question-groups/:id', editTrivia, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const input = parseBody(questionGroupSchema, ctx.request.body);
    ctx.body = presentQuestionGroup(await updateQuestionGroup(em, id, input));
  });

  router.delete('/question-groups/:id', editTrivia, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    await removeStoredLogo(uploadDir, await deleteQuestionGroup(em, id));
    await sweepPictures();
    ctx.body = { message: 'Grupo de preguntas eliminado', id };
  });

  // "Borrar datos": the trivia's results go, its content stays.
  router.delete('/question-groups/:id/player-attempts', allow(dataSource, 'results.delete', inParams('group')), async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const deletedCount = await clearPlayerAttempts(em, id);
    ctx.body = {
      message: deletedCount === 1 ? 'Se eliminó 1 intento de juego' : `Se eliminaron ${deletedCount} intentos de juego`,
      deletedCount,
    } satisfies ClearAttemptsReply;
  });

  return router;
}
