import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignEntity, LocationEntity } from '../../db/entities';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildLocation, buildTrivia } from '../support/factories';
import { replyOf, ROLE_FORBIDDEN, signInAs } from '../support/members';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('GET /api/companies', () => {
  it('lists companies (id, name, description, logoUrl) to a signed-in admin', async () => {
    const company = await buildCompany(api.dataSource, { name: 'Listada SA', description: 'Descripción' });
    const admin = await api.adminClient();
    const res = await admin.get('/api/companies');
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual({ id: company.id, name: 'Listada SA', description: 'Descripción', logoUrl: null, timeZone: null });
  });

  it('is 401 signed out', async () => {
    expect((await api.client().get('/api/companies')).status).toBe(401);
  });
});

describe('POST /api/companies', () => {
  it('creates a company and returns it with 201', async () => {
    const admin = await api.adminClient();
    const res = await admin.post('/api/companies', { name: '  Ferias del Sur ', description: 'Eventos' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(Number), name: 'Ferias del Sur', description: 'Eventos', logoUrl: null });
    const list = await admin.get('/api/companies');
    expect(list.body.map((c: { name: string }) => c.name)).toContain('Ferias del Sur');
  });

  it('is 400 with "El nombre es requerido" for a blank name', async () => {
    const admin = await api.adminClient();
    const blank = await admin.post('/api/companies', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe('El nombre es requerido');
    expect(blank.body.issues).toEqual([{ path: 'name', message: 'El nombre es requerido' }]);
  });

  it('ignores a logoUrl in the body: a logo is set only through the logo routes', async () => {
    const admin = await api.adminClient();
    const other = await buildCompany(api.dataSource, { logoUrl: '/api/uploads/company-1-otro.png' });
    for (const logoUrl of [other.logoUrl, 'javascript:alert(1)', 42]) {
      const res = await admin.post('/api/companies', { name: 'Sin logo propio', logoUrl });
      expect(res.status).toBe(201);
      expect(res.body.logoUrl).toBeNull();
    }
  });

  it('is 401 signed out', async () => {
    expect((await api.client().post('/api/companies', { name: 'Nadie' })).status).toBe(401);
  });
});

describe('PATCH /api/companies/:id', () => {
  it('updates name and description', async () => {
    const company = await buildCompany(api.dataSource, { name: 'Vieja' });
    const admin = await api.adminClient();
    const res = await admin.patch(`/api/companies/${company.id}`, { name: 'Nueva', description: '' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: company.id, name: 'Nueva', description: null, logoUrl: null, timeZone: null });
  });

  it('leaves the logo as it is whatever logoUrl the body carries', async () => {
    const company = await buildCompany(api.dataSource, { logoUrl: '/api/uploads/company-1-propio.png' });
    const admin = await api.adminClient();
    const pointed = await admin.patch(`/api/companies/${company.id}`, { name: 'Con logo', logoUrl: '/api/uploads/company-999-ajeno.png' });
    expect(pointed.status).toBe(200);
    expect(pointed.body.logoUrl).toBe('/api/uploads/company-1-propio.png');
    const cleared = await admin.patch(`/api/companies/${company.id}`, { name: 'Con logo', logoUrl: null });
    expect(cleared.body.logoUrl).toBe('/api/uploads/company-1-propio.png');
  });

  it('is 400 for a blank name or a bad id, 404 for a missing company, 401 signed out', async () => {
    const company = await buildCompany(api.dataSource);
    const admin = await api.adminClient();
    const blank = await admin.patch(`/api/companies/${company.id}`, { name: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe('El nombre es requerido');
    expect((await admin.patch('/api/companies/abc', { name: 'X' })).status).toBe(400);
    expect((await admin.patch('/api/companies/0', { name: 'X' })).status).toBe(400);
    const missing = await admin.patch('/api/companies/999999', { name: 'X' });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Empresa no encontrada');
    expect((await api.client().patch(`/api/companies/${company.id}`, { name: 'X' })).status).toBe(401);
  });
});

describe('DELETE /api/companies/:id', () => {
  it('deletes a company with its locations', async () => {
    const company = await buildCompany(api.dataSource, { name: 'Para borrar' });
    await buildLocation(api.dataSource, company.id, 'Sede A');
    await buildLocation(api.dataSource, company.id, 'Sede B');
    const admin = await api.adminClient();
    const res = await admin.delete(`/api/companies/${company.id}`);
    expect(res.status).toBe(200);
    expect(await api.dataSource.getRepository(LocationEntity).countBy({ companyId: company.id })).toBe(0);
    expect((await admin.get('/api/companies')).body.map((c: { id: number }) => c.id)).not.toContain(company.id);
  });

  it('is 409 with a clear Spanish message while the company still has trivias', async () => {
    const company = await buildCompany(api.dataSource, { name: 'Con trivias' });
    await buildTrivia(api.dataSource, company.id, { questions: 1 });
    const admin = await api.adminClient();
    const res = await admin.delete(`/api/companies/${company.id}`);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/^No se puede eliminar la empresa porque todavía tiene trivias o campañas/);
    expect((await admin.get('/api/companies')).body.map((c: { id: number }) => c.id)).toContain(company.id);
  });

  it('is 409 while the company still has campaigns', async () => {
    const company = await buildCompany(api.dataSource, { name: 'Con campañas' });
    await api.dataSource.getRepository(CampaignEntity).save({ name: 'Campaña', companyId: company.id, startDate: '2026-01-01', endDate: '2026-12-31' });
    const res = await (await api.adminClient()).delete(`/api/companies/${company.id}`);
    expect(res.status).toBe(409);
  });

  it('is 404 for a missing company, 400 for a bad id and 401 signed out', async () => {
    const admin = await api.adminClient();
    expect((await admin.delete('/api/companies/999999')).status).toBe(404);
    expect((await admin.delete('/api/companies/abc')).status).toBe(400);
    const company = await buildCompany(api.dataSource);
    expect((await api.client().delete(`/api/companies/${company.id}`)).status).toBe(401);
  });
});

describe('GET /api/dashboard', () => {
  it('counts companies, trivias and campaigns for the home cards', async () => {
    const admin = await api.adminClient();
    const before = (await admin.get('/api/dashboard')).body;
    const company = await buildCompany(api.dataSource);
    await buildTrivia(api.dataSource, company.id, { questions: 0 });
    const after = await admin.get('/api/dashboard');
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ companies: before.companies + 1, trivias: before.trivias + 1, campaigns: before.campaigns });
  });

  it('is 401 signed out', async () => {
    expect((await api.client().get('/api/dashboard')).status).toBe(401);
  });
});

