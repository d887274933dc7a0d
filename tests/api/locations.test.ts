import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlayerAttemptEntity, PlayerEntity } from '../../db/entities';
import { startTestApi, type TestApi } from '../support/api-server';
import type { TestClient } from '../support/http-client';
import { buildCompany, buildLocation, buildPlayer, buildTrivia } from '../support/factories';
import { replyOf, ROLE_FORBIDDEN, signInAs } from '../support/members';

let api: TestApi;
let admin: TestClient;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
});
afterAll(() => api.close());

describe('GET /api/companies/:id/locations and the public list', () => {
  it('lists a company’s sites by name, to an admin and publicly', async () => {
    const company = await buildCompany(api.dataSource);
    const north = await buildLocation(api.dataSource, company.id, 'Norte');
    const center = await buildLocation(api.dataSource, company.id, 'Centro');
    const other = await buildCompany(api.dataSource);
    await buildLocation(api.dataSource, other.id, 'Ajena');
    const expected = [
      { id: center.id, name: 'Centro', companyId: company.id },
      { id: north.id, name: 'Norte', companyId: company.id },
    ];
    const res = await admin.get(`/api/companies/${company.id}/locations`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expected);
    const pub = await api.client().get(`/api/public/companies/${company.id}/locations`);
    expect(pub.status).toBe(200);
    expect(pub.body).toEqual(expected);
  });

  it('is 404 for a missing company and 401 signed out (admin list)', async () => {
    expect((await admin.get('/api/companies/999999/locations')).status).toBe(404);
    expect((await api.client().get('/api/public/companies/999999/locations')).status).toBe(404);
    const company = await buildCompany(api.dataSource);
    expect((await api.client().get(`/api/companies/${company.id}/locations`)).status).toBe(401);
  });
});

describe('POST /api/locations', () => {
  it('creates a site for a company', async () => {
    const company = await buildCompany(api.dataSource);
    const res = await admin.post('/api/locations', { name: 'Stand 4', companyId: company.id });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), name: 'Stand 4', companyId: company.id });
  });

  it('is 400 with the field messages, 404 for a missing company, 401 signed out', async () => {
    const company = await buildCompany(api.dataSource);
    const blank = await admin.post('/api/locations', { name: '', companyId: company.id });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe('El nombre es requerido');
    const noCompany = await admin.post('/api/locations', { name: 'X' });
    expect(noCompany.status).toBe(400);
    expect(noCompany.body.error).toBe('La empresa es requerida');
    for (const companyId of [0, -3, 1.5, 'abc', String(company.id), 3_000_000_000]) {
      const invalid = await admin.post('/api/locations', { name: 'X', companyId });
      expect(invalid.status, JSON.stringify(companyId)).toBe(400);
      expect(invalid.body.issues).toEqual([{ path: 'companyId', message: 'Selecciona una empresa válida' }]);
    }
    expect((await admin.post('/api/locations', { name: 'X', companyId: 999999 })).status).toBe(404);
    expect((await api.client().post('/api/locations', { name: 'X', companyId: company.id })).status).toBe(401);
  });
});

describe('PATCH /api/locations/:id', () => {
  it('renames a site', async () => {
    const company = await buildCompany(api.dataSource);
    const site = await buildLocation(api.dataSource, company.id, 'Antes');
    const res = await admin.patch(`/api/locations/${site.id}`, { name: 'Después', companyId: company.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: site.id, name: 'Después', companyId: company.id });
  });

  it('is 400 for a blank name, a bad company or a bad id, 404 for a missing site, 401 signed out', async () => {
    const company = await buildCompany(api.dataSource);
    const site = await buildLocation(api.dataSource, company.id);
    expect((await admin.patch(`/api/locations/${site.id}`, { name: ' ', companyId: company.id })).body.error).toBe('El nombre es requerido');
    const badCompany = await admin.patch(`/api/locations/${site.id}`, { name: 'X', companyId: 0 });
    expect(badCompany.status).toBe(400);
    expect(badCompany.body.error).toBe('Selecciona una empresa válida');
    expect((await admin.patch('/api/locations/abc', { name: 'X', companyId: company.id })).status).toBe(400);
    expect((await admin.patch('/api/locations/999999', { name: 'X', companyId: company.id })).status).toBe(404);
    expect((await api.client().patch(`/api/locations/${site.id}`, { name: 'X', companyId: company.id })).status).toBe(401);
  });
});

