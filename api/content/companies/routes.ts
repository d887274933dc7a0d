import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { companySchema, idParamsSchema } from '../../../contract';
import { accessOf, allow, inParams, ownerOnly, signedIn } from '../../platform/access/route-access';
import { parse, parseBody } from '../../platform/http/validate';
import { removeStoredLogo } from '../logos/storage';
import type { PictureSweep } from '../pictures/ledger';
import { presentCompany } from './presenter';
import { createCompany, deleteCompany, listCompanies, updateCompany } from './service';

export function companyRoutes(dataSource: DataSource, uploadDir: string, sweepPictures: PictureSweep) {
  const router = new Router({ prefix: '/api/companies' });
  const em = dataSource.manager;

  // Every signed-in user: the companies within their reach (none for a member without roles).
  router.get('/', signedIn, async (ctx) => {
    ctx.body = (await listCompanies(em, accessOf(ctx).reachableCompanies())).map(presentCompany);
  });

  router.post('/', ownerOnly, async (ctx) => {
    const input = parseBody(companySchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = presentCompany(await createCompany(em, input));
  });

  router.patch('/:id', allow(dataSource, 'content.edit', inParams('company')), async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const input = parseBody(companySchema, ctx.request.body);
    ctx.body = presentCompany(await updateCompany(em, id, input));
  });

  router.delete('/:id', ownerOnly, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const logoUrl = await deleteCompany(em, id);
    await removeStoredLogo(uploadDir, logoUrl);
    await sweepPictures();
    ctx.body = { message: 'Empresa eliminada', id };
  });

  return router;
}
