import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertFirstAdminPassword } from '../../api/bootstrap';
import { loadConfig } from '../../api/platform/config';
import { startTestApi, type TestApi } from '../support/api-server';

/**
 * The password rule (contract/password-strength.ts) on every route that sets a password: the
 * first user's registration, an invitation or reset link, and "Mi cuenta". A long password that is
 * easy to guess (a common one, the product's name, the person's own name) is refused with 400 on
 * the password's field, in the rule's Spanish words.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const WEAK = /^Esta contraseña es fácil de adivinar\./;

describe('a long but guessable password', () => {
  it('is refused at registration: a common one, and one made of the product and the year', async () => {
    const fresh = await startTestApi();
    try {
      const register = (password: string) => fresh.client().post('/api/register', { username: 'primera', password, firstName: 'Lucía', lastName: 'Prado', email: 'lucia@ferias.co' });
      for (const password of ['Password123456', 'triviando2026', 'luciaprado2026']) {
        const res = await register(password);
        expect(res.status, password).toBe(400);
        expect(res.body).toMatchObject({ code: 'validation_failed', issues: [{ path: 'password', message: expect.stringMatching(WEAK) }] });
      }
      expect((await register('caballo-tinta-lunes-9')).status).toBe(201);
    } finally {
      await fresh.close();
    }
  });

  it('is refused on an invitation link (with the invitee\'s own name) and in "Mi cuenta"', async () => {
    const owner = await api.adminClient();
    const invited = await owner.post('/api/users', { username: 'marta.gil', firstName: 'Marta', lastName: 'Gil', email: 'marta@ferias.co' });
    const token = invited.body.link.path.replace('/cuenta/', '');
    // The page's meter checks against the same words as the server.
    const check = await api.client().post('/api/account-links/check', { token });
    expect(check.body.passwordOwner).toEqual({ username: 'marta.gil', firstName: 'Marta', lastName: 'Gil', email: 'marta@ferias.co' });
    const person = api.client();
    const weak = await person.post('/api/account-links/redeem', { token, password: 'martagil2026' });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ code: 'validation_failed', issues: [{ path: 'password', message: expect.stringMatching(WEAK) }] });
    expect(weak.body.error).toMatch(/datos personales/);
    expect((await person.post('/api/account-links/redeem', { token, password: 'caballo-tinta-lunes-9' })).status).toBe(200);

    const change = await person.put('/api/account/password', { currentPassword: 'caballo-tinta-lunes-9', newPassword: 'qwertyuiop12' });
    expect(change.status).toBe(400);
    expect(change.body).toMatchObject({ code: 'validation_failed', issues: [{ path: 'newPassword', message: expect.stringMatching(WEAK) }] });
  });
});

describe('ADMIN_PASSWORD', () => {
  const config = (password: string) => loadConfig({ NODE_ENV: 'test', DATA_DIR: '.', ADMIN_PASSWORD: password });

  it('stops the first start with the rule\'s reason when it is weak, and lets a strong one through', () => {
    expect(() => assertFirstAdminPassword(config('admin12345'))).toThrow(/^ADMIN_PASSWORD does not follow the password rule .*fácil de adivinar/);
    expect(() => assertFirstAdminPassword(config('corta'))).toThrow(/al menos 10 caracteres/);
    expect(() => assertFirstAdminPassword(config('caballo-tinta-lunes-9'))).not.toThrow();
    expect(() => assertFirstAdminPassword(loadConfig({ NODE_ENV: 'test', DATA_DIR: '.' }))).not.toThrow(); // generated
  });
});
