import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Access } from '../../api/platform/access/access';
import { ownerOnly } from '../../api/platform/access/route-access';
import { AppError } from '../../api/platform/http/errors';
import { ADMIN, startTestApi, type TestApi } from '../support/api-server';
import type { TestClient } from '../support/http-client';

let api: TestApi;
let owner: TestClient;
beforeAll(async () => {
  api = await startTestApi();
  owner = await api.adminClient();
});
afterAll(() => api.close());

let serial = 0;
/** Invites a fresh user; their id, username and the token of their invitation link. */
async function invite(by: TestClient = owner) {
  serial += 1;
  const username = `persona.${serial}`;
  const res = await by.post('/api/users', { username, firstName: 'Persona', lastName: `Número ${serial}`, email: `${username}@example.com` });
  expect(res.status).toBe(201);
  return { id: res.body.user.id as number, username, token: tokenOf(res.body.link.path) };
}
const tokenOf = (path: string) => path.replace('/cuenta/', '');
const PASSWORD = 'una-clave-bien-larga';

/** Invites a person and lets them set their password: their client, signed in. */
async function activeUser() {
  const invited = await invite();
  const person = api.client();
  expect((await person.post('/api/account-links/redeem', { token: invited.token, password: PASSWORD })).status).toBe(200);
  return { ...invited, person };
}

/** Every refusal is the contract's error shape, with its code. */
function expectRefusal(res: { status: number; body: any }, status: number, code: string) {
  expect({ status: res.status, code: res.body?.code }).toEqual({ status, code });
  expect(typeof res.body.error).toBe('string');
  expect(res.body.message).toBe(res.body.error);
}

