import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { idParamsSchema, locationSchema } from '../../../contract';
import { allow, inBody, inParams, publicRoute } from '../../platform/access/route-access';
import { parse, parseBody } from '../../platform/http/validate';
import { presentLocation } from './presenter';
import { createLocation, deleteLocation, listLocations, updateLocation } from './service';

export function locationRoutes(dataSource: DataSource) {
  const router = new Router({ prefix: '/api' });
  const em = dataSource.manager;

  // Public: player registration and the public rankings list a company's sites.
  router.get('/public/companies/:id/locations', publicRoute, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = (await listLocations(em, id)).map(presentLocation);
  });

  router.get('/companies/:id/locations', allow(dataSource, 'content.view', inParams('company')), async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = (await listLocations(em, id)).map(presentLocation);
  });

  router.post('/locations', allow(dataSource, 'content.edit', inBody('company', 'companyId')), async (ctx) => {
    const input = parseBody(locationSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = presentLocation(await createLocation(em, input));
  });

  // A site moved to another company needs the action there too.
  router.patch('/locations/:id', allow(dataSource, 'content.edit', inParams('location'), inBody('company', 'companyId')), async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const input = parseBody(locationSchema, ctx.request.body);
    ctx.body = presentLocation(await updateLocation(em, id, input));
  });

  router.delete('/locations/:id', allow(dataSource, 'content.edit', inParams('location')), async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    await deleteLocation(em, id);
    ctx.body = { message: 'Sede eliminada', id };
  });

  return router;
}
