import type Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { aiRoutes } from './ai/routes';
import { authRoutes } from './auth/routes';
import type { Config } from './config';
import { healthRoutes } from './health/routes';
import type { RateLimiter } from './http/rate-limit';
import { questionGroupRoutes } from './question-groups/routes';
import { questionRoutes } from './questions/routes';
import { themeRoutes } from './themes/routes';

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
    questionRoutes(deps.dataSource),
    themeRoutes(deps.dataSource),
    aiRoutes(deps.dataSource, deps.config),
  ];
}