describe('the first user and existing users', () => {
  it('are active owners: the admin lists themselves with a last sign-in', async () => {
    const res = await owner.get('/api/users');
    expect(res.status).toBe(200);
    const me = res.body.find((u: { username: string }) => u.username === ADMIN.username);
    expect(me).toMatchObject({ role: 'owner', status: 'active' });
    expect(Date.parse(me.lastSignInAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(me).not.toHaveProperty('passwordHash');
  });
});

describe('an invitation', () => {
  it('makes an invited user without a password, with a link whose check says who invites, and that signs the person in once', async () => {
    const invited = await invite();
    const listed = (await owner.get('/api/users')).body.find((u: { id: number }) => u.id === invited.id);
    expect(listed).toMatchObject({ status: 'invited', lastSignInAt: null, role: 'owner' });
    // Invited: no password signs in, with the message of a wrong password.
    const early = await api.client().post('/api/login', { username: invited.username, password: PASSWORD });
    expectRefusal(early, 401, 'unauthenticated');
    expect(early.body.error).toBe('Usuario o contraseña incorrectos');

    const check = await api.client().post('/api/account-links/check', { token: invited.token });
    expect(check.body).toMatchObject({ state: 'valid', purpose: 'invitation', username: invited.username, firstName: 'Persona', createdBy: 'Ana Admin', role: 'owner' });

    const person = api.client();
    const redeemed = await person.post('/api/account-links/redeem', { token: invited.token, password: PASSWORD });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toMatchObject({ username: invited.username });
    expect((await person.get('/api/user')).body.username).toBe(invited.username);
    const after = (await owner.get('/api/users')).body.find((u: { id: number }) => u.id === invited.id);
    expect(after.status).toBe('active');
    expect(after.lastSignInAt).not.toBeNull();

    expect((await api.client().post('/api/account-links/check', { token: invited.token })).body).toEqual({ state: 'used' });
    expectRefusal(await api.client().post('/api/account-links/redeem', { token: invited.token, password: 'otra-clave-larga' }), 409, 'account_link_used');
    expect((await api.client().post('/api/login', { username: invited.username, password: PASSWORD })).status).toBe(200);
  });

  it('lets only one of two redeems racing for one link win', async () => {
    const invited = await invite();
    const replies = await Promise.all(
      ['primera-clave-larga', 'segunda-clave-larga'].map((password) => api.client().post('/api/account-links/redeem', { token: invited.token, password })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)!.body.code).toBe('account_link_used');
    const winner = replies.findIndex((r) => r.status === 200);
    const password = ['primera-clave-larga', 'segunda-clave-larga'][winner];
    expect((await api.client().post('/api/login', { username: invited.username, password })).status).toBe(200);
  });

  it('refuses a forged, malformed, expired or superseded link in the error shape, and a password that breaks the rule', async () => {
    expectRefusal(await api.client().post('/api/account-links/redeem', { token: 'A'.repeat(32), password: PASSWORD }), 404, 'account_link_unknown');
    expect((await api.client().post('/api/account-links/check', { token: 'A'.repeat(32) })).body).toEqual({ state: 'unknown' });
    expectRefusal(await api.client().post('/api/account-links/check', { token: '../../etc' }), 400, 'validation_failed');
    expectRefusal(await api.client().post('/api/account-links/redeem', { token: 'A'.repeat(32), password: PASSWORD, role: 'owner' }), 400, 'validation_failed');

    const expired = await invite();
    await api.dataSource.query(`UPDATE account_links SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [expired.id]);
    expect((await api.client().post('/api/account-links/check', { token: expired.token })).body).toEqual({ state: 'expired' });
    expectRefusal(await api.client().post('/api/account-links/redeem', { token: expired.token, password: PASSWORD }), 409, 'account_link_expired');

    const invited = await invite();
    const short = await api.client().post('/api/account-links/redeem', { token: invited.token, password: 'corta' });
    expectRefusal(short, 400, 'validation_failed');
    expect(short.body.issues[0].path).toBe('password');
    const own = await api.client().post('/api/account-links/redeem', { token: invited.token, password: ` ${invited.username.toUpperCase()} ` });
    expectRefusal(own, 400, 'validation_failed');
    expect(own.body.error).toBe('La contraseña no puede ser tu nombre de usuario');
    // The refusals did not use the link; a newer link makes it expire.
    const newer = await owner.post(`/api/users/${invited.id}/link`);
    expect(newer.body.purpose).toBe('invitation');
    expect((await api.client().post('/api/account-links/check', { token: invited.token })).body).toEqual({ state: 'expired' });
    expect((await api.client().post('/api/account-links/redeem', { token: tokenOf(newer.body.path), password: PASSWORD })).status).toBe(200);
  });

  it('refuses a taken username (removed users keep theirs) and bad fields', async () => {
    const invited = await invite();
    const again = await owner.post('/api/users', { username: invited.username, firstName: 'Otra', lastName: 'Persona', email: 'otra@example.com' });
    expectRefusal(again, 409, 'conflict');
    expect((await owner.delete(`/api/users/${invited.id}`)).status).toBe(200);
    expectRefusal(await owner.post('/api/users', { username: invited.username, firstName: 'Otra', lastName: 'Persona', email: 'otra@example.com' }), 409, 'conflict');
    const bad = await owner.post('/api/users', { username: 'a', firstName: '', lastName: 'x', email: 'nope', role: 'root' });
    expectRefusal(bad, 400, 'validation_failed');
    expect(bad.body.issues.map((i: { path: string }) => i.path)).toEqual(expect.arrayContaining(['username', 'firstName', 'email', 'role']));
  });
});

describe('disabling and removing', () => {
  it("signs a disabled user's live session out on their next request, refuses their sign-in like a wrong password, and re-enabling lets them back", async () => {
    const { id, username, person } = await activeUser();
    const disabled = await owner.post(`/api/users/${id}/disable`);
    expect(disabled.body.status).toBe('disabled');
    expectRefusal(await person.get('/api/companies'), 401, 'unauthenticated');
    expect((await person.get('/api/session')).body.user).toBeNull();
    const refused = await api.client().post('/api/login', { username, password: PASSWORD });
    expectRefusal(refused, 401, 'unauthenticated');
    expect(refused.body.error).toBe('Usuario o contraseña incorrectos');
    expectRefusal(await owner.post(`/api/users/${id}/link`), 409, 'user_not_active');

    expect((await owner.post(`/api/users/${id}/enable`)).body.status).toBe('active');
    expect((await api.client().post('/api/login', { username, password: PASSWORD })).status).toBe(200);
  });

  it('disables an invitee: their link stops working; re-enabled they are invited again and need a new link', async () => {
    const invited = await invite();
    await owner.post(`/api/users/${invited.id}/disable`);
    expectRefusal(await api.client().post('/api/account-links/redeem', { token: invited.token, password: PASSWORD }), 409, 'account_link_expired');
    expect((await owner.post(`/api/users/${invited.id}/enable`)).body.status).toBe('invited');
  });

  it("removes a user: gone from the list, their session ends, their row (and what points to it) stays", async () => {
    const { id, username, person } = await activeUser();
    expect((await owner.delete(`/api/users/${id}`)).status).toBe(200);
    expect((await owner.get('/api/users')).body.map((u: { id: number }) => u.id)).not.toContain(id);
    expectRefusal(await person.get('/api/companies'), 401, 'unauthenticated');
    expectRefusal(await api.client().post('/api/login', { username, password: PASSWORD }), 401, 'unauthenticated');
    const [row] = await api.dataSource.query(`SELECT username, removed_at IS NOT NULL AS removed FROM users WHERE id = $1`, [id]);
    expect(row).toEqual({ username, removed: true });
    for (const action of ['disable', 'enable', 'link']) expectRefusal(await owner.post(`/api/users/${id}/${action}`), 404, 'user_not_found');
    expectRefusal(await owner.delete(`/api/users/${id}`), 404, 'user_not_found');
  });

  it('never leaves the installation without an active owner, even when two owners disable each other at once', async () => {
    const fresh = await startTestApi();
    try {
      const first = await fresh.adminClient();
      const firstId = (await first.get('/api/user')).body.id;
      expectRefusal(await first.post(`/api/users/${firstId}/disable`), 409, 'last_owner');
      expectRefusal(await first.delete(`/api/users/${firstId}`), 409, 'last_owner');
      const invited = await first.post('/api/users', { username: 'segunda.duena', firstName: 'Segunda', lastName: 'Dueña', email: 's@example.com' });
      const second = fresh.client();
      await second.post('/api/account-links/redeem', { token: tokenOf(invited.body.link.path), password: PASSWORD });
      // Both requests get past their sign-in check, then wait for the owners' lock the test holds.
      const holder = fresh.dataSource.createQueryRunner();
      await holder.startTransaction();
      await holder.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['users.owners']);
      const racing = Promise.all([first.post(`/api/users/${invited.body.user.id}/disable`), second.post(`/api/users/${firstId}/disable`)]);
      const waiting = async () => (await fresh.dataSource.query(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`))[0].n;
      while ((await waiting()) < 2) await new Promise((resolve) => setTimeout(resolve, 20));
      await holder.commitTransaction();
      await holder.release();
      const replies = await racing;
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(replies.find((r) => r.status === 409)!.body.code).toBe('last_owner');
      const [{ n }] = await fresh.dataSource.query(`SELECT count(*)::int AS n FROM users WHERE role = 'owner' AND status = 'active' AND removed_at IS NULL`);
      expect(n).toBe(1);
    } finally {
      await fresh.close();
    }
  });

  it('is 404 for an unknown user and 400 for a bad id', async () => {
    expectRefusal(await owner.post('/api/users/999999/disable'), 404, 'user_not_found');
    expectRefusal(await owner.post('/api/users/abc/disable'), 400, 'validation_failed');
  });
});

