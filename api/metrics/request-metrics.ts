import type { Context, Next } from 'koa';
import { requestPath } from '../platform/http/request-path';
import type { AppMetrics } from './app-metrics';

/** The route label of an API request no route answered: an unknown path, or one refused before routing. */
export const UNMATCHED_ROUTE = 'unmatched';
/** The route label of every other path: the built web app's pages and files. */
export const WEB_ROUTE = 'web';

/** What the router leaves on the context: the layers whose pattern matched the path. */
interface RoutedContext {
  matched?: { path: string | RegExp; methods: string[] }[];
}

/**
 * The router pattern that served a request (`/api/question-groups/:id`), never the raw path: a
 * label value per route the code defines, so a scanner trying a million paths adds two values, not
 * a million series. The pattern of the route for the method, else of one for the path alone (the
 * 405), else UNMATCHED_ROUTE or WEB_ROUTE. Read from the layers the router matched rather than the
 * route it last entered, so a 401 from a router-wide guard still carries its route's pattern.
 */
export function routeLabel(ctx: Context): string {
  const layers = (ctx as RoutedContext).matched ?? [];
  const route = layers.findLast((layer) => layer.methods.includes(ctx.method)) ?? layers.findLast((layer) => layer.methods.length > 0);
  if (route) return String(route.path);
  return requestPath(ctx).isApi ? UNMATCHED_ROUTE : WEB_ROUTE;
}

/**
 * Counts and times every request, by route pattern, method and status. It runs outside the error
 * middleware, so the status is the one sent, error replies included. The time is until the reply
 * is ready to send: a streamed export's body is still being written after it.
 */
export function countRequests(metrics: AppMetrics) {
  return async (ctx: Context, next: Next) => {
    const started = performance.now();
    metrics.requestsInFlight.inc();
    try {
      await next();
    } finally {
      metrics.requestsInFlight.dec();
      const labels = { route: routeLabel(ctx), method: ctx.method, status: String(ctx.status) };
      metrics.requests.inc(labels);
      metrics.requestSeconds.observe(labels, (performance.now() - started) / 1000);
    }
  };
}
