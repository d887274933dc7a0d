import type Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { attemptRoutes } from './attempts/routes';
import { authRoutes } from './auth/routes';
import type { Config } from './config';
import { deviceRoutes } from './devices/routes';
import { documentTypeRoutes } from './document-types/routes';
import { healthRoutes } from './health/routes';
import type { RateLimiter } from './http/rate-limit';
import { playRoutes } from './play/routes';
import { playerRoutes } from './players/routes';
import { questionGroupRoutes } from './question-groups/routes';
import { rankingRoutes } from './ranking/routes';
import { syncRoutes } from './sync/routes';

export interface RouteDependencies {
  config: Config;
  dataSource: DataSource;
  secret: string;
  limiters: { login: RateLimiter; player: RateLimiter };
}

/** Every router of the API, in one list: a new resource adds one line here. */
export function apiRouters(deps: RouteDependencies): Router[] {
  return [
    healthRoutes(deps.dataSource),
    authRoutes(deps.dataSource, deps.limiters.login),
    questionGroupRoutes(deps.dataSource),
    documentTypeRoutes(deps.dataSource),
    playerRoutes(deps),
    attemptRoutes(deps),
    playRoutes(deps.dataSource),
    deviceRoutes(deps),
    syncRoutes(deps),
    rankingRoutes(deps.dataSource),
  ];
}