describe('a password reset link', () => {
  it('leaves the password until used, works once, sets the new password and ends the sessions the user had', async () => {
    const { id, username, person } = await activeUser();
    const link = await owner.post(`/api/users/${id}/link`);
    expect(link.status).toBe(201);
    expect(link.body.purpose).toBe('password_reset');
    expect((await person.get('/api/user')).status).toBe(200);
    const token = tokenOf(link.body.path);
    const elsewhere = api.client();
    expect((await elsewhere.post('/api/account-links/redeem', { token, password: 'nueva-clave-larga' })).status).toBe(200);
    expectRefusal(await person.get('/api/user'), 401, 'unauthenticated');
    expect((await elsewhere.get('/api/user')).body.username).toBe(username);
    expectRefusal(await api.client().post('/api/login', { username, password: PASSWORD }), 401, 'unauthenticated');
    expect((await api.client().post('/api/login', { username, password: 'nueva-clave-larga' })).status).toBe(200);
    expectRefusal(await api.client().post('/api/account-links/redeem', { token, password: 'otra-clave-larga' }), 409, 'account_link_used');
  });
});

describe('my account', () => {
  it('changes my password with the current one, and ends my other sessions but not this one', async () => {
    const { username, person } = await activeUser();
    const other = api.client();
    await other.post('/api/login', { username, password: PASSWORD });
    const wrong = await person.put('/api/account/password', { currentPassword: 'no-es-esta-clave', newPassword: 'nueva-clave-larga' });
    expectRefusal(wrong, 400, 'validation_failed');
    expect(wrong.body.issues[0].path).toBe('currentPassword');
    expectRefusal(await person.put('/api/account/password', { currentPassword: PASSWORD, newPassword: username }), 400, 'validation_failed');
    const changed = await person.put('/api/account/password', { currentPassword: PASSWORD, newPassword: 'nueva-clave-larga' });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ended: 1 });
    expect((await person.get('/api/user')).status).toBe(200);
    expectRefusal(await other.get('/api/user'), 401, 'unauthenticated');
    expect((await api.client().post('/api/login', { username, password: 'nueva-clave-larga' })).status).toBe(200);
  });

  it('signs out my other devices and keeps this one', async () => {
    const { username, person } = await activeUser();
    const phone = api.client();
    const laptop = api.client();
    await phone.post('/api/login', { username, password: PASSWORD });
    await laptop.post('/api/login', { username, password: PASSWORD });
    const ended = await person.post('/api/account/sessions/end-others');
    expect(ended.body).toEqual({ ended: 2 });
    expect((await person.get('/api/user')).body.username).toBe(username);
    expectRefusal(await phone.get('/api/user'), 401, 'unauthenticated');
    expectRefusal(await laptop.get('/api/user'), 401, 'unauthenticated');
    // The owner's own session is another user's: untouched.
    expect((await owner.get('/api/user')).status).toBe(200);
  });

  it('is 401 signed out', async () => {
    expectRefusal(await api.client().put('/api/account/password', { currentPassword: 'x', newPassword: 'una-clave-bien-larga' }), 401, 'unauthenticated');
    expectRefusal(await api.client().post('/api/account/sessions/end-others'), 401, 'unauthenticated');
  });
});

