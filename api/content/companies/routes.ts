import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { companySchema, idParamsSchema } from '../../../contract';
import { signedIn } from '../../platform/access/route-access';
import { actorOf } from '../../platform/activity/record';
import { parse, parseBody } from '../../platform/http/validate';
import { removeStoredLogo } from '../logos/storage';
import type { PictureSweep } from '../pictures/ledger';
import { presentCompany } from './presenter';
import { createCompany, deleteCompany, listCompanies, updateCompany } from './service';

export function companyRoutes(dataSource: DataSource, uploadDir: string, sweepPictures: PictureSweep) {
  const router = new Router({ prefix: '/api/companies' });
  const em = dataSource.manager;
  router.use(signedIn);

  router.get('/', async (ctx) => {
    ctx.body = (await listCompanies(em)).map(presentCompany);
  });

  router.post('/', async (ctx) => {
    const input = parseBody(companySchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = presentCompany(await createCompany(em, input, actorOf(ctx)));
  });

  router.patch('/:id', async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const input = parseBody(companySchema, ctx.request.body);
    ctx.body = presentCompany(await updateCompany(em, id, input, actorOf(ctx)));
  });

  router.delete('/:id', async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const logoUrl = await deleteCompany(em, id, actorOf(ctx));
    await removeStoredLogo(uploadDir, logoUrl);
    await sweepPictures();
    ctx.body = { message: 'Empresa eliminada', id };
  });

  return router;
}
