import Router from '@koa/router';
import type { Context } from 'koa';
import { requestPath } from '../platform/http/request-path';
import { metricsAccess } from './access';
import type { AppMetrics } from './app-metrics';

/** Where Prometheus looks by default; outside /api, as it is not part of the product's API. */
export const METRICS_PATH = '/metrics';

/** Whether a request is for the metrics route (any spelling the router accepts). */
export const isMetricsRequest = (ctx: Context): boolean => requestPath(ctx).canonical === METRICS_PATH;

/**
 * GET /metrics: the app's figures in the Prometheus text format (docs/operations.md, "Event-day
 * monitoring"). The database figures in it are cached a few seconds (api/metrics/event-day-gauges.ts),
 * so a scraper every 15 s, or several, costs next to nothing.
 */
export function metricsRoutes(metrics: AppMetrics, token: string | undefined) {
  const router = new Router();
  router.get(METRICS_PATH, metricsAccess(token), async (ctx) => {
    const text = await metrics.registry.metrics();
    ctx.body = text;
    ctx.set('Content-Type', metrics.registry.contentType);
    ctx.set('Cache-Control', 'no-store');
  });
  return router;
}
