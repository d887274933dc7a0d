import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../api/platform/lib/password';
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN } from '../../contract';
import { UserEntity } from '../../db/entities';
import { startTestApi, type TestApi } from '../support/api-server';
import type { TestClient } from '../support/http-client';

type Api = Awaited<ReturnType<typeof startTestApi>>;

/** A code of the app, `steps` 30-second steps from now (the server accepts one step either side). */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** A new active user with a password, signed in on a client of its own. */
async function signedInUser(api: Api, username: string, role: 'owner' | 'member' = 'owner'): Promise<{ client: TestClient; login: { username: string; password: string } }> {
  const login = { username, password: `${username}-clave-larga-9` };
  const users = api.dataSource.getRepository(UserEntity);
  await users.save(users.create({ username, passwordHash: await hashPassword(login.password), firstName: 'Otra', lastName: 'Persona', email: `${username}@example.com`, role }));
  const client = api.client();
  expect((await client.post('/api/login', login)).status).toBe(200);
  return { client, login };
}

/** Turns two-step sign-in on for the client's user: its secret and recovery codes. */
async function turnOn(client: TestClient): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await client.post('/api/account/second-factor/setup');
  expect(setup.status).toBe(201);
  const confirm = await client.post('/api/account/second-factor/confirm', { code: await codeAt(setup.body.secret) });
  expect(confirm.status).toBe(200);
  return { secret: setup.body.secret, recoveryCodes: confirm.body.recoveryCodes };
}

