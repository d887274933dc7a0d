import { mkdirSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCompressedCopies } from '../../build/precompress';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildTrivia } from '../support/factories';

/** A GET whose body is left as the server encoded it (fetch would decode it and hide that). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const SCRIPT = `export const questions = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, text: `Pregunta número ${i}` })))};\n`;
const PLAYER_PAGE = `<!doctype html><html lang="es"><head><title>Jugar</title></head><body><div id="root"></div>${'<!-- relleno -->'.repeat(100)}</body></html>`;

let api: TestApi;
let baseUrl: string;
let dataSource: TestApi['dataSource'];

beforeAll(async () => {
  // A built web app as the build leaves it: files with their .br and .gz copies beside them.
  api = await startTestApi({}, {
    writeWebDist: (dir) => {
      mkdirSync(path.join(dir, 'assets/play'), { recursive: true });
      writeFileSync(path.join(dir, 'assets/play/play-abc123.js'), SCRIPT);
      writeFileSync(path.join(dir, 'assets/tiny-abc123.js'), 'export {};\n');
      writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Admin</title>');
      writeFileSync(path.join(dir, 'play.html'), PLAYER_PAGE);
      writeCompressedCopies(dir);
    },
  });
  ({ baseUrl, dataSource } = api);
});

afterAll(() => api.close());

describe('built assets are served compressed', () => {
  const asset = '/assets/play/play-abc123.js';

  it('sends the brotli copy to a client that accepts br, with Vary and a year of immutable caching', async () => {
    const res = await rawGet(baseUrl + asset, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.length).toBeLessThan(SCRIPT.length / 3);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a client that accepts only gzip', async () => {
    const res = await rawGet(baseUrl + asset, { 'Accept-Encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    const res = await rawGet(baseUrl + asset, { 'Accept-Encoding': 'identity' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.body.toString()).toBe(SCRIPT);
  });

  it('leaves files under 1 kB uncompressed (no copy is built for them)', async () => {
    const res = await rawGet(`${baseUrl}/assets/tiny-abc123.js`, { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe('export {};\n');
  });

  it('answers a trivia address with the player page, compressed and revalidated on every load', async () => {
    const res = await rawGet(`${baseUrl}/play-trivia/7`, { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.body).toString()).toBe(PLAYER_PAGE);
    const admin = await rawGet(`${baseUrl}/packages`, { 'Accept-Encoding': 'br' });
    expect(admin.body.toString()).toContain('<title>Admin</title>');
  });
});

describe('JSON replies are compressed over 1 kB', () => {
  it('compresses a large JSON reply with brotli or gzip as the client asks, and leaves a small one alone', async () => {
    const company = await buildCompany(dataSource);
    const { group } = await buildTrivia(dataSource, company.id, { questions: 20, answersPerQuestion: 4 });
    const plain = await rawGet(`${baseUrl}/api/play/${group.id}/bundle`, { 'Accept-Encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await rawGet(`${baseUrl}/api/play/${group.id}/bundle`, { 'Accept-Encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    expect(br.body.length).toBeLessThan(plain.body.length / 2);

    const gzip = await rawGet(`${baseUrl}/api/play/${group.id}/bundle`, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(JSON.parse(plain.body.toString()));

    const small = await rawGet(`${baseUrl}/api/health`, { 'Accept-Encoding': 'br' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toBeTruthy();
  });
});

describe('GET /api/play/:groupId/manifest.webmanifest', () => {
  it("installs the trivia itself: its address as id, start_url and scope, its name and theme colours", async () => {
    const company = await buildCompany(dataSource);
    const { group } = await buildTrivia(dataSource, company.id, { overrides: { name: 'Trivia de la Feria del Libro' } });
    const res = await rawGet(`${baseUrl}/api/play/${group.id}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = JSON.parse(res.body.toString());
    expect(manifest).toMatchObject({
      id: `/play-trivia/${group.id}`,
      start_url: `/play-trivia/${group.id}`,
      scope: `/play-trivia/${group.id}`,
      name: 'Trivia de la Feria del Libro',
      display: 'standalone',
    });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.theme_color).toMatch(/^#|^rgb|^hsl/);
    expect(manifest.background_color).not.toMatch(/gradient/);
    expect(manifest.icons.some((icon: { sizes: string }) => icon.sizes === '512x512')).toBe(true);
  });

  it('answers 404 with the error shape for a missing trivia', async () => {
    const res = await rawGet(`${baseUrl}/api/play/999999/manifest.webmanifest`);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body.toString())).toMatchObject({ error: expect.any(String), code: expect.any(String) });
  });
});
