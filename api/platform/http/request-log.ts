import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { requestPath } from './request-path';

/** Gives each request an id (echoed as X-Request-Id) and logs one line when it ends. */
export function requestLog(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    const started = performance.now();
    ctx.state.requestId = randomUUID();
    ctx.set('X-Request-Id', ctx.state.requestId);
    try {
      await next();
    } finally {
      if (requestPath(ctx).isApi) {
        logger.info(
          {
            requestId: ctx.state.requestId,
            method: ctx.method,
            path: ctx.path,
            status: ctx.status,
            ms: Math.round(performance.now() - started),
          },
          'request',
        );
      }
    }
  };
}
