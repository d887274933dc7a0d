import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_REQUIRED_MESSAGE } from '../../contract';
import { startTestApi, type TestApi } from '../support/api-server';
import type { TestClient } from '../support/http-client';
import { buildCompany, buildLocation, buildTrivia } from '../support/factories';
import { replyOf, ROLE_FORBIDDEN, signInAs } from '../support/members';
import { documentTypeId, freshDocument, registerDevice } from '../support/player-flow';

let api: TestApi;
let admin: TestClient;
let cc: number;

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  cc = await documentTypeId(api.dataSource);
});
afterAll(() => api.close());

async function companyWithSite(name: string) {
  const company = await buildCompany(api.dataSource, { name });
  const site = await buildLocation(api.dataSource, company.id, `Sede ${name}`);
  const trivia = (await buildTrivia(api.dataSource, company.id, { questions: 2 })).group;
  return { company, site, trivia };
}

const storedConsent = async (playerId: number) =>
  (
    await api.dataSource.query(
      `SELECT ct.version, p.consented_at FROM players p LEFT JOIN consent_texts ct ON ct.id = p.consent_text_id WHERE p.id = $1`,
      [playerId],
    )
  )[0] as { version: number | null; consented_at: Date | null };

describe('company consent texts', () => {
  it('saving a text makes a new version; the newest is current and in the play bundle; the same text again adds nothing', async () => {
    const { company, trivia } = await companyWithSite('Versiones');
    const none = await api.client().get(`/api/play/${trivia.id}/bundle`);
    expect(none.body.consent).toBeNull();

    const first = await admin.post(`/api/companies/${company.id}/consent-texts`, { text: '  Usaremos tus datos para el ranking.  ' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ version: 1, text: 'Usaremos tus datos para el ranking.', createdBy: 'admin' });
    const second = await admin.post(`/api/companies/${company.id}/consent-texts`, { text: 'Versión dos:\nlínea nueva.' });
    expect(second.body.version).toBe(2);
    const same = await admin.post(`/api/companies/${company.id}/consent-texts`, { text: 'Versión dos:\nlínea nueva.' });
    expect(same.body.version).toBe(2);

    const list = await admin.get(`/api/companies/${company.id}/consent-texts`);
    expect(list.body.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const bundle = await api.client().get(`/api/play/${trivia.id}/bundle`);
    expect(bundle.body.consent).toEqual({ version: 2, text: 'Versión dos:\nlínea nueva.' });
    expect(bundle.body.version).not.toBe(none.body.version);
    // Each save is in "Actividad", the one that changed nothing too; the texts before and after in its changes.
    const entries = (await admin.get(`/api/activity?kind=company&companyId=${company.id}`)).body.entries;
    expect(entries.map((entry: { summary: string }) => entry.summary)).toEqual([
      'Guardó el texto de tratamiento de datos sin cambios (versión 2)',
      'Guardó el texto de tratamiento de datos (versión 2)',
      'Guardó el texto de tratamiento de datos (versión 1)',
    ]);
    expect(entries[1].changes).toEqual({ consentText: ['Usaremos tus datos para el ranking.', 'Versión dos:\nlínea nueva.'] });
  });

  it('an empty text turns consent off (a new version), and the bundle carries none', async () => {
    const { company, site, trivia } = await companyWithSite('Apagado');
    await admin.post(`/api/companies/${company.id}/consent-texts`, { text: 'Texto' });
    const off = await admin.post(`/api/companies/${company.id}/consent-texts`, { text: '' });
    expect(off.body.version).toBe(2);
    expect((await api.client().get(`/api/play/${trivia.id}/bundle`)).body.consent).toBeNull();
    const res = await api.client().post('/api/players', { fullName: 'Sin Texto', documentTypeId: cc, documentNumber: freshDocument(), locationId: site.id });
    expect(res.status).toBe(200);
  });

  it('is admin only, 404 for a missing company, 400 for a text over the limit', async () => {
    const { company } = await companyWithSite('Guardada');
    expect((await api.client().get(`/api/companies/${company.id}/consent-texts`)).status).toBe(401);
    expect((await api.client().post(`/api/companies/${company.id}/consent-texts`, { text: 'x' })).status).toBe(401);
    expect((await admin.post('/api/companies/999999/consent-texts', { text: 'x' })).status).toBe(404);
    const long = await admin.post(`/api/companies/${company.id}/consent-texts`, { text: 'x'.repeat(20_001) });
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('validation_failed');
  });
});

describe('consent at registration', () => {
  it('online: refused without consent when the company requires it (400 consent_required); stored with the version and the server time when given', async () => {
    const { company, site } = await companyWithSite('Online');
    await admin.post(`/api/companies/${company.id}/consent-texts`, { text: 'Tratamiento de datos' });
    const documentNumber = freshDocument();
    const refused = await api.client().post('/api/players', { fullName: 'Sin Permiso', documentTypeId: cc, documentNumber, locationId: site.id });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'consent_required', error: CONSENT_REQUIRED_MESSAGE });
    expect(await api.dataSource.query(`SELECT 1 FROM players WHERE document_number = $1`, [documentNumber])).toEqual([]);

    const before = Date.now();
    const ok = await api.client().post('/api/players', { fullName: 'Con Permiso', documentTypeId: cc, documentNumber, locationId: site.id, consentVersion: 1 });
    expect(ok.status).toBe(200);
    const stored = await storedConsent(ok.body.id);
    expect(stored.version).toBe(1);
    expect(stored.consented_at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('refuses a version the company never had (400 consent_version_unknown), also one of another company', async () => {
    const { company, site } = await companyWithSite('Desconocida');
    const other = await companyWithSite('Ajena');
    await admin.post(`/api/companies/${company.id}/consent-texts`, { text: 'Uno' });
    await admin.post(`/api/companies/${other.company.id}/consent-texts`, { text: 'A' });
    await admin.post(`/api/companies/${other.company.id}/consent-texts`, { text: 'B' });
    const res = await api.client().post('/api/players', { fullName: 'Otra Versión', documentTypeId: cc, documentNumber: freshDocument(), locationId: site.id, consentVersion: 2 });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('consent_version_unknown');
    const huge = await api.client().post('/api/players', { fullName: 'Enorme', documentTypeId: cc, documentNumber: freshDocument(), locationId: site.id, consentVersion: 2 ** 40 });
    expect(huge.status).toBe(400);
    expect(huge.body.code).toBe('validation_failed');
  });

  it('synced: keeps the device consentedAt and accepts an older version (a kiosk with an older bundle); a registration without consent is rejected, never dropped', async () => {
    const { company, site } = await companyWithSite('Kiosco');
    await admin.post(`/api/companies/${company.id}/consent-texts`, { text: 'Primera' });
    await admin.post(`/api/companies/${company.id}/consent-texts`, { text: 'Segunda' });
    const device = await registerDevice(api);
    const consentedAt = '2026-05-01T10:00:00.000Z';
    const withConsent = { clientId: randomUUID(), fullName: 'Kiosco Uno', documentTypeId: cc, documentNumber: freshDocument(), locationId: site.id, consentVersion: 1, consentedAt };
    const without = { clientId: randomUUID(), fullName: 'Kiosco Dos', documentTypeId: cc, documentNumber: freshDocument(), locationId: site.id };
    const res = await device.push([
      { mutationId: 1, kind: 'player', payload: withConsent },
      { mutationId: 2, kind: 'player', payload: without },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toMatchObject({ status: 'applied' });
    expect(res.body.results[1]).toMatchObject({ status: 'rejected', reason: CONSENT_REQUIRED_MESSAGE });
    const stored = await storedConsent(res.body.results[0].id);
    expect(stored.version).toBe(1);
    expect(stored.consented_at!.toISOString()).toBe(consentedAt);
    const rejections = await admin.get('/api/sync/rejections?limit=100');
    expect(rejections.body.some((r: { deviceId: string; mutationId: number }) => r.deviceId === device.deviceId && r.mutationId === 2)).toBe(true);
  });

  it('a kiosk naming a player it knew (keepExisting) is not asked again; a returning player keeps the consent recorded', async () => {
    const { company, site } = await companyWithSite('Vuelve');
    await admin.post(`/api/companies/${company.id}/consent-texts`, { text: 'Uno' });
    const documentNumber = freshDocument();
    const first = await api.client().post('/api/players', { fullName: 'Vuelve Siempre', documentTypeId: cc, documentNumber, locationId: site.id, consentVersion: 1 });
    const device = await registerDevice(api);
    const res = await device.push([
      { mutationId: 1, kind: 'player', payload: { clientId: randomUUID(), fullName: 'Vuelve Siempre', documentTypeId: cc, documentNumber, locationId: site.id, keepExisting: true } },
    ]);
    expect(res.body.results[0]).toMatchObject({ status: 'applied', id: first.body.id });
    expect((await storedConsent(first.body.id)).version).toBe(1);
  });

  it('shows the consent on the admin player data screen', async () => {
    const { company, site } = await companyWithSite('Visible');
    await admin.post(`/api/companies/${company.id}/consent-texts`, { text: 'Uno' });
    const documentNumber = freshDocument();
    await api.client().post('/api/players', { fullName: 'Con Registro', documentTypeId: cc, documentNumber, locationId: site.id, consentVersion: 1 });
    const data = await admin.get(`/api/player-data?documentTypeId=${cc}&documentNumber=${documentNumber}`);
    expect(data.body.consent).toMatchObject({ companyName: 'Visible', version: 1, consentedAt: expect.any(String) });
  });
});

describe('consent texts for a member', () => {
  it('a viewer reads their company\'s versions but may not save one; another company\'s are missing', async () => {
    const { company } = await companyWithSite('Del cliente');
    const other = await buildCompany(api.dataSource, { name: 'De otro cliente' });
    await admin.post(`/api/companies/${company.id}/consent-texts`, { text: 'Texto del cliente' });
    const viewer = await signInAs(api, 'viewer', company.id);
    expect(await viewer.get(`/api/companies/${company.id}/consent-texts`)).toMatchObject({ status: 200, body: [{ version: 1, text: 'Texto del cliente' }] });
    expect(replyOf(await viewer.post(`/api/companies/${company.id}/consent-texts`, { text: 'Otro' }))).toEqual(ROLE_FORBIDDEN);
    const beyond = await viewer.get(`/api/companies/${other.id}/consent-texts`);
    expect(beyond.status).toBe(404);
    expect(replyOf(beyond)).toEqual(replyOf(await viewer.get('/api/companies/999999/consent-texts')));
    const organiser = await signInAs(api, 'organiser', company.id);
    expect(await organiser.post(`/api/companies/${company.id}/consent-texts`, { text: 'Texto nuevo' })).toMatchObject({ status: 200, body: { version: 2 } });
  });
});
