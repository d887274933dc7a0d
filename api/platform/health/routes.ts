import Router from '@koa/router';
import { publicRoute } from '../access/route-access';
import type { DataSource } from 'typeorm';

export function healthRoutes(dataSource: DataSource) {
  const router = new Router({ prefix: '/api' });
  router.get('/health', publicRoute, async (ctx) => {
    try {
      await dataSource.query('SELECT 1');
      ctx.body = { status: 'ok', db: 'ok' };
    } catch {
      ctx.status = 503;
      ctx.body = { status: 'degraded', db: 'unavailable', error: 'La base de datos no está disponible', message: 'La base de datos no está disponible', code: 'database_unavailable' };
    }
  });
  return router;
}
