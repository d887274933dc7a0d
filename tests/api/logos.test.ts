import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { signUploadGrant } from '../../api/content/logos/signing';
import { LOGO_NOT_IMAGE_MESSAGE } from '../../contract';
import { startTestApi, type TestApi } from '../support/api-server';
import { bundleVersion } from '../support/bundle-version';
import type { TestClient } from '../support/http-client';
import { buildCompany, buildTrivia } from '../support/factories';
import { GIF, PNG, putLogoBytes, requestUploadUrl } from '../support/logo-uploads';
import { replyOf, ROLE_FORBIDDEN, signInAs } from '../support/members';

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');
const TEST_SECRET = 'test-secret-test-secret-test-secret-42';

let api: TestApi;
let admin: TestClient;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
});
afterAll(() => api.close());

const uploadUrl = (entityType: 'company' | 'question-group', entityId: number) => requestUploadUrl(admin, entityType, entityId);
const putBytes = (url: string, bytes: Uint8Array, contentType?: string) => putLogoBytes(api, url, bytes, contentType);

describe('the three-step logo upload', () => {
  it('uploads a company logo, serves it safely, replaces it and removes it with its file', async () => {
    const company = await buildCompany(api.dataSource, { name: 'Con logo' });
    const url = await uploadUrl('company', company.id);
    expect(url).toMatch(/^\/api\/uploads\/[\w-]+\.[\w-]+$/);

    // The claimed type is ignored: the bytes are a PNG, so it is stored and served as one.
    const uploaded = await putBytes(url, PNG, 'image/gif');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.logoUrl).toMatch(new RegExp(`^/api/uploads/company-${company.id}-[a-z0-9-]+\\.png$`));

    const served = await api.client().get(uploaded.body.logoUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toMatch(/max-age=31536000/);

    const set = await admin.put(`/api/companies/${company.id}/logo`, { logoUrl: uploaded.body.logoUrl });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ logoPath: uploaded.body.logoUrl });
    const listed = (await admin.get('/api/companies')).body.find((c: { id: number }) => c.id === company.id);
    expect(listed.logoUrl).toBe(uploaded.body.logoUrl);

    // A new logo replaces the old one, whose file goes.
    const second = await putBytes(await uploadUrl('company', company.id), GIF, 'image/gif');
    expect(second.body.logoUrl).toMatch(/\.gif$/);
    await admin.put(`/api/companies/${company.id}/logo`, { logoUrl: second.body.logoUrl });
    expect((await api.client().get(uploaded.body.logoUrl)).status).toBe(404);

    const removed = await admin.delete(`/api/companies/${company.id}/logo`);
    expect(removed.status).toBe(200);
    expect((await api.client().get(second.body.logoUrl)).status).toBe(404);
    expect((await admin.get('/api/companies')).body.find((c: { id: number }) => c.id === company.id).logoUrl).toBeNull();

    // Each request of the admin is in "Actividad": both upload URLs, the two logos set, the removal.
    const entries = (await admin.get(`/api/activity?kind=company&companyId=${company.id}`)).body.entries as { action: string; summary: string; changes: Record<string, unknown> | null }[];
    expect(entries.map((entry) => [entry.action, entry.summary])).toEqual([
      ['changed', 'Quitó el logo de la empresa «Con logo»'],
      ['changed', 'Cambió el logo de la empresa «Con logo»'],
      ['link', 'Pidió un enlace para subir el logo de la empresa «Con logo»'],
      ['changed', 'Puso un logo de la empresa «Con logo»'],
      ['link', 'Pidió un enlace para subir el logo de la empresa «Con logo»'],
    ]);
    expect(entries[0]!.changes).toEqual({ logoUrl: [second.body.logoUrl, null] });
  });

  it('sets a trivia logo and moves its bundle version', async () => {
    const company = await buildCompany(api.dataSource);
    const { group } = await buildTrivia(api.dataSource, company.id, { questions: 0 });
    const before = await bundleVersion(api, group.id);
    const uploaded = await putBytes(await uploadUrl('question-group', group.id), PNG);
    const set = await admin.put(`/api/question-groups/${group.id}/logo`, { logoUrl: uploaded.body.logoUrl });
    expect(set.status).toBe(200);
    expect((await api.client().get(`/api/question-groups/${group.id}`)).body.logoUrl).toBe(uploaded.body.logoUrl);
    expect(await bundleVersion(api, group.id)).not.toBe(before);
    expect((await admin.delete(`/api/question-groups/${group.id}/logo`)).status).toBe(200);
    expect((await api.client().get(`/api/question-groups/${group.id}`)).body.logoUrl).toBeNull();
  });
});

