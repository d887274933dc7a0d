import Router from '@koa/router';
import type { Context } from 'koa';
import {
  answerVerdictRequestSchema,
  completeAttemptSchema,
  createAttemptSchema,
} from '../../../contract';
import { authenticateDevice } from '../devices/service';
import { forbidden } from '../../platform/http/errors';
import { missing } from '../../platform/access/not-found';
import { publicRoute } from '../../platform/access/route-access';
import { isUuid } from '../../platform/lib/uuid';
import { rateLimitByAddress } from '../../platform/http/rate-limit';
import { parseBody } from '../../platform/http/validate';
import type { RouteDependencies } from '../../platform/route-dependencies';
import { addressKey } from './address-limit';
import { presentAttempt, presentCreatedAttempt } from './presenter';
import { completeOnlineAttempt, startOnlineAttempt } from './online';
import { INVALID_TOKEN } from './token';
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
  throw missing('attempt');
}

/** Player level: start, answer and complete an attempt (the server decides round, score and time). */
export function attemptRoutes({ config, dataSource, limiters, secret }: RouteDependencies) {
  const router = new Router({ prefix: '/api' });
  const limit = rateLimitByAddress(limiters.player);

  router.post('/player-attempts', publicRoute, limit, async (ctx) => {
    const input = parseBody(createAttemptSchema, ctx.request.body);
    // Every round is a device's (the player screen always has one): its limits apply on every path.
    const deviceId = await authenticateDevice(dataSource.manager, secret, ctx.get('X-Device-Id'), ctx.get('X-Device-Secret'));
    const origin = { serverSecret: secret, fairPlay: config.fairPlay, deviceId, addressKey: addressKey(secret, ctx.ip) };
    const { attempt, token, receipt } = await startOnlineAttempt(dataSource.manager, input, origin);
    ctx.body = presentCreatedAttempt(attempt, token, receipt ?? null);
  });

  // A phone's round asks one verdict per question: counted apart from the other player routes (ANSWER_RATE_LIMIT).
  router.post('/player-attempts/:id/answers', publicRoute, rateLimitByAddress(limiters.answer), async (ctx) => {
    const ref = attemptRef(ctx.params.id!);
    requireToken(ctx);
    ctx.body = await judgeAnswer(dataSource.manager, ref, parseBody(answerVerdictRequestSchema, ctx.request.body));
  });

  router.patch('/player-attempts/:id', publicRoute, limit, async (ctx) => {
    const ref = attemptRef(ctx.params.id!);
    requireToken(ctx);
    const input = parseBody(completeAttemptSchema, ctx.request.body);
    ctx.body = presentAttempt(await completeOnlineAttempt(dataSource.manager, ref, input));
  });

  return router;
}
