import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordActivity, maskDocument, changesBetween, type ActivityRecord } from '../../api/platform/activity/record';
import { sweepActivity } from '../../api/platform/activity/retention';
import { ActivityEntryEntity, UserCompanyRoleEntity } from '../../db/entities';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany } from '../support/factories';
import type { TestClient } from '../support/http-client';

let api: TestApi;
let owner: TestClient;
let ownerId: number;
let companyA: number;
let companyB: number;
beforeAll(async () => {
  api = await startTestApi();
  owner = await api.adminClient();
  ownerId = (await owner.get('/api/user')).body.id;
  companyA = (await buildCompany(api.dataSource, { name: 'Empresa A' })).id;
  companyB = (await buildCompany(api.dataSource, { name: 'Empresa B' })).id;
});
afterAll(() => api.close());

const PASSWORD = 'una-clave-bien-larga';
let serial = 0;
/** A member holding `role` in company A, signed in. */
async function member(role: 'organiser' | 'staff' | 'viewer') {
  serial += 1;
  const username = `miembro.${serial}`;
  const invited = await owner.post('/api/users', { username, firstName: 'Miembro', lastName: `${serial}`, email: `${username}@example.com`, role: 'member' });
  expect(invited.status).toBe(201);
  await api.dataSource.getRepository(UserCompanyRoleEntity).insert({ userId: invited.body.user.id, companyId: companyA, role });
  const client = api.client();
  expect((await client.post('/api/account-links/redeem', { token: invited.body.link.path.replace('/cuenta/', ''), password: PASSWORD })).status).toBe(200);
  return client;
}

const write = (entry: ActivityRecord, at?: Date) =>
  api.dataSource.transaction(async (tx) => {
    await recordActivity(tx, { userId: ownerId, address: '203.0.113.7' }, entry);
    if (at) await tx.query(`UPDATE activity_entries SET at = $1 WHERE id = (SELECT max(id) FROM activity_entries)`, [at]);
  });