describe('DELETE /api/locations/:id', () => {
  it('deletes a site; its players and attempts stay, with the site cleared', async () => {
    const company = await buildCompany(api.dataSource);
    const site = await buildLocation(api.dataSource, company.id, 'Se va');
    const { group } = await buildTrivia(api.dataSource, company.id, { questions: 1 });
    const player = await buildPlayer(api.dataSource, { locationId: site.id });
    const attempt = await api.dataSource.getRepository(PlayerAttemptEntity).save({
      playerId: player.id,
      questionGroupId: group.id,
      locationId: site.id,
      totalQuestions: 1,
      startedAt: new Date(),
      tokenHash: 'x'.repeat(64),
    });
    const res = await admin.delete(`/api/locations/${site.id}`);
    expect(res.status).toBe(200);
    expect((await admin.get(`/api/companies/${company.id}/locations`)).body).toEqual([]);
    expect(await api.dataSource.getRepository(PlayerEntity).findOneByOrFail({ id: player.id })).toMatchObject({ locationId: null });
    expect(await api.dataSource.getRepository(PlayerAttemptEntity).findOneByOrFail({ id: attempt.id })).toMatchObject({ locationId: null });
  });

  it('is 404 for a missing site, 400 for a bad id and 401 signed out', async () => {
    expect((await admin.delete('/api/locations/999999')).status).toBe(404);
    expect((await admin.delete('/api/locations/abc')).status).toBe(400);
    expect((await admin.get('/api/companies/abc/locations')).status).toBe(400);
    const company = await buildCompany(api.dataSource);
    const site = await buildLocation(api.dataSource, company.id);
    expect((await api.client().delete(`/api/locations/${site.id}`)).status).toBe(401);
  });
});

describe('sites for a member', () => {
  it('an organiser lists, adds and renames their company\'s sites; staff may only read them; another company is missing, as a destination too', async () => {
    const [mine, other] = [await buildCompany(api.dataSource, { name: 'Con sedes' }), await buildCompany(api.dataSource, { name: 'Sin acceso' })];
    const site = await buildLocation(api.dataSource, mine.id, 'Norte');
    const otherSite = await buildLocation(api.dataSource, other.id, 'Sur');
    const organiser = await signInAs(api, 'organiser', mine.id);
    expect(await organiser.post('/api/locations', { name: 'Centro', companyId: mine.id })).toMatchObject({ status: 201, body: { name: 'Centro' } });
    expect(await organiser.patch(`/api/locations/${site.id}`, { name: 'Norte 2', companyId: mine.id })).toMatchObject({ status: 200 });
    const missingCompany = replyOf(await organiser.post('/api/locations', { name: 'X', companyId: 999999 }));
    expect(missingCompany.status).toBe(404);
    expect(replyOf(await organiser.post('/api/locations', { name: 'X', companyId: other.id }))).toEqual(missingCompany);
    // Moving a site into a company beyond reach is refused as if that company did not exist.
    expect(replyOf(await organiser.patch(`/api/locations/${site.id}`, { name: 'Norte 2', companyId: other.id }))).toEqual(missingCompany);
    const missingSite = replyOf(await organiser.delete('/api/locations/999999'));
    expect(missingSite.status).toBe(404);
    expect(replyOf(await organiser.delete(`/api/locations/${otherSite.id}`))).toEqual(missingSite);
    expect(replyOf(await organiser.get(`/api/companies/${other.id}/locations`))).toEqual(replyOf(await organiser.get('/api/companies/999999/locations')));

    const staff = await signInAs(api, 'staff', mine.id);
    expect((await staff.get(`/api/companies/${mine.id}/locations`)).body.map((l: { name: string }) => l.name)).toEqual(['Centro', 'Norte 2']);
    expect(replyOf(await staff.delete(`/api/locations/${site.id}`))).toEqual(ROLE_FORBIDDEN);
    expect(await api.dataSource.query(`SELECT company_id FROM locations WHERE id IN ($1, $2) ORDER BY id`, [site.id, otherSite.id])).toEqual([
      { company_id: mine.id },
      { company_id: other.id },
    ]);
  });
});
