import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadUser } from '../../api/platform/access/load-user';
import { allow, inParams } from '../../api/platform/access/route-access';
import { AppError } from '../../api/platform/http/errors';
import { COMPANY_TWICE, COMPANY_UNKNOWN, OWNER_TAKES_NO_COMPANY } from '../../contract';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany } from '../support/factories';
import type { TestClient } from '../support/http-client';

let api: TestApi;
let owner: TestClient;
let zeta: number;
let acme: number;
beforeAll(async () => {
  api = await startTestApi();
  owner = await api.adminClient();
  // Named so the list's order (by company name) is not their ids' order.
  zeta = (await buildCompany(api.dataSource, { name: 'Zeta Eventos' })).id;
  acme = (await buildCompany(api.dataSource, { name: 'Acme Bebidas' })).id;
});
afterAll(() => api.close());

const PASSWORD = 'una-clave-bien-larga';
let serial = 0;
const person = () => {
  serial += 1;
  return { username: `acceso.${serial}`, firstName: 'Acceso', lastName: `Número ${serial}`, email: `acceso.${serial}@example.com` };
};

/** Invites a person with `access` and lets them set their password: their id and client, signed in. */
async function activeUser(access: object) {
  const invited = await owner.post('/api/users', { ...person(), ...access });
  expect(invited.status).toBe(201);
  const client = api.client();
  const token = (invited.body.link.path as string).replace('/cuenta/', '');
  expect((await client.post('/api/account-links/redeem', { token, password: PASSWORD })).status).toBe(200);
  return { id: invited.body.user.id as number, client };
}

function expectRefusal(res: { status: number; body: any }, status: number, code: string) {
  expect({ status: res.status, code: res.body?.code }).toEqual({ status, code });
  expect(typeof res.body.error).toBe('string');
}
const issuesOf = (res: { body: any }) => (res.body.issues as { path: string; message: string }[]).map(({ path, message }) => ({ path, message }));

describe('an invitation with roles per company', () => {
  it('makes a member with a role in each company: listed with the companies by name, and the link check says what it gives', async () => {
    const invited = await owner.post('/api/users', {
      ...person(),
      role: 'member',
      companies: [
        { companyId: zeta, role: 'viewer' },
        { companyId: acme, role: 'organiser' },
      ],
    });
    expect(invited.status).toBe(201);
    const expected = [
      { companyId: acme, companyName: 'Acme Bebidas', role: 'organiser' },
      { companyId: zeta, companyName: 'Zeta Eventos', role: 'viewer' },
    ];
    expect(invited.body.user).toMatchObject({ role: 'member', status: 'invited', companies: expected });
    const listed = (await owner.get('/api/users')).body.find((u: { id: number }) => u.id === invited.body.user.id);
    expect(listed.companies).toEqual(expected);
    const token = (invited.body.link.path as string).replace('/cuenta/', '');
    const check = await api.client().post('/api/account-links/check', { token });
    expect(check.body).toMatchObject({ state: 'valid', role: 'member', companies: expected });
    // Signed in, the member's own user says their grants.
    const member = api.client();
    const redeemed = await member.post('/api/account-links/redeem', { token, password: PASSWORD });
    expect(redeemed.body).toMatchObject({
      role: 'member',
      companies: [
        { companyId: Math.min(zeta, acme), role: zeta < acme ? 'viewer' : 'organiser' },
        { companyId: Math.max(zeta, acme), role: zeta < acme ? 'organiser' : 'viewer' },
      ],
    });
  });

  it('lets a member have no company: they reach nothing (the screens ask for one)', async () => {
    const invited = await owner.post('/api/users', { ...person(), role: 'member' });
    expect(invited.status).toBe(201);
    expect(invited.body.user).toMatchObject({ role: 'member', companies: [] });
  });

  it('lists an owner with no companies, and an invitation without a role is an owner', async () => {
    const invited = await owner.post('/api/users', person());
    expect(invited.body.user).toMatchObject({ role: 'owner', companies: [] });
    const token = (invited.body.link.path as string).replace('/cuenta/', '');
    expect((await api.client().post('/api/account-links/check', { token })).body).toMatchObject({ role: 'owner', companies: [] });
  });

  it('refuses bad access in the error shape, on the field at fault, and makes no user', async () => {
    const before = (await owner.get('/api/users')).body.length;
    const cases: [object, { path: string; message: string }[]][] = [
      [{ role: 'owner', companies: [{ companyId: acme, role: 'viewer' }] }, [{ path: 'companies', message: OWNER_TAKES_NO_COMPANY }]],
      [
        {
          role: 'member',
          companies: [
            { companyId: acme, role: 'viewer' },
            { companyId: acme, role: 'staff' },
          ],
        },
        [{ path: 'companies.1.companyId', message: COMPANY_TWICE }],
      ],
      [{ role: 'member', companies: [{ companyId: 999_999, role: 'viewer' }] }, [{ path: 'companies.0.companyId', message: COMPANY_UNKNOWN }]],
      [{ role: 'member', companies: [{ companyId: acme, role: 'admin' }] }, [{ path: 'companies.0.role', message: 'Elige un rol' }]],
      [{ role: 'member', companies: [{ companyId: 'acme', role: 'viewer' }] }, [{ path: 'companies.0.companyId', message: 'Selecciona una empresa válida' }]],
      [{ role: 'member', companies: [{ companyId: acme, role: 'viewer', extra: 1 }] }, [{ path: 'companies.0', message: expect.any(String) }]],
      [{ role: 'member', companies: { companyId: acme } }, [{ path: 'companies', message: 'Lista de empresas no válida' }]],
    ];
    for (const [access, issues] of cases) {
      const res = await owner.post('/api/users', { ...person(), ...access });
      expectRefusal(res, 400, 'validation_failed');
      expect(issuesOf(res), JSON.stringify(access)).toEqual(issues);
    }
    expect((await owner.get('/api/users')).body.length).toBe(before);
  });
});