describe('companies for a member (organiser, staff or viewer of some companies)', () => {
  it('lists only the companies they hold a role in; only an owner makes or deletes one', async () => {
    const [mine, other] = [await buildCompany(api.dataSource, { name: 'Mía SA' }), await buildCompany(api.dataSource, { name: 'Ajena SA' })];
    const organiser = await signInAs(api, 'organiser', mine.id);
    const list = await organiser.get('/api/companies');
    expect(list.status).toBe(200);
    expect(list.body.map((c: { id: number }) => c.id)).toEqual([mine.id]);
    const made = await organiser.post('/api/companies', { name: 'Nueva SA' });
    expect(made).toMatchObject({ status: 403, body: { code: 'owner_required' } });
    expect(await organiser.delete(`/api/companies/${mine.id}`)).toMatchObject({ status: 403, body: { code: 'owner_required' } });
    expect(await api.dataSource.query(`SELECT id FROM companies WHERE id IN ($1, $2)`, [mine.id, other.id])).toHaveLength(2);
  });

  it('edits their company as its organiser, is refused as its viewer, and finds another company missing', async () => {
    const [mine, other] = [await buildCompany(api.dataSource, { name: 'Editable SA' }), await buildCompany(api.dataSource, { name: 'Oculta SA' })];
    const organiser = await signInAs(api, 'organiser', mine.id);
    expect(await organiser.patch(`/api/companies/${mine.id}`, { name: 'Editada SA' })).toMatchObject({ status: 200, body: { name: 'Editada SA' } });
    const viewer = await signInAs(api, 'viewer', mine.id);
    expect(replyOf(await viewer.patch(`/api/companies/${mine.id}`, { name: 'No' }))).toEqual(ROLE_FORBIDDEN);
    const beyond = await organiser.patch(`/api/companies/${other.id}`, { name: 'No' });
    expect(replyOf(beyond)).toEqual(replyOf(await organiser.patch('/api/companies/999999', { name: 'No' })));
    expect(beyond.status).toBe(404);
    const [row] = await api.dataSource.query(`SELECT name FROM companies WHERE id = $1`, [other.id]);
    expect(row.name).toBe('Oculta SA');
  });
});
