import type Router from '@koa/router';
import { primaryReads } from '../../db/read-replica';
import type { DataSource } from 'typeorm';
import type { Config } from '../../api/platform/config';
import type { RateLimiter } from '../../api/platform/http/rate-limit';
import { routeAccessOf, type RouteAccess } from '../../api/platform/access/route-access';
import { createAppMetrics } from '../../api/metrics/app-metrics';
import { metricsRoutes } from '../../api/metrics/routes';
import { apiRouters } from '../../api/routes';

export interface ApiRoute {
  method: string;
  /** The router's pattern, with its `:params` (e.g. `/api/companies/:id`). */
  path: string;
  /** Who may call it, as its first middleware declares (api/platform/access/route-access.ts); undefined when it declares nothing. */
  access: RouteAccess | undefined;
}

const unusedLimiter: RateLimiter = (() => {
  throw new Error('route-list: the limiters are not called while listing routes');
}) as unknown as RateLimiter;

/** Every method and path some routers serve, each with its declaration. HEAD, which Koa's router adds to every GET, is left out. */
export function routesOf(routers: readonly Router[]): ApiRoute[] {
  return routers.flatMap((router) =>
    router.stack.flatMap((layer) =>
      layer.methods.filter((method) => method !== 'HEAD').map((method) => ({ method, path: String(layer.path), access: routeAccessOf(layer.stack) })),
    ),
  );
}

/**
 * Every method and path the API serves, read from the routers themselves (not a hand list): a new
 * route is covered by the tests that walk this list the day it is added.
 */
export function apiRouteList(config: Config, dataSource: DataSource): ApiRoute[] {
  return routesOf(
    apiRouters({
      config,
      dataSource,
      publicReads: primaryReads(dataSource),
      secret: 'route-list',
      limiters: { login: unusedLimiter, player: unusedLimiter, playerDocument: unusedLimiter, playerDocuments: unusedLimiter, device: unusedLimiter, answer: unusedLimiter },
      metrics: createAppMetrics(dataSource),
    }),
  );
}

/** Every route the app serves: the API's, and GET /metrics, served beside them outside /api. */
export function servedRouteList(config: Config, dataSource: DataSource): ApiRoute[] {
  return [...apiRouteList(config, dataSource), ...routesOf([metricsRoutes(createAppMetrics(dataSource), config.metricsToken)])];
}

/** `METHOD /path`, the name a route goes by in test messages. */
export const routeName = (route: Pick<ApiRoute, 'method' | 'path'>): string => `${route.method} ${route.path}`;

/** A stable number per text, so a route's part (or seed) does not depend on the other routes. */
export function stableHash(text: string, start: number): number {
  let h = start | 0;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16_777_619);
  return h >>> 0;
}

/** Whether a route falls in part `part` (0-based) of `parts`, by a hash of its name: how a suite splits its routes between files. */
export const inPart = (route: Pick<ApiRoute, 'method' | 'path'>, part: number, parts: number): boolean => stableHash(routeName(route), 7) % parts === part;
