import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('error shape and bad input', () => {
  it('refuses a POST without X-Requested-With with 403 (CSRF guard)', async () => {
    const res = await api.client().post('/api/login', { username: 'a', password: 'b' }, { withoutMarker: true });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/X-Requested-With/);
    expect(res.body.message).toBe(res.body.error);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await api.client().post('/api/login', undefined, { raw: '{"username": ', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Solicitud no válida', message: 'Solicitud no válida', code: 'bad_request' });
  });

  it('answers wrong types and unknown fields with 400 listing the fields', async () => {
    const wrongType = await api.client().post('/api/login', { username: 5, password: ['x'] });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.issues.map((i: { path: string }) => i.path)).toEqual(['username', 'password']);
    const unknown = await api.client().post('/api/login', { username: 'a', password: 'b', isAdmin: true });
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues[0].message).toBeTruthy();
  });

  it('answers a JSON body that is not an object with 400', async () => {
    const res = await api.client().post('/api/login', undefined, { raw: '"just a string"', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(400);
  });

  it('answers a body over 1 MB with 413', async () => {
    const huge = JSON.stringify({ username: 'x'.repeat(1_100_000), password: 'y' });
    const res = await api.client().post('/api/login', undefined, { raw: huge, headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('El contenido es demasiado grande');
  });

  it('answers an unknown API path with 404 in the error shape', async () => {
    const res = await api.client().get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'No encontrado', message: 'No encontrado', code: 'not_found' });
  });

  it('answers bare /api and any unknown API path, whatever the method, with 404 in the error shape', async () => {
    for (const res of [await api.client().get('/api'), await api.client().post('/api/no-such-thing', {}), await api.client().get('/api/')]) {
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.body).toEqual({ error: 'No encontrado', message: 'No encontrado', code: 'not_found' });
    }
  });

  it('answers a method a route does not take with 405 in the error shape, listing the allowed ones', async () => {
    const res = await api.client().put('/api/health', {});
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('GET');
    expect(res.body).toEqual({ error: 'Método no permitido', message: 'Método no permitido', code: 'method_not_allowed' });
  });

  it('answers a method the API does not implement with 501 in the error shape', async () => {
    const res = await api.client().request('PROPFIND', '/api/health');
    expect(res.status).toBe(501);
    expect(res.body).toEqual({ error: 'Método no implementado', message: 'Método no implementado', code: 'not_implemented' });
  });

  it('answers a write with a body that is not JSON with 415 in the error shape', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await api.client().post('/api/login', undefined, { raw: 'username=admin&password=x', headers: { 'Content-Type': contentType } });
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ error: 'Tipo de contenido no soportado', message: 'Tipo de contenido no soportado', code: 'unsupported_media_type' });
    }
    const withoutType = await api.client().request('POST', '/api/login', undefined, {
      raw: new TextEncoder().encode('{"username":"a","password":"b"}'), // bytes: fetch adds no Content-Type
    });
    expect(withoutType.status).toBe(415);
  });

  it('still takes a write without a body (Content-Length: 0)', async () => {
    const res = await api.client().request('POST', '/api/logout');
    expect(res.status).toBe(200);
  });

  it('gives every reply a request id and security headers with a strict CSP', async () => {
    const res = await api.client().get('/api/health');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('GET /api/health', () => {
  it('is 200 when the database answers', async () => {
    const res = await api.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', db: 'ok' });
  });
});

describe('text the database cannot store', () => {
  it('answers a NUL byte in a name with 400, not 500', async () => {
    const admin = await api.adminClient();
    const res = await admin.post('/api/companies', { name: 'Acme\u0000Corp' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Valor no válido');
  });
});
