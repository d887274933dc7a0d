import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { idParamsSchema, locationSchema } from '../../../contract';
import { signedIn } from '../../platform/access/route-access';
import { actorOf } from '../../platform/activity/record';
import { parse, parseBody } from '../../platform/http/validate';
import { presentLocation } from './presenter';
import { createLocation, deleteLocation, listLocations, updateLocation } from './service';

export function locationRoutes(dataSource: DataSource) {
  const router = new Router({ prefix: '/api' });
  const em = dataSource.manager;

  // Public: player registration and the public rankings list a company's sites.
  router.get('/public/companies/:id/locations', async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = (await listLocations(em, id)).map(presentLocation);
  });

  router.get('/companies/:id/locations', signedIn, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = (await listLocations(em, id)).map(presentLocation);
  });

  router.post('/locations', signedIn, async (ctx) => {
    const input = parseBody(locationSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = presentLocation(await createLocation(em, input, actorOf(ctx)));
  });

  router.patch('/locations/:id', signedIn, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const input = parseBody(locationSchema, ctx.request.body);
    ctx.body = presentLocation(await updateLocation(em, id, input, actorOf(ctx)));
  });

  router.delete('/locations/:id', signedIn, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    await deleteLocation(em, id, actorOf(ctx));
    ctx.body = { message: 'Sede eliminada', id };
  });

  return router;
}