describe('PUT of the image bytes', () => {
  it('takes every format a question picture takes: a WebP and an AVIF logo are stored by their bytes', async () => {
    const company = await buildCompany(api.dataSource);
    const image = sharp({ create: { width: 8, height: 8, channels: 3, background: '#7c3aed' } });
    for (const [bytes, ext] of [[await image.clone().webp().toBuffer(), 'webp'], [await image.clone().avif().toBuffer(), 'avif']] as const) {
      const res = await putBytes(await uploadUrl('company', company.id), bytes, 'application/octet-stream');
      expect(res.status).toBe(201);
      expect(res.body.logoUrl).toMatch(new RegExp(`\\.${ext}$`));
      expect((await admin.put(`/api/companies/${company.id}/logo`, { logoUrl: res.body.logoUrl })).status).toBe(200);
    }
  });

  it('refuses a non-image by its bytes with 415, whatever type it claims', async () => {
    const company = await buildCompany(api.dataSource);
    const res = await putBytes(await uploadUrl('company', company.id), Buffer.from('MZ not really an image at all'), 'image/png');
    expect(res.status).toBe(415);
    expect(res.body.error).toBe(LOGO_NOT_IMAGE_MESSAGE);
  });

  it('refuses a body sent as JSON with 415 instead of waiting for bytes', async () => {
    const company = await buildCompany(api.dataSource);
    const res = await putBytes(await uploadUrl('company', company.id), Buffer.from('{"logo": "x"}'), 'application/json');
    expect(res.status).toBe(415);
  });

  it('refuses SVG with 415', async () => {
    const company = await buildCompany(api.dataSource);
    const res = await putBytes(await uploadUrl('company', company.id), SVG, 'image/svg+xml');
    expect(res.status).toBe(415);
    expect(res.body.error).toBe(LOGO_NOT_IMAGE_MESSAGE);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const company = await buildCompany(api.dataSource);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await putBytes(await uploadUrl('company', company.id), big);
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('El archivo es muy grande. Máximo 5 MB permitido');
  });

  it('refuses a forged or expired signature with 403, and a second use of the same URL with 409', async () => {
    const company = await buildCompany(api.dataSource);
    const url = await uploadUrl('company', company.id);
    const [payload, signature] = url.slice('/api/uploads/'.length).split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ objectName: 'company-1-evil', entityType: 'company', entityId: 1, expiresAt: Date.now() + 60_000 })).toString('base64url');
    const forged = await putBytes(`/api/uploads/${forgedPayload}.${signature}`, PNG);
    expect(forged.status).toBe(403);
    expect(forged.body.error).toBe('La URL de subida no es válida o ha expirado');
    expect((await putBytes(`/api/uploads/${payload}.${'A'.repeat(signature!.length)}`, PNG)).status).toBe(403);

    const expiredToken = signUploadGrant(TEST_SECRET, { objectName: `company-${company.id}-old`, entityType: 'company', entityId: company.id, expiresAt: Date.now() - 1000 });
    expect((await putBytes(`/api/uploads/${expiredToken}`, PNG)).status).toBe(403);

    expect((await putBytes(url, PNG)).status).toBe(201);
    expect((await putBytes(url, PNG)).status).toBe(409);
  });
});