describe('who may manage users', () => {
  it('is 401 signed out on every users route', async () => {
    const client = api.client();
    for (const [method, path] of [
      ['GET', '/api/users'],
      ['POST', '/api/users'],
      ['POST', '/api/users/1/disable'],
      ['POST', '/api/users/1/enable'],
      ['POST', '/api/users/1/link'],
      ['DELETE', '/api/users/1'],
    ] as const) {
      expectRefusal(await client.request(method, path, method === 'POST' ? {} : undefined), 401, 'unauthenticated');
    }
  });

  it('is 403 owner_required for a signed-in user who is not an owner (the guard itself)', async () => {
    const user = { id: 7, role: 'member' } as never;
    const ctx = { state: { user, access: new Access(user, [{ companyId: 1, role: 'organiser' }]) } } as never;
    const refusal = await ownerOnly(ctx, async () => {}).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 403, code: 'owner_required' });
  });

  it('lets only an owner register a user once one exists', async () => {
    const res = await owner.post('/api/register', { username: 'registrada', password: 'una-clave-larga', firstName: 'R', lastName: 'R', email: 'r@example.com' });
    expect(res.status).toBe(201);
    expect(res.body.role).toBe('owner');
    expectRefusal(await owner.post('/api/register', { username: 'otra.registrada', password: 'otra.registrada', firstName: 'R', lastName: 'R', email: 'r@example.com' }), 400, 'validation_failed');
  });
});