describe('two-step sign-in', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('sets up with a QR link and a first code, gives 10 recovery codes once, and keeps the secret sealed', async () => {
    const { client } = await signedInUser(api, 'dos.pasos');
    expect((await client.get('/api/account/second-factor')).body).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, available: true });
    const setup = await client.post('/api/account/second-factor/setup');
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.uri).toBe(`otpauth://totp/Triviando:dos.pasos?secret=${setup.body.secret}&issuer=Triviando`);
    const current = await codeAt(setup.body.secret);
    const wrong = await client.post('/api/account/second-factor/confirm', { code: current === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'second_factor_invalid', issues: [{ path: 'code' }] });
    const confirm = await client.post('/api/account/second-factor/confirm', { code: await codeAt(setup.body.secret) });
    expect(confirm.status).toBe(200);
    expect(confirm.body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(confirm.body.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of confirm.body.recoveryCodes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    expect((await client.get('/api/account/second-factor')).body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // Nothing of the secret or the codes in the clear in the database, nor in a second set-up.
    const [row] = await api.dataSource.query(`SELECT sealed_secret, recovery_code_hashes FROM user_second_factors s JOIN users u ON u.id = s.user_id WHERE u.username = 'dos.pasos'`);
    expect(row.sealed_secret).not.toContain(setup.body.secret);
    expect(row.recovery_code_hashes.join()).not.toContain(confirm.body.recoveryCodes[0]);
    expect((await client.post('/api/account/second-factor/setup')).body).toMatchObject({ code: 'second_factor_enabled' });
  });

  it('asks for a code after a right password (401, no session), signs in with one, and refuses the same code again', async () => {
    const { client, login } = await signedInUser(api, 'con.codigo');
    const { secret } = await turnOn(client);

    const browser = api.client();
    const wrongPassword = await browser.post('/api/login', { ...login, password: 'no-es-la-clave-9' });
    expect(wrongPassword.body.code).toBe('unauthenticated'); // the code is asked only once the password is right
    const noCode = await browser.post('/api/login', login);
    expect(noCode.status).toBe(401);
    expect(noCode.body).toMatchObject({ code: 'second_factor_required', error: 'Escribe el código de tu aplicación de autenticación' });
    expect((await browser.get('/api/session')).body.user).toBeNull();

    // The set-up spent the current step's code: the next step's is the first one left.
    const code = await codeAt(secret, 1);
    const signedIn = await browser.post('/api/login', { ...login, code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(signedIn.status).toBe(200);
    expect((await browser.get('/api/session')).body.user.username).toBe('con.codigo');

    const replay = await api.client().post('/api/login', { ...login, code });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ code: 'second_factor_invalid', error: 'El código no es correcto o ya se usó' });
    const older = await api.client().post('/api/login', { ...login, code: await codeAt(secret) });
    expect(older.body.code).toBe('second_factor_invalid');
  });

  it('lets a reset link set the password but not sign in past the code', async () => {
    const { client } = await signedInUser(api, 'restablece');
    const { secret } = await turnOn(client);
    const owner = await api.adminClient();
    const { id } = (await owner.get('/api/users')).body.find((u: { username: string }) => u.username === 'restablece');
    const link = await owner.post(`/api/users/${id}/link`);
    const browser = api.client();
    const redeemed = await browser.post('/api/account-links/redeem', { token: link.body.path.replace('/cuenta/', ''), password: 'nueva-clave-del-faro-7' });
    expect(redeemed.status).toBe(401);
    expect(redeemed.body.code).toBe('second_factor_required');
    expect((await browser.get('/api/session')).body.user).toBeNull();
    expect((await browser.post('/api/login', { username: 'restablece', password: 'nueva-clave-del-faro-7', code: await codeAt(secret, 1) })).status).toBe(200);
  });

  it('lets only one of two sign-ins racing with the same code through', async () => {
    const { client, login } = await signedInUser(api, 'carrera');
    const { secret } = await turnOn(client);
    const code = await codeAt(secret, 1);
    const replies = await Promise.all([api.client().post('/api/login', { ...login, code }), api.client().post('/api/login', { ...login, code })]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('signs in with a recovery code once, in any case and spacing, and counts it down', async () => {
    const { client, login } = await signedInUser(api, 'recupera');
    const { recoveryCodes } = await turnOn(client);
    const [first] = recoveryCodes as [string];
    const once = await api.client().post('/api/login', { ...login, code: ` ${first.toUpperCase()} ` });
    expect(once.status).toBe(200);
    const twice = await api.client().post('/api/login', { ...login, code: first });
    expect(twice.body.code).toBe('second_factor_invalid');
    expect((await client.get('/api/account/second-factor')).body.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);
  });

  it('turns off with a current code or the password, not with a wrong one; signing in then needs no code', async () => {
    const { client, login } = await signedInUser(api, 'apaga');
    const { secret } = await turnOn(client);
    const wrong = await client.post('/api/account/second-factor/disable', { proof: 'otra-cosa-cualquiera' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'second_factor_invalid', issues: [{ path: 'proof' }] });
    const byPassword = await client.post('/api/account/second-factor/disable', { proof: login.password });
    expect(byPassword.body).toMatchObject({ enabled: false });
    expect((await api.client().post('/api/login', login)).status).toBe(200);

    const again = await turnOn(client);
    expect(again.secret).not.toBe(secret);
    const byCode = await client.post('/api/account/second-factor/disable', { proof: await codeAt(again.secret, 1) });
    expect(byCode.body).toMatchObject({ enabled: false });
  });

  it('is for owners: a member cannot set it up (403), and bad bodies get the error shape', async () => {
    const { client } = await signedInUser(api, 'miembro', 'member');
    expect((await client.get('/api/account/second-factor')).body.available).toBe(false);
    const setup = await client.post('/api/account/second-factor/setup');
    expect(setup.status).toBe(403);
    expect(setup.body.code).toBe('owner_required');
    const { client: owner } = await signedInUser(api, 'sin.curso');
    expect((await owner.post('/api/account/second-factor/confirm', { code: '123456' })).body.code).toBe('second_factor_not_pending');
    expect((await owner.post('/api/account/second-factor/confirm', {})).body).toMatchObject({ code: 'validation_failed', issues: [{ path: 'code' }] });
    expect((await owner.post('/api/account/second-factor/disable', { proof: 7 })).body.code).toBe('validation_failed');
    expect((await api.client().get('/api/account/second-factor')).status).toBe(401);
  });
});

describe('wrong codes count on the login limit (LOGIN_RATE_LIMIT 4)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ LOGIN_RATE_LIMIT: '4' });
  });
  afterAll(() => api.close());

  it('refuses the 5th try with 429 after 4 wrong codes, even with the right code', async () => {
    const { client, login } = await signedInUser(api, 'adivina');
    const { secret } = await turnOn(client);
    const right = await codeAt(secret, 1);
    const wrongCode = right === '999999' ? '888888' : '999999';
    // The step asking for the code costs nothing: the password was right.
    for (let i = 0; i < 6; i++) expect((await api.client().post('/api/login', login)).body.code).toBe('second_factor_required');
    for (let i = 0; i < 4; i++) expect((await api.client().post('/api/login', { ...login, code: wrongCode })).body.code).toBe('second_factor_invalid');
    const fifth = await api.client().post('/api/login', { ...login, code: right });
    expect(fifth.status).toBe(429);
  });
});
