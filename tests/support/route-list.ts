import { primaryReads } from '../../db/read-replica';
import type { DataSource } from 'typeorm';
import type { Config } from '../../api/platform/config';
import type { RateLimiter } from '../../api/platform/http/rate-limit';
import { createAppMetrics } from '../../api/metrics/app-metrics';
import { apiRouters } from '../../api/routes';

export interface ApiRoute {
  method: string;
  /** The router's pattern, with its `:params` (e.g. `/api/companies/:id`). */
  path: string;
}

const unusedLimiter: RateLimiter = (() => {
  throw new Error('route-list: the limiters are not called while listing routes');
}) as unknown as RateLimiter;

/**
 * Every method and path the API serves, read from the routers themselves (not a hand list): a new
 * route is covered by the tests that walk this list the day it is added. HEAD, which Koa's router
 * adds to every GET, is left out.
 */
export function apiRouteList(config: Config, dataSource: DataSource): ApiRoute[] {
  const routes: ApiRoute[] = [];
  for (const router of apiRouters({ config, dataSource, publicReads: primaryReads(dataSource), secret: 'route-list', limiters: { login: unusedLimiter, player: unusedLimiter, playerDocument: unusedLimiter, playerDocuments: unusedLimiter, device: unusedLimiter, answer: unusedLimiter }, metrics: createAppMetrics(dataSource) })) {
    for (const layer of router.stack) {
      for (const method of layer.methods) {
        if (method !== 'HEAD') routes.push({ method, path: String(layer.path) });
      }
    }
  }
  return routes;
}
