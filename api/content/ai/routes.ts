import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { generateQuestionsSchema, idParamsSchema, type AiStatus, type GeneratedQuestions } from '../../../contract';
import type { Config } from '../../platform/config';
import { allow, inParams, signedIn } from '../../platform/access/route-access';
import { actorOf } from '../../platform/activity/record';
import { parse, parseBody } from '../../platform/http/validate';
import { presentQuestionWithAnswers } from '../questions/presenter';
import { createQuestionWriter } from './question-writer';
import { requireGroupExists, storeGeneratedQuestions } from './service';

export function aiRoutes(dataSource: DataSource, config: Config) {
  const router = new Router({ prefix: '/api' });
  const writer = createQuestionWriter(config.openai);

  // Lets the dialog say AI is not configured before the admin writes a context.
  router.get('/ai/status', signedIn, (ctx) => {
    ctx.body = { configured: writer.configured } satisfies AiStatus;
  });

  router.post('/question-groups/:id/generate', allow(dataSource, 'content.edit', inParams('group')), async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const { context, numQuestions, kind } = parseBody(generateQuestionsSchema, ctx.request.body);
    // Checked first so a missing trivia never costs an AI call.
    await requireGroupExists(dataSource.manager, id);
    const generated = await writer.write(context, numQuestions, kind);
    const stored = await storeGeneratedQuestions(dataSource.manager, id, generated, actorOf(ctx));
    ctx.body = {
      count: stored.length,
      questions: stored.map(({ question, answers }) => presentQuestionWithAnswers(question, answers)),
    } satisfies GeneratedQuestions;
  });

  return router;
}
