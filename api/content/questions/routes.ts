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
import { accessOf, allow, inBody, inParams, publicRoute } from '../../platform/access/route-access';
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
  const editQuestion = allow(dataSource, 'content.edit', inParams('question'));
  // A question saved with another trivia (`groupId`) moves there: the action is needed on both.
  const saveQuestion = allow(dataSource, 'content.edit', inParams('question'), inBody('group', 'groupId'));

  // Public: the player screen reads the questions and answers it plays.
  router.get('/question-groups/:id/questions', publicRoute, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = (await listQuestions(em, id)).map(presentQuestion);
  });

  // Public, but the answer key only for a user who may edit the trivia's content.
  router.get('/questions/:groupId/all-answers', publicRoute, async (ctx) => {
    const { groupId } = parse(groupIdParamsSchema, ctx.params);
    const { companyId, questionIds, answers } = await listAnswersOfGroup(em, groupId);
    const withKey = ctx.state.user !== undefined && accessOf(ctx).can('content.edit', companyId);
    ctx.body = presentAnswersByQuestion(questionIds, answers, withKey);
  });

  router.post('/question-groups/:id/questions', allow(dataSource, 'content.edit', inParams('group')), async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const input = parseBody(questionCreateSchema, ctx.request.body);
    const { question, answers } = await createQuestion(em, id, input);
    ctx.status = 201;
    ctx.body = input.answers ? presentQuestionWithAnswers(question, answers) : presentQuestion(question);
  });

  router.patch('/questions/:id', saveQuestion, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = presentQuestion(await updateQuestion(em, id, parseBody(questionSchema, ctx.request.body), ctx.state.user.id));
    await sweepPictures();
  });

  router.put('/questions/:id', saveQuestion, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const { question, answers } = await replaceQuestion(em, id, parseBody(questionWithAnswersSchema, ctx.request.body), ctx.state.user.id);
    ctx.body = presentQuestionWithAnswers(question, answers);
    await sweepPictures();
  });

  // The editor's history of a question: for those who edit it.
  router.get('/questions/:id/revisions', editQuestion, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = await questionTextRevisions(em, id);
  });

  router.delete('/questions/:id', editQuestion, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    await deleteQuestion(em, id);
    await sweepPictures();
    ctx.status = 204;
  });

  router.post('/questions/:id/answers', editQuestion, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const answer = await addAnswer(em, id, parseBody(answerSchema, ctx.request.body));
    ctx.status = 201;
    ctx.body = presentAnswer(answer);
  });

  router.delete('/questions/:id/answers', editQuestion, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = { deletedCount: await deleteAnswers(em, id) };
    await sweepPictures();
  });

  return router;
}
