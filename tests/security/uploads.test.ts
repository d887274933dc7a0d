import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/platform/config';
import { sweepUnattachedUploads } from '../../api/content/logos/upload-ledger';
import { startTestApi, type TestApi } from '../support/api-server';
import type { TestClient } from '../support/http-client';
import { buildCompany, buildTrivia } from '../support/factories';
import { GIF, JPEG, PNG, putLogoBytes, requestUploadUrl } from '../support/logo-uploads';

/**
 * Logo uploads, replayed as the probe found them: a signed upload URL reused to store more files of
 * another image type; files never attached to a logo left on disk forever; and the spec's own
 * client, which passes the upload URL itself as `logoUrl` to PUT .../logo, refused with 400.
 */

let api: TestApi;
let admin: TestClient;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
});
afterAll(() => api.close());

const uploadUrl = (entityType: 'company' | 'question-group', entityId: number) => requestUploadUrl(admin, entityType, entityId);
const putBytes = (url: string, bytes: Uint8Array, contentType: string) => putLogoBytes(api, url, bytes, contentType);

/** The files stored for one company's uploads. */
const storedFiles = (companyId: number) => (existsSync(api.config.uploadDir) ? readdirSync(api.config.uploadDir) : []).filter((f) => f.startsWith(`company-${companyId}-`));

/** Makes every upload of a company look `hours` old. */
const ageUploads = (companyId: number, hours: number) =>
  api.dataSource.query(`UPDATE logo_uploads SET created_at = now() - make_interval(hours => $2) WHERE object_name LIKE $1`, [`company-${companyId}-%`, hours]);

