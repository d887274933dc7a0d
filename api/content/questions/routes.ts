import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import {
  answerSchema,
  idParamsSchema,
  questionCreateSchema,
  questionSchema,
  questionWithAnswersSchema,
  idParam,
} from '../../../contract';
import { z } from 'zod';
import { signedIn } from '../../platform/access/route-access';
import { actorOf } from '../../platform/activity/record';
import type { PictureSweep } from '../pictures/ledger';
import { parse, parseBody } from '../../platform/http/validate';
import { presentAnswer, presentAnswersByQuestion, presentQuestion, presentQuestionWithAnswers } from './presenter';
import {
  addAnswer,
  createQuestion,
  deleteAnswers,
  deleteQuestion,
  listAnswersOfGroup,
  listQuestions,
  questionTextRevisions,
  replaceQuestion,
  updateQuestion,
} from './service';

const groupIdParamsSchema = z.object({ groupId: idParam });

export function questionRoutes(dataSource: DataSource, sweepPictures: PictureSweep) {
  const router = new Router({ prefix: '/api' });
  const em = dataSource.manager;

  // Public: the player screen reads the questions and answers it plays.
  router.get('/question-groups/:id/questions', async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = (await listQuestions(em, id)).map(presentQuestion);
  });

  // Public, but the answer key only for a signed-in admin.
  router.get('/questions/:groupId/all-answers', async (ctx) => {
    const { groupId } = parse(groupIdParamsSchema, ctx.params);
    const { questionIds, answers } = await listAnswersOfGroup(em, groupId);
    ctx.body = presentAnswersByQuestion(questionIds, answers, ctx.state.user !== undefined);
  });

  router.post('/question-groups/:id/questions', signedIn, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const input = parseBody(questionCreateSchema, ctx.request.body);
    const { question, answers } = await createQuestion(em, id, input, actorOf(ctx));
    ctx.status = 201;
    ctx.body = input.answers ? presentQuestionWithAnswers(question, answers) : presentQuestion(question);
  });

  router.patch('/questions/:id', signedIn, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = presentQuestion(await updateQuestion(em, id, parseBody(questionSchema, ctx.request.body), actorOf(ctx)));
    await sweepPictures();
  });

  router.put('/questions/:id', signedIn, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const { question, answers } = await replaceQuestion(em, id, parseBody(questionWithAnswersSchema, ctx.request.body), actorOf(ctx));
    ctx.body = presentQuestionWithAnswers(question, answers);
    await sweepPictures();
  });

  router.get('/questions/:id/revisions', signedIn, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = await questionTextRevisions(em, id);
  });

  router.delete('/questions/:id', signedIn, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    await deleteQuestion(em, id, actorOf(ctx));
    await sweepPictures();
    ctx.status = 204;
  });

  router.post('/questions/:id/answers', signedIn, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const answer = await addAnswer(em, id, parseBody(answerSchema, ctx.request.body), actorOf(ctx));
    ctx.status = 201;
    ctx.body = presentAnswer(answer);
  });

  router.delete('/questions/:id/answers', signedIn, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = { deletedCount: await deleteAnswers(em, id, actorOf(ctx)) };
    await sweepPictures();
  });

  return router;
}
