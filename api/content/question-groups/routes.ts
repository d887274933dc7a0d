import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { idParam, idParamsSchema, questionGroupSchema, type ClearAttemptsReply, type RecentQuestionGroup } from '../../../contract';
import { signedIn } from '../../platform/access/route-access';
import { actorOf } from '../../platform/activity/record';
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

  // Public: the player screen reads the trivia it plays.
  router.get('/question-groups/:id', async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = presentQuestionGroup(await findQuestionGroup(em, id));
  });

  router.get('/recent-question-groups', signedIn, async (ctx) => {
    const groups = await recentQuestionGroups(em);
    ctx.body = groups.map((g) => ({ id: g.id, name: g.name, description: g.description }) satisfies RecentQuestionGroup);
  });

  router.get('/companies/:companyId/question-groups', signedIn, async (ctx) => {
    const { companyId } = parse(companyParams, ctx.params);
    ctx.body = (await listCompanyQuestionGroups(em, companyId)).map(presentQuestionGroup);
  });

  router.post('/companies/:companyId/question-groups', signedIn, async (ctx) => {
    const { companyId } = parse(companyParams, ctx.params);
    const input = parseBody(questionGroupSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = presentQuestionGroup(await createQuestionGroup(em, companyId, input, actorOf(ctx)));
  });

  router.patch('/question-groups/:id', signedIn, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const input = parseBody(questionGroupSchema, ctx.request.body);
    ctx.body = presentQuestionGroup(await updateQuestionGroup(em, id, input, actorOf(ctx)));
  });

  router.delete('/question-groups/:id', signedIn, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    await removeStoredLogo(uploadDir, await deleteQuestionGroup(em, id, actorOf(ctx)));
    await sweepPictures();
    ctx.body = { message: 'Grupo de preguntas eliminado', id };
  });

  router.delete('/question-groups/:id/player-attempts', signedIn, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const deletedCount = await clearPlayerAttempts(em, id, actorOf(ctx));
    ctx.body = {
      message: deletedCount === 1 ? 'Se eliminó 1 intento de juego' : `Se eliminaron ${deletedCount} intentos de juego`,
      deletedCount,
    } satisfies ClearAttemptsReply;
  });

  return router;
}