describe('a signed upload URL stores one object', () => {
  it('a second upload through the same URL is refused (409 upload_url_used), whatever image type it brings', async () => {
    const company = await buildCompany(api.dataSource);
    const url = await uploadUrl('company', company.id);
    const first = await putBytes(url, PNG, 'image/png');
    expect(first.status).toBe(201);
    for (const [bytes, type] of [[GIF, 'image/gif'], [JPEG, 'image/jpeg'], [PNG, 'image/png']] as const) {
      const again = await putBytes(url, bytes, type);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('upload_url_used');
    }
    expect(storedFiles(company.id)).toEqual([path.basename(first.body.logoUrl)]);
    const gifPath = first.body.logoUrl.replace(/\.png$/, '.gif');
    expect((await api.client().get(gifPath)).status).toBe(404);
  });

  it('two uploads at once through one URL store one file', async () => {
    const company = await buildCompany(api.dataSource);
    const url = await uploadUrl('company', company.id);
    const replies = await Promise.all([putBytes(url, PNG, 'image/png'), putBytes(url, GIF, 'image/gif'), putBytes(url, JPEG, 'image/jpeg')]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(storedFiles(company.id)).toHaveLength(1);
  });
});

describe('uploads never attached to a logo are swept', () => {
  it('after a day (UPLOAD_SWEEP_HOURS), when an upload URL is handed out; attached logos stay', async () => {
    expect(api.config.uploadSweepMs).toBe(24 * 3600_000);
    expect(loadConfig({ UPLOAD_SWEEP_HOURS: '48' }).uploadSweepMs).toBe(48 * 3600_000);
    const company = await buildCompany(api.dataSource);
    const abandoned = (await putBytes(await uploadUrl('company', company.id), PNG, 'image/png')).body.logoUrl;
    const logo = (await putBytes(await uploadUrl('company', company.id), GIF, 'image/gif')).body.logoUrl;
    expect((await admin.put(`/api/companies/${company.id}/logo`, { logoUrl: logo })).status).toBe(200);
    const recent = (await putBytes(await uploadUrl('company', company.id), JPEG, 'image/jpeg')).body.logoUrl;
    expect(storedFiles(company.id)).toHaveLength(3);

    // Younger than a day: kept.
    await ageUploads(company.id, 23);
    await uploadUrl('company', company.id);
    expect((await api.client().get(abandoned)).status).toBe(200);

    // Older than a day: the next upload URL sweeps the abandoned uploads; the logo stays.
    await ageUploads(company.id, 25);
    await uploadUrl('company', company.id);
    expect((await api.client().get(abandoned)).status).toBe(404);
    expect((await api.client().get(recent)).status).toBe(404);
    expect((await api.client().get(logo)).status).toBe(200);
    expect(storedFiles(company.id)).toEqual([path.basename(logo)]);
    // A swept upload can no longer become a logo.
    const late = await admin.put(`/api/companies/${company.id}/logo`, { logoUrl: abandoned });
    expect(late.status).toBe(400);
    expect((await admin.get('/api/companies')).body.find((c: { id: number }) => c.id === company.id).logoUrl).toBe(logo);
  });

  it('several processes sweeping at once remove each upload once, and never fail', async () => {
    const company = await buildCompany(api.dataSource);
    for (let i = 0; i < 6; i++) expect((await putBytes(await uploadUrl('company', company.id), PNG, 'image/png')).status).toBe(201);
    await ageUploads(company.id, 25);
    const [{ due }] = await api.dataSource.query(
      `SELECT count(*)::int AS due FROM logo_uploads WHERE attached_at IS NULL AND created_at < now() - interval '24 hours'`,
    );
    expect(due).toBeGreaterThanOrEqual(6);
    const removed = await Promise.all(Array.from({ length: 4 }, () => sweepUnattachedUploads(api.dataSource, api.config.uploadDir, 24 * 3600_000)));
    expect(removed.reduce((a, b) => a + b, 0)).toBe(due);
    expect(storedFiles(company.id)).toEqual([]);
  });
});

describe("the spec's client passes the upload URL itself as logoUrl", () => {
  it('is accepted and normalised to the object it stored (relative, absolute, with a query string)', async () => {
    const company = await buildCompany(api.dataSource);
    const url = await uploadUrl('company', company.id);
    const stored = (await putBytes(url, PNG, 'image/png')).body.logoUrl;
    const set = await admin.put(`/api/companies/${company.id}/logo`, { logoUrl: url });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ logoPath: stored });
    expect((await admin.get('/api/companies')).body.find((c: { id: number }) => c.id === company.id).logoUrl).toBe(stored);
    expect((await api.client().get(stored)).status).toBe(200);

    const { group } = await buildTrivia(api.dataSource, company.id, { questions: 0 });
    const groupUrl = await uploadUrl('question-group', group.id);
    const groupStored = (await putBytes(groupUrl, GIF, 'image/gif')).body.logoUrl;
    const absolute = await admin.put(`/api/question-groups/${group.id}/logo`, { logoUrl: `${api.baseUrl}${groupUrl}?X-Amz-Expires=600` });
    expect(absolute.status).toBe(200);
    expect(absolute.body).toEqual({ logoPath: groupStored });
    expect((await api.client().get(`/api/question-groups/${group.id}`)).body.logoUrl).toBe(groupStored);
  });

  it('keeps the checks: an upload URL that stored nothing, a forged one, or another entity’s is 400', async () => {
    const company = await buildCompany(api.dataSource);
    const other = await buildCompany(api.dataSource);
    const unused = await uploadUrl('company', company.id);
    expect((await admin.put(`/api/companies/${company.id}/logo`, { logoUrl: unused })).status).toBe(400);
    const [payload, signature] = unused.slice('/api/uploads/'.length).split('.');
    const forged = `/api/uploads/${payload}.${'A'.repeat(signature!.length)}`;
    expect((await admin.put(`/api/companies/${company.id}/logo`, { logoUrl: forged })).body.error).toBe('Logo no válido');
    const othersUrl = await uploadUrl('company', other.id);
    expect((await putBytes(othersUrl, PNG, 'image/png')).status).toBe(201);
    expect((await admin.put(`/api/companies/${company.id}/logo`, { logoUrl: othersUrl })).status).toBe(400);
    expect((await admin.get('/api/companies')).body.find((c: { id: number }) => c.id === company.id).logoUrl).toBeNull();
  });
});