describe('the writer', () => {
  it('masks documents and keeps only the fields that changed', () => {
    expect(maskDocument('12345678')).toBe('••••5678');
    expect(maskDocument(null)).toBeNull();
    const changes = changesBetween({ name: 'Ana', document: '11112222', plays: 2 }, { name: 'Ana María', document: '33334444', plays: 2 }, ['name', 'document', 'plays'], ['document']);
    expect(changes).toEqual({ name: ['Ana', 'Ana María'], document: ['••••2222', '••••4444'] });
  });

  it('writes nothing when the change rolls back', async () => {
    const before = await api.dataSource.getRepository(ActivityEntryEntity).count();
    await expect(
      api.dataSource.transaction(async (tx) => {
        await recordActivity(tx, { userId: ownerId, address: null }, { companyId: companyA, kind: 'trivia', objectId: 1, action: 'deleted', summary: 'x' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await api.dataSource.getRepository(ActivityEntryEntity).count()).toBe(before);
  });
});

describe('GET /api/activity', () => {
  it('pages newest first by a cursor, filters by person, company, kind and days, and exports CSV', async () => {
    for (let i = 1; i <= 5; i++) await write({ companyId: companyB, kind: 'campaign', objectId: 900 + i, action: 'changed', summary: `Campaña ${i}` }, new Date(`2031-03-0${i}T12:00:00Z`));
    const first = await owner.get('/api/activity?kind=campaign&companyId=' + companyB + '&limit=2');
    expect(first.status).toBe(200);
    expect(first.body.entries.map((e: { summary: string }) => e.summary)).toEqual(['Campaña 5', 'Campaña 4']);
    expect(first.body.entries[0]).toMatchObject({ author: { id: ownerId, name: 'Ana Admin' }, companyName: 'Empresa B', address: '203.0.113.7', redacted: false });
    const second = await owner.get(`/api/activity?kind=campaign&companyId=${companyB}&limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.entries.map((e: { summary: string }) => e.summary)).toEqual(['Campaña 3', 'Campaña 2']);
    const last = await owner.get(`/api/activity?kind=campaign&companyId=${companyB}&limit=2&cursor=${second.body.nextCursor}`);
    expect(last.body).toMatchObject({ nextCursor: null, entries: [{ summary: 'Campaña 1' }] });

    const days = await owner.get(`/api/activity?kind=campaign&from=2031-03-02&to=2031-03-03`);
    expect(days.body.entries.map((e: { summary: string }) => e.summary)).toEqual(['Campaña 3', 'Campaña 2']);
    expect((await owner.get(`/api/activity?kind=campaign&userId=${ownerId + 999}`)).body.entries).toEqual([]);

    const csv = await owner.get(`/api/activity/export?kind=campaign&companyId=${companyB}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = csv.text.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Fecha,Persona,Usuario,Dirección,Empresa,Tipo,Id del objeto,Acción,Resumen,Cambios');
    expect(lines.slice(1).map((line) => line.split(',')[8])).toEqual(['Campaña 5', 'Campaña 4', 'Campaña 3', 'Campaña 2', 'Campaña 1']);
  });

  it('refuses bad filters with the contract error shape', async () => {
    for (const query of ['cursor=abc', 'kind=planet', 'from=2031-13-01', 'from=2031-03-05&to=2031-03-01', 'companyId=-1', 'limit=0']) {
      const res = await owner.get(`/api/activity?${query}`);
      expect({ query, status: res.status, code: res.body.code }).toEqual({ query, status: 400, code: 'validation_failed' });
      expect(typeof res.body.error).toBe('string');
    }
  });

  it("shows a viewer only their companies' entries, without personal data or addresses; an organiser sees them; staff are refused", async () => {
    await write({ companyId: companyA, kind: 'player', objectId: 77, action: 'changed', summary: 'Cambió el nombre de un jugador', changes: { nombre: ['Ana', 'Ana María'], documento: ['••••1111', '••••1111'] }, aboutPlayers: [77] });
    await write({ companyId: companyA, kind: 'question', objectId: 78, action: 'changed', summary: 'Editó una pregunta', changes: { text: ['¿A?', '¿B?'], answers: ['Sí ✓ | No', 'Sí | No ✓'] } });
    await write({ companyId: companyB, kind: 'question', objectId: 79, action: 'changed', summary: 'Pregunta de B' });
    await write({ companyId: null, kind: 'user', objectId: ownerId, action: 'changed', summary: 'Cambio de la instalación' });

    const viewer = await member('viewer');
    const seen = (await viewer.get('/api/activity')).body.entries;
    expect(new Set(seen.map((e: { companyId: number }) => e.companyId))).toEqual(new Set([companyA]));
    const player = seen.find((e: { objectId: number }) => e.objectId === 77);
    expect(player).toMatchObject({ personal: true, redacted: true, changes: null, address: null, summary: 'Cambió el nombre de un jugador' });
    // A question's answers carry the key: only those who edit the trivia read them.
    expect(seen.find((e: { objectId: number }) => e.objectId === 78)).toMatchObject({ redacted: true, changes: null, address: null, summary: 'Editó una pregunta' });
    expect((await viewer.get(`/api/activity?companyId=${companyB}`)).body.entries).toEqual([]);
    const viewerCsv = await viewer.get('/api/activity/export');
    expect(viewerCsv.text).not.toContain('Ana María');
    expect(viewerCsv.text).not.toContain('✓');
    expect(viewerCsv.text).not.toContain('Pregunta de B');
    expect((await viewer.get('/api/activity/authors')).body).toEqual([{ id: ownerId, name: 'Ana Admin', username: 'admin' }]);

    const organiser = await member('organiser');
    const theirs = (await organiser.get('/api/activity?kind=player')).body.entries;
    expect(theirs[0]).toMatchObject({ redacted: false, changes: { nombre: ['Ana', 'Ana María'] }, address: '203.0.113.7' });
    const question = (await organiser.get('/api/activity?kind=question')).body.entries.find((e: { objectId: number }) => e.objectId === 78);
    expect(question).toMatchObject({ redacted: false, changes: { answers: ['Sí ✓ | No', 'Sí | No ✓'] } });

    const staff = await member('staff');
    const refused = await staff.get('/api/activity');
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 403, code: 'role_forbidden' });
    expect((await api.client().get('/api/activity')).status).toBe(401);
  });
});

describe('retention', () => {
  it('deletes the entries older than the retention and keeps the rest', async () => {
    await write({ companyId: companyB, kind: 'theme', objectId: 1, action: 'changed', summary: 'Tema viejo' }, new Date(Date.now() - 400 * 86_400_000));
    await write({ companyId: companyB, kind: 'theme', objectId: 2, action: 'changed', summary: 'Tema reciente' }, new Date(Date.now() - 300 * 86_400_000));
    expect(await sweepActivity(api.dataSource, 365)).toBeGreaterThanOrEqual(1);
    const summaries = (await owner.get('/api/activity?kind=theme')).body.entries.map((e: { summary: string }) => e.summary);
    expect(summaries).toEqual(['Tema reciente']);
  });
});
