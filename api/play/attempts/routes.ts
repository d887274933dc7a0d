import Router from '@koa/router';
import type { Context } from 'koa';
import {
  answerVerdictRequestSchema,
  completeAttemptSchema,
  createAttemptSchema,
  heldAttemptsQuery,
  heldBatchSchema,
  heldSummaryQuery,
  idParamsSchema,
} from '../../../contract';
import { authenticateDevice } from '../devices/service';
import { forbidden, notFound } from '../../platform/http/errors';
import { isUuid } from '../../platform/lib/uuid';
import { rateLimitByAddress } from '../../platform/http/rate-limit';
import { requireUser } from '../../platform/http/require-user';
import { parse, parseBody } from '../../platform/http/validate';
import type { RouteDependencies } from '../../platform/route-dependencies';
import { addressKey } from './address-limit';
import { listHeldAttempts, listHeldTrivias, summarizeHeldAttempts } from '../../results/review/held-list';
import { presentAttempt, presentBatchDecision, presentCreatedAttempt, presentDecision, presentHeldAttempt, presentHeldSummary } from './presenter';
import { decideHeldAttempt, decideHeldBatch } from '../../results/review/decisions';
import { completeOnlineAttempt, startOnlineAttempt } from './online';
import { ATTEMPT_NOT_FOUND } from './attempt-row';
import { INVALID_TOKEN } from './service';
import { judgeAnswer } from './verdict';

/** Without its token nobody may answer or complete an attempt, so a missing token is 403 like a wrong one. */
function requireToken(ctx: Context): void {
  const token = (ctx.request.body as { token?: unknown } | undefined)?.token;
  if (typeof token !== 'string' || token === '') throw forbidden(INVALID_TOKEN, { code: 'attempt_token_invalid' });
}

/** `{id}` in the path: the numeric server id or the attempt's kiosk-made clientId. */
function attemptRef(param: string): { id: number } | { clientId: string } {
  if (/^[1-9]\d{0,9}$/.test(param) && Number(param) <= 2_147_483_647) return { id: Number(param) };
  if (isUuid(param)) return { clientId: param.toLowerCase() };
  throw notFound(ATTEMPT_NOT_FOUND);
}

/**
 * Player level: start and complete an attempt (the server decides round, score and time).
 * Admin level: the held attempts of a trivia (a page, the filter's counts), the trivias with held
 * attempts and how many, and the decision on one or on several.
 */
export function attemptRoutes({ config, dataSource, limiters, secret }: RouteDependencies) {
  const router = new Router({ prefix: '/api' });
  const limit = rateLimitByAddress(limiters.player);

  router.post('/player-attempts', limit, async (ctx) => {
    const input = parseBody(createAttemptSchema, ctx.request.body);
    // Every round is a device's (the player screen always has one): its limits apply on every path.
    const deviceId = await authenticateDevice(dataSource.manager, secret, ctx.get('X-Device-Id'), ctx.get('X-Device-Secret'));
    const origin = { serverSecret: secret, fairPlay: config.fairPlay, deviceId, addressKey: addressKey(secret, ctx.ip) };
    const { attempt, token } = await startOnlineAttempt(dataSource.manager, input, origin);
    ctx.body = presentCreatedAttempt(attempt, token);
  });

  // A phone's round asks one verdict per question: counted apart from the other player routes (ANSWER_RATE_LIMIT).
  router.post('/player-attempts/:id/answers', rateLimitByAddress(limiters.answer), async (ctx) => {
    const ref = attemptRef(ctx.params.id!);
    requireToken(ctx);
    ctx.body = await judgeAnswer(dataSource.manager, ref, parseBody(answerVerdictRequestSchema, ctx.request.body));
  });

  router.patch('/player-attempts/:id', limit, async (ctx) => {
    const ref = attemptRef(ctx.params.id!);
    requireToken(ctx);
    const input = parseBody(completeAttemptSchema, ctx.request.body);
    ctx.body = presentAttempt(await completeOnlineAttempt(dataSource.manager, ref, input));
  });

  router.get('/player-attempts/held', requireUser, async (ctx) => {
    const { total, rows } = await listHeldAttempts(dataSource.manager, parse(heldAttemptsQuery, ctx.query));
    ctx.set('X-Total-Count', String(total));
    ctx.body = rows.map(presentHeldAttempt);
  });

  router.get('/player-attempts/held/summary', requireUser, async (ctx) => {
    ctx.body = presentHeldSummary(await summarizeHeldAttempts(dataSource.manager, parse(heldSummaryQuery, ctx.query)));
  });

  router.get('/player-attempts/held/trivias', requireUser, async (ctx) => {
    ctx.body = await listHeldTrivias(dataSource.manager);
  });

  for (const [action, decision] of [
    ['release', 'released'],
    ['discard', 'discarded'],
  ] as const) {
    router.post(`/player-attempts/held/${action}`, requireUser, async (ctx) => {
      const { questionGroupId, ids, filter, throughId } = parseBody(heldBatchSchema, ctx.request.body);
      const target = ids ? { ids } : { filter: filter ?? {}, throughId };
      ctx.body = presentBatchDecision(decision, await decideHeldBatch(dataSource.manager, questionGroupId, target, decision, ctx.state.user.id));
    });
    router.post(`/player-attempts/:id/${action}`, requireUser, async (ctx) => {
      const { id } = parse(idParamsSchema, ctx.params);
      ctx.body = presentDecision(await decideHeldAttempt(dataSource.manager, id, decision, ctx.state.user.id));
    });
  }

  return router;
}
