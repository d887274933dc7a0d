import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { activityQuery, analysisExportQuery, analysisQuery, campaignAnalysisQuery, idParamsSchema, type CampaignAnalysis, type PlayerHistory, type TriviaActivity, type TriviaAnalysis } from '../../../contract';
import { sendSheetFile } from '../../platform/http/download';
import { accessOf, allow, inParams } from '../../platform/access/route-access';
import { parse } from '../../platform/http/validate';
import { findQuestionGroup } from '../../content/question-groups/service';
import { findCampaign } from '../../content/campaigns/service';
import { analysisFile } from './analysis-export';
import { campaignAnalysis } from './campaign-analysis';
import { playerHistory } from './player-history';
import { triviaActivity } from './trivia-activity';
import { triviaAnalysis } from './trivia-analysis';

/**
 * Extension: what an organiser learns from the results (docs/api.md, "Insights"). The analysis
 * and its export carry no personal data (`analysis.view`); a trivia's activity and a player's
 * history name people (`players.manage`), and a history shows only the attempts at trivias of the
 * companies where the user has it.
 */
export function insightRoutes(dataSource: DataSource) {
  const router = new Router({ prefix: '/api' });
  const em = dataSource.manager;

  router.get('/question-groups/:id/analysis', allow(dataSource, 'analysis.view', inParams('group')), async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const query = parse(analysisQuery, ctx.query);
    await findQuestionGroup(em, id);
    ctx.body = (await triviaAnalysis(em, id, query)) satisfies TriviaAnalysis;
  });

  router.get('/question-groups/:id/analysis/export', allow(dataSource, 'analysis.view', inParams('group')), async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const query = parse(analysisExportQuery, ctx.query);
    const group = await findQuestionGroup(em, id);
    const { baseName, format, bytes } = await analysisFile(em, group, query);
    sendSheetFile(ctx, baseName, format, bytes);
  });

  router.get('/question-groups/:id/activity', allow(dataSource, 'players.manage', inParams('group')), async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const query = parse(activityQuery, ctx.query);
    await findQuestionGroup(em, id);
    ctx.body = (await triviaActivity(em, id, query)) satisfies TriviaActivity;
  });

  router.get('/campaigns/:id/analysis', allow(dataSource, 'analysis.view', inParams('campaign')), async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const query = parse(campaignAnalysisQuery, ctx.query);
    ctx.body = (await campaignAnalysis(em, await findCampaign(em, id), query)) satisfies CampaignAnalysis;
  });

  router.get('/players/:id/history', allow(dataSource, 'players.manage', inParams('player')), async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = (await playerHistory(em, id, accessOf(ctx).companiesFor('players.manage'))) satisfies PlayerHistory;
  });

  return router;
}