describe('POST /api/logos/upload-url', () => {
  it('is 400 for an unknown entity type, 404 for a missing entity, 401 signed out', async () => {
    expect((await admin.post('/api/logos/upload-url', { entityType: 'user', entityId: 1 })).status).toBe(400);
    expect((await admin.post('/api/logos/upload-url', { entityType: 'company', entityId: 999999 })).status).toBe(404);
    expect((await admin.post('/api/logos/upload-url', { entityType: 'question-group', entityId: 999999 })).status).toBe(404);
    expect((await api.client().post('/api/logos/upload-url', { entityType: 'company', entityId: 1 })).status).toBe(401);
  });
});

describe('PUT and DELETE /api/companies/:id/logo', () => {
  it('refuses a logo that is not an upload, one granted for another company, or a missing file (400)', async () => {
    const company = await buildCompany(api.dataSource);
    const other = await buildCompany(api.dataSource);
    const notUpload = await admin.put(`/api/companies/${company.id}/logo`, { logoUrl: 'https://evil.example/x.png' });
    expect(notUpload.status).toBe(400);
    expect(notUpload.body.error).toBe('Logo no válido');
    const othersLogo = (await putBytes(await uploadUrl('company', other.id), PNG)).body.logoUrl;
    expect((await admin.put(`/api/companies/${company.id}/logo`, { logoUrl: othersLogo })).status).toBe(400);
    expect((await admin.put(`/api/companies/${company.id}/logo`, { logoUrl: `/api/uploads/company-${company.id}-nope.png` })).status).toBe(400);
  });

  it('is 404 for a missing company (before the upload is looked at) and 401 signed out', async () => {
    const put = await admin.put('/api/companies/999999/logo', { logoUrl: '/api/uploads/company-999999-a.png' });
    expect(put.status).toBe(404);
    expect(put.body.error).toBe('Empresa no encontrada');
    expect((await admin.delete('/api/companies/999999/logo')).status).toBe(404);
    expect((await api.client().put('/api/companies/1/logo', { logoUrl: '/api/uploads/company-1-a.png' })).status).toBe(401);
    expect((await api.client().delete('/api/companies/1/logo')).status).toBe(401);
  });

  it('is 400 for a non-numeric id', async () => {
    expect((await admin.put('/api/companies/abc/logo', { logoUrl: '/api/uploads/company-1-a.png' })).status).toBe(400);
    expect((await admin.delete('/api/companies/abc/logo')).status).toBe(400);
  });
});

describe('PUT and DELETE /api/question-groups/:id/logo', () => {
  it('is 404 for a missing trivia, whatever the logo', async () => {
    const put = await admin.put('/api/question-groups/999999/logo', { logoUrl: '/api/uploads/question-group-999999-a.png' });
    expect(put.status).toBe(404);
    expect(put.body.error).toBe('No se encontró la trivia.');
    const deleted = await admin.delete('/api/question-groups/999999/logo');
    expect(deleted.status).toBe(404);
    expect(deleted.body.error).toBe('No se encontró la trivia.');
  });

  it('refuses another trivia’s upload with 400 and leaves the logo as it was', async () => {
    const company = await buildCompany(api.dataSource);
    const { group } = await buildTrivia(api.dataSource, company.id, { questions: 0 });
    const { group: other } = await buildTrivia(api.dataSource, company.id, { questions: 0 });
    const othersLogo = (await putBytes(await uploadUrl('question-group', other.id), PNG)).body.logoUrl;
    const res = await admin.put(`/api/question-groups/${group.id}/logo`, { logoUrl: othersLogo });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Logo no válido');
    expect((await api.client().get(`/api/question-groups/${group.id}`)).body.logoUrl).toBeNull();
  });

  it('is 401 signed out, and leaves the logo in place', async () => {
    const company = await buildCompany(api.dataSource);
    const { group } = await buildTrivia(api.dataSource, company.id, { questions: 0 });
    const uploaded = (await putBytes(await uploadUrl('question-group', group.id), PNG)).body.logoUrl;
    expect((await admin.put(`/api/question-groups/${group.id}/logo`, { logoUrl: uploaded })).status).toBe(200);
    const signedOut = api.client();
    const put = await signedOut.put(`/api/question-groups/${group.id}/logo`, { logoUrl: uploaded });
    expect(put.status).toBe(401);
    const deleted = await signedOut.delete(`/api/question-groups/${group.id}/logo`);
    expect(deleted.status).toBe(401);
    expect((await api.client().get(`/api/question-groups/${group.id}`)).body.logoUrl).toBe(uploaded);
    expect((await api.client().get(uploaded)).status).toBe(200);
  });
});

