import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { publicRoute } from '../../platform/access/route-access';
import { presentDocumentType } from './presenter';
import { listDocumentTypes } from './service';

/** Public: the registration form's document type choices. */
export function documentTypeRoutes(dataSource: DataSource) {
  const router = new Router({ prefix: '/api' });
  router.get('/document-types', publicRoute, async (ctx) => {
    ctx.body = (await listDocumentTypes(dataSource.manager)).map(presentDocumentType);
  });
  return router;
}
