import { bodyParser } from '@koa/bodyparser';
import Koa, { type Context } from 'koa';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { primaryReads, type PublicReads, type ReadReplica } from '../db/read-replica';
import type { Config } from './platform/config';
import { errorMiddleware } from './platform/http/errors';
import { apiRepliesNotStored } from './platform/http/cache-control';
import { compressJsonReplies } from './platform/http/compression';
import { csrfGuard } from './platform/http/csrf';
import { inFlightLimit } from './platform/http/in-flight-limit';
import { jsonDepthGuard } from './platform/http/json-depth';
import { jsonBodiesOnly } from './platform/http/json-only';
import { isKioskSetup, isPlayerRoute, unless } from './platform/http/player-routes';
import { createRateLimiter, publicReadLimit } from './platform/http/rate-limit';
import { requestLog } from './platform/http/request-log';
import { isRequestFor, refuseMalformedPaths } from './platform/http/request-path';
import { loadUser } from './platform/access/load-user';
import { securityHeaders } from './platform/http/security-headers';
import { sessionMiddleware } from './platform/http/session';
import { staticWeb } from './platform/http/static-web';
import { UPLOADS_PREFIX } from './content/logos/storage';
import { PICTURE_UPLOADS_PREFIX } from './content/pictures/routes';
import { createAppMetrics } from './metrics/app-metrics';
import { countRequests } from './metrics/request-metrics';
import { isMetricsRequest, metricsRoutes } from './metrics/routes';
import { firstPaintTrivia } from './play/bundle/first-paint';
import { apiRouters } from './routes';
import type { BackupState } from './platform/backups/keep-backed-up';

export interface AppDependencies {
  config: Config;
  dataSource: DataSource;
  /** The read replica of DATABASE_READ_URL, where the public anonymous reads run; without it they read the primary. */
  readReplica?: ReadReplica;
  logger: Logger;
  /** Signs session cookies and the upload URLs of logos and pictures. */
  secret: string;
  /** The continuous backups' state, when the embedded server is backed up. */
  backups?: () => Promise<BackupState>;
}

export const JSON_BODY_LIMIT = '1mb';
/**
 * The signed uploads (a logo's `PUT /api/uploads/:token`, a picture's `PUT
 * /api/pictures/uploads/:token`): authorised by their signature (no CSRF header) and taking image
 * bytes. Matched on the canonical path, one segment after the prefix, PUT only: no spelling of
 * another route (`/api/uploads/../companies/3`, `/api/uploads/%2e%2e/…`) is exempt.
 */
const SIGNED_UPLOAD = new RegExp(`^(?:${UPLOADS_PREFIX}|${PICTURE_UPLOADS_PREFIX})[^/]+$`);
const isSignedUpload = (ctx: Context) => isRequestFor(ctx, 'PUT', SIGNED_UPLOAD);

/**
 * The Koa app, with the order of its middleware in one place. Tests start it in-process.
 *
 * Order: the request id and the error shape wrap everything; security and cache headers are set
 * before anything can answer; a path with no single meaning is refused before any guard; every
 * guard after that reads the one canonical path (api/platform/http/request-path.ts), never `ctx.path`, and
 * the CSRF and JSON-only guards do not depend on the path at all. Requests are counted and timed
 * outside the error shape (so the status counted is the one sent); GET /metrics is served after the
 * session is loaded (an admin may read it) and before the public read limit (a scraper is not a
 * crowd), and is not the web app's page.
 */
export function createApp({ config, dataSource, readReplica, logger, secret, backups }: AppDependencies): Koa {
  // Behind proxies, ctx.ip is the address the outermost trusted proxy saw: entries a client puts
  // to the left of X-Forwarded-For are ignored, so they cannot dodge the per-address rate limits.
  const app = new Koa({ proxy: config.trustProxy, maxIpsCount: config.proxyHops, keys: [secret] });
  app.silent = true; // errors are logged by errorMiddleware, with the request id
  const behindHttpsProxy = config.trustProxy;

  // A registry of this app's own: tests run several apps in one process.
  const publicReads: PublicReads = readReplica ?? primaryReads(dataSource);
  const metrics = createAppMetrics(dataSource, readReplica?.state, backups);
  const refusals = metrics.rateLimited;
  const limiters = {
    login: createRateLimiter(dataSource, 'login', config.rateLimits.loginPerMinute, 60, { refusals }),
    player: createRateLimiter(dataSource, 'player', config.rateLimits.playerPerMinute, 60, { leased: true, refusals }),
    playerDocument: createRateLimiter(dataSource, 'player-document', config.rateLimits.playerDocumentPerHour, 3600, { refusals }),
    // Leased: a venue's NAT address puts every phone's first check of a document on this one counter.
    playerDocuments: createRateLimiter(dataSource, 'player-documents', config.rateLimits.playerDocumentsPerClientPerHour, 3600, { leased: true, refusals }),
    device: createRateLimiter(dataSource, 'device', config.rateLimits.devicesPerHour, 3600, { refusals }),
    answer: createRateLimiter(dataSource, 'answer', config.rateLimits.answersPerMinute, 60, { leased: true, refusals }),
    publicRead: createRateLimiter(dataSource, 'public', config.rateLimits.publicPerMinute, 60, { blockInMemory: true, refusals }),
  };

  app.use(requestLog(logger));
  app.use(countRequests(metrics));
  app.use(errorMiddleware(logger));
  app.use(securityHeaders(behindHttpsProxy));
  app.use(apiRepliesNotStored());
  app.use(inFlightLimit(config.connections.maxRequestsPerAddress, refusals));
  app.use(refuseMalformedPaths());
  app.use(unless(isMetricsRequest, staticWeb(config.webDist, { firstPaint: (groupId) => firstPaintTrivia(dataSource.manager, groupId) })));
  app.use(compressJsonReplies());
  app.use(csrfGuard(isSignedUpload));
  app.use(jsonBodiesOnly(isSignedUpload));
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
  app.use(jsonDepthGuard());
  // Player routes never read the admin session, so a cookie a tablet still carries changes nothing
  // there and no player request keeps it alive; redeeming a kiosk setup link loads it only to end it.
  const session = sessionMiddleware(app, dataSource, { maxAgeMs: config.sessionMaxAgeMs, absoluteMs: config.sessionAbsoluteMs });
  app.use(unless((ctx) => isPlayerRoute(ctx) && !isKioskSetup(ctx), session));
  app.use(unless(isPlayerRoute, loadUser(dataSource)));
  app.use(metricsRoutes(metrics, config.metricsToken).routes());
  app.use(publicReadLimit(limiters.publicRead));

  for (const router of apiRouters({ config, dataSource, publicReads, secret, limiters, metrics, backups })) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