describe('changing access (PUT /api/users/:id/access)', () => {
  it("replaces a user's access in one go: a member's companies, then owner, then member again", async () => {
    const { id } = await activeUser({ role: 'member', companies: [{ companyId: acme, role: 'viewer' }] });
    const changed = await owner.put(`/api/users/${id}/access`, {
      role: 'member',
      companies: [
        { companyId: zeta, role: 'staff' },
        { companyId: acme, role: 'organiser' },
      ],
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      id,
      role: 'member',
      companies: [
        { companyId: acme, companyName: 'Acme Bebidas', role: 'organiser' },
        { companyId: zeta, companyName: 'Zeta Eventos', role: 'staff' },
      ],
    });
    expect((await owner.put(`/api/users/${id}/access`, { role: 'owner', companies: [] })).body).toMatchObject({ role: 'owner', companies: [] });
    expect((await api.dataSource.query(`SELECT count(*)::int AS n FROM user_company_roles WHERE user_id = $1`, [id]))[0].n).toBe(0);
    const back = await owner.put(`/api/users/${id}/access`, { role: 'member', companies: [{ companyId: zeta, role: 'viewer' }] });
    expect(back.body).toMatchObject({ role: 'member', companies: [{ companyId: zeta, role: 'viewer' }] });
  });

  it('refuses bad access and changes nothing, and is 404 for a removed or unknown user', async () => {
    const { id } = await activeUser({ role: 'member', companies: [{ companyId: acme, role: 'viewer' }] });
    // A company that does not exist after one that does: the valid row is not written either.
    const res = await owner.put(`/api/users/${id}/access`, {
      role: 'member',
      companies: [
        { companyId: zeta, role: 'organiser' },
        { companyId: 999_999, role: 'viewer' },
      ],
    });
    expectRefusal(res, 400, 'validation_failed');
    expect(issuesOf(res)).toEqual([{ path: 'companies.1.companyId', message: COMPANY_UNKNOWN }]);
    expectRefusal(await owner.put(`/api/users/${id}/access`, { companies: [] }), 400, 'validation_failed');
    expectRefusal(await owner.put(`/api/users/${id}/access`, { role: 'root', companies: [] }), 400, 'validation_failed');
    expectRefusal(await owner.put(`/api/users/${id}/access`, []), 400, 'bad_request');
    const listed = (await owner.get('/api/users')).body.find((u: { id: number }) => u.id === id);
    expect(listed).toMatchObject({ role: 'member', companies: [{ companyId: acme, role: 'viewer' }] });

    expect((await owner.delete(`/api/users/${id}`)).status).toBe(200);
    expectRefusal(await owner.put(`/api/users/${id}/access`, { role: 'owner', companies: [] }), 404, 'user_not_found');
    expectRefusal(await owner.put('/api/users/999999/access', { role: 'owner', companies: [] }), 404, 'user_not_found');
    expectRefusal(await owner.put('/api/users/abc/access', { role: 'owner', companies: [] }), 400, 'validation_failed');
  });

  it('never demotes the last active owner (409 last_owner), and demotes an owner while another remains', async () => {
    const fresh = await startTestApi();
    try {
      const first = await fresh.adminClient();
      const company = (await buildCompany(fresh.dataSource, { name: 'Única' })).id;
      const firstId = (await first.get('/api/user')).body.id;
      const demote = { role: 'member', companies: [{ companyId: company, role: 'organiser' }] };
      expectRefusal(await first.put(`/api/users/${firstId}/access`, demote), 409, 'last_owner');
      // An invited owner is not an active one: still the last.
      const invited = await first.post('/api/users', { username: 'segunda.duena', firstName: 'Segunda', lastName: 'Dueña', email: 's@example.com' });
      expectRefusal(await first.put(`/api/users/${firstId}/access`, demote), 409, 'last_owner');
      const second = fresh.client();
      await second.post('/api/account-links/redeem', { token: (invited.body.link.path as string).replace('/cuenta/', ''), password: PASSWORD });
      const demoted = await second.put(`/api/users/${firstId}/access`, demote);
      expect(demoted.status).toBe(200);
      expect(demoted.body.role).toBe('member');
      // The demoted owner's same cookie: their next request is a member's, refused the users.
      expectRefusal(await first.get('/api/users'), 403, 'owner_required');
      expect((await first.get('/api/user')).body).toMatchObject({ role: 'member', companies: [{ companyId: company, role: 'organiser' }] });
      // Now the second owner is the last one.
      expectRefusal(await second.put(`/api/users/${invited.body.user.id}/access`, demote), 409, 'last_owner');
    } finally {
      await fresh.close();
    }
  });

  it('takes effect on the next request of the same session: a promoted member reaches the users, a changed grant shows at once', async () => {
    const { id, client } = await activeUser({ role: 'member', companies: [{ companyId: acme, role: 'organiser' }] });
    expectRefusal(await client.get('/api/users'), 403, 'owner_required');
    expectRefusal(await client.put(`/api/users/${id}/access`, { role: 'owner', companies: [] }), 403, 'owner_required');
    await owner.put(`/api/users/${id}/access`, { role: 'owner', companies: [] });
    expect((await client.get('/api/users')).status).toBe(200);
    await owner.put(`/api/users/${id}/access`, { role: 'member', companies: [{ companyId: zeta, role: 'viewer' }] });
    expectRefusal(await client.get('/api/users'), 403, 'owner_required');
    expect((await client.get('/api/user')).body.companies).toEqual([{ companyId: zeta, role: 'viewer' }]);
  });

  it("refuses a company route the request after the owner removes the member's grant (the guard reads the grants of each request)", async () => {
    const { id } = await activeUser({
      role: 'member',
      companies: [
        { companyId: acme, role: 'organiser' },
        { companyId: zeta, role: 'viewer' },
      ],
    });
    const guard = allow(api.dataSource, 'content.edit', inParams('company'));
    const request = async () => {
      const ctx = { session: { userId: id }, state: {}, params: { id: String(acme) }, query: {}, request: {} } as never;
      let served = false;
      const outcome = await loadUser(api.dataSource)(ctx, () => guard(ctx, async () => void (served = true))).catch((error: unknown) => error);
      return served ? 'served' : outcome;
    };
    expect(await request()).toBe('served');
    await owner.put(`/api/users/${id}/access`, { role: 'member', companies: [{ companyId: zeta, role: 'viewer' }] });
    const refused = await request();
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 404, message: 'Empresa no encontrada' });
  });

  it('records the invitation and each change of access in "Actividad", with the access before and after; a change that changes nothing says so', async () => {
    const newest = async () => (await owner.get('/api/activity?kind=user&limit=1')).body.entries[0];
    const invited = await owner.post('/api/users', { ...person(), role: 'member', companies: [{ companyId: zeta, role: 'viewer' }] });
    const id = invited.body.user.id as number;
    expect(await newest()).toMatchObject({ objectId: id, action: 'invited', changes: { rol: [null, 'member'], empresas: [null, 'Zeta Eventos: Cliente (solo lectura)'] } });
    const access = {
      role: 'member',
      companies: [
        { companyId: zeta, role: 'viewer' },
        { companyId: acme, role: 'staff' },
      ],
    };
    await owner.put(`/api/users/${id}/access`, access);
    const changed = await newest();
    expect(changed).toMatchObject({
      objectId: id,
      companyId: null,
      action: 'changed',
      summary: `Cambió el acceso de Acceso ${invited.body.user.lastName} (${invited.body.user.username})`,
      changes: { empresas: ['Zeta Eventos: Cliente (solo lectura)', 'Acme Bebidas: Personal del evento, Zeta Eventos: Cliente (solo lectura)'] },
    });
    expect(changed.changes).not.toHaveProperty('rol');
    await owner.put(`/api/users/${id}/access`, access);
    const same = await newest();
    expect(same).toMatchObject({ action: 'changed', summary: `${changed.summary}: sin cambios`, changes: null });
    expect(same.id).toBeGreaterThan(changed.id);
    await owner.put(`/api/users/${id}/access`, { role: 'owner', companies: [] });
    expect((await newest()).changes).toEqual({ rol: ['member', 'owner'], empresas: ['Acme Bebidas: Personal del evento, Zeta Eventos: Cliente (solo lectura)', null] });
  });

  it('is 401 signed out', async () => {
    expectRefusal(await api.client().put('/api/users/1/access', { role: 'owner', companies: [] }), 401, 'unauthenticated');
  });
});