describe('GET /api/uploads/:file', () => {
  it('is 404 for a missing file or a name that is not one of ours', async () => {
    expect((await api.client().get('/api/uploads/company-1-missing.png')).status).toBe(404);
    expect((await api.client().get('/api/uploads/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    expect((await api.client().get('/api/uploads/evil.svg')).status).toBe(404);
  });
});

describe('upload URLs and logos for a member (a question picture\'s URL too)', () => {
  it('an organiser uploads and attaches their company\'s and trivias\' logos; a viewer may not; another company\'s are missing', async () => {
    const [mine, other] = [await buildCompany(api.dataSource, { name: 'Logo propio' }), await buildCompany(api.dataSource, { name: 'Logo ajeno' })];
    const trivia = (await buildTrivia(api.dataSource, mine.id, { questions: 0 })).group;
    const theirTrivia = (await buildTrivia(api.dataSource, other.id, { questions: 0 })).group;
    const organiser = await signInAs(api, 'organiser', mine.id);
    const uploaded = await putBytes(await requestUploadUrl(organiser, 'question-group', trivia.id), PNG);
    expect(await organiser.put(`/api/question-groups/${trivia.id}/logo`, { logoUrl: uploaded.body.logoUrl })).toMatchObject({ status: 200 });
    expect((await organiser.post('/api/logos/upload-url', { entityType: 'company', entityId: mine.id })).status).toBe(200);

    for (const [entityType, theirs] of [['company', other.id], ['question-group', theirTrivia.id]] as const) {
      const missing = replyOf(await organiser.post('/api/logos/upload-url', { entityType, entityId: 999999 }));
      expect(missing.status).toBe(404);
      expect(replyOf(await organiser.post('/api/logos/upload-url', { entityType, entityId: theirs }))).toEqual(missing);
    }
    expect(replyOf(await organiser.delete(`/api/companies/${other.id}/logo`))).toEqual(replyOf(await organiser.delete('/api/companies/999999/logo')));
    const missingPictureTrivia = replyOf(await organiser.post('/api/pictures/upload-url', { questionGroupId: 999999 }));
    expect(missingPictureTrivia.status).toBe(404);
    expect(replyOf(await organiser.post('/api/pictures/upload-url', { questionGroupId: theirTrivia.id }))).toEqual(missingPictureTrivia);

    const viewer = await signInAs(api, 'viewer', mine.id);
    expect(replyOf(await viewer.post('/api/logos/upload-url', { entityType: 'company', entityId: mine.id }))).toEqual(ROLE_FORBIDDEN);
    expect(replyOf(await viewer.post('/api/pictures/upload-url', { questionGroupId: trivia.id }))).toEqual(ROLE_FORBIDDEN);
    expect(replyOf(await viewer.delete(`/api/question-groups/${trivia.id}/logo`))).toEqual(ROLE_FORBIDDEN);
    expect((await api.dataSource.query(`SELECT logo_url FROM question_groups WHERE id = $1`, [trivia.id]))[0].logo_url).toBe(uploaded.body.logoUrl);
  });
});
