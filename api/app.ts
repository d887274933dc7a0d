import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { Config } from './config';
import { errorMiddleware } from './errors';
import { compressJsonReplies } from './http/compression';
import { csrfGuard } from './http/csrf';
import { jsonBodiesOnly } from './http/json-only';
import { createRateLimiter } from './http/rate-limit';
import { requestLog } from './http/request-log';
import { loadUser } from './http/require-user';
import { securityHeaders } from './http/security-headers';
import { sessionMiddleware } from './http/session';
import { staticWeb } from './http/static-web';
import { firstPaintTrivia } from './play/first-paint';
import { apiRouters } from './routes';

export interface AppDependencies {
  config: Config;
  dataSource: DataSource;
  logger: Logger;
  /** Signs session cookies (and, later, upload URLs). */
  secret: string;
}

export const JSON_BODY_LIMIT = '1mb';
/** The signed logo upload: authorised by its signature (no CSRF header) and taking image bytes. */
const UPLOAD_PREFIXES = ['/api/uploads/'];

/** The Koa app, with the order of its middleware in one place. Tests start it in-process. */
export function createApp({ config, dataSource, logger, secret }: AppDependencies): Koa {
  // Behind proxies, ctx.ip is the address the outermost trusted proxy saw: entries a client puts
  // to the left of X-Forwarded-For are ignored, so they cannot dodge the per-address rate limits.
  const app = new Koa({ proxy: config.trustProxy, maxIpsCount: config.proxyHops, keys: [secret] });
  app.silent = true; // errors are logged by errorMiddleware, with the request id
  const behindHttpsProxy = config.trustProxy;

  const limiters = {
    login: createRateLimiter(dataSource, 'login', config.rateLimits.loginPerMinute, 60),
    player: createRateLimiter(dataSource, 'player', config.rateLimits.playerPerMinute, 60),
  };

  app.use(requestLog(logger));
  app.use(errorMiddleware(logger));
  app.use(securityHeaders(behindHttpsProxy));
  app.use(staticWeb(config.webDist, { firstPaint: (groupId) => firstPaintTrivia(dataSource.manager, groupId) }));
  app.use(compressJsonReplies());
  app.use(csrfGuard(UPLOAD_PREFIXES));
  app.use(jsonBodiesOnly(UPLOAD_PREFIXES));
  app.use(
    bodyParser({
      enableTypes: ['json'],
      jsonLimit: JSON_BODY_LIMIT,
      encoding: 'utf-8',
      onError: (error) => {
        throw error;
      },
    }),
  );
  app.use(sessionMiddleware(app, dataSource, { maxAgeMs: config.sessionMaxAgeMs }));
  app.use(loadUser(dataSource));

  for (const router of apiRouters({ config, dataSource, secret, limiters })) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
