import { copyFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '../../contract';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildTrivia } from '../support/factories';

let api: TestApi;
let baseUrl: string;
let dataSource: TestApi['dataSource'];

beforeAll(async () => {
  // The player page as the build leaves it: web/play.html's markup (the build only rewrites its script tag).
  api = await startTestApi({}, {
    writeWebDist: (dir) => {
      copyFileSync(path.resolve(import.meta.dirname, '../../web/play.html'), path.join(dir, 'play.html'));
      writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Admin</title>');
    },
  });
  ({ baseUrl, dataSource } = api);
});

afterAll(() => api.close());

/** A GET with exactly these headers (fetch adds `Cache-Control: no-cache` to a conditional request, as a forced reload does). */
function plainGet(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });
}

/** The element opening tag that carries `attribute`. */
const tagWith = (html: string, attribute: string) => new RegExp(`<[a-z0-9]+\\b[^>]*\\b${attribute}\\b[^>]*>`).exec(html)?.[0];
const unescape = (text: string) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

describe('GET /play-trivia/:id paints the trivia before any script runs', () => {
  it("shows the trivia's title (escaped), logo and theme in the page's screen, and carries them for the player screen", async () => {
    const company = await buildCompany(dataSource, { name: 'Café "Norte"', logoUrl: 'https://example.org/logo.png?a=1&b=2' });
    const name = '<script>alert(1)</script> & "Trivia" de Ñandú';
    const { group } = await buildTrivia(dataSource, company.id, { overrides: { name, theme: { ...DEFAULT_THEME, fontFamily: 'Lato', headerColor: '#123456', animationStyle: 'none' } } });

    const res = await fetch(`${baseUrl}/play-trivia/${group.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Trivia&quot; de Ñandú</h1>');
    expect(html).toContain('<img src="https://example.org/logo.png?a=1&amp;b=2" alt="Logo de Café &quot;Norte&quot;"');

    const screen = tagWith(html, 'data-first-paint')!;
    expect(screen).not.toMatch(/\shidden\b/);
    const style = unescape(/\bstyle="([^"]*)"/.exec(screen)![1]!);
    expect(style).toContain("--t-font: 'Lato'");
    expect(style).toContain('--t-header: #123456');
    const carried = JSON.parse(unescape(/\bdata-first-paint="([^"]*)"/.exec(screen)![1]!));
    expect(carried).toMatchObject({ name, logoUrl: 'https://example.org/logo.png?a=1&b=2', companyName: 'Café "Norte"', theme: { fontFamily: 'Lato' } });
    // The theme has no entrance animation: the card has none either.
    expect(html).toContain('<section class="player-card">');
  });

  it('answers a repeat visit with 304 while the page is unchanged, and a new page once the trivia is renamed', async () => {
    const company = await buildCompany(dataSource);
    const { group } = await buildTrivia(dataSource, company.id, { overrides: { name: 'Primera' } });
    const first = await fetch(`${baseUrl}/play-trivia/${group.id}`, { headers: { 'Accept-Encoding': 'br' } });
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('vary')).toMatch(/Accept-Encoding/i);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect(await first.text()).toContain('>Primera</h1>');

    expect(await plainGet(`${baseUrl}/play-trivia/${group.id}`, { 'If-None-Match': etag })).toBe(304);

    await dataSource.query('UPDATE question_groups SET name = $1 WHERE id = $2', ['Segunda', group.id]);
    expect(await plainGet(`${baseUrl}/play-trivia/${group.id}`, { 'If-None-Match': etag })).toBe(200);
    expect(await (await fetch(`${baseUrl}/play-trivia/${group.id}`)).text()).toContain('>Segunda</h1>');
  });

  it('sends the page as built, its screen hidden, for a trivia that does not exist or an address that is not an id', async () => {
    for (const address of ['/play-trivia/999999', '/play-trivia/abc', '/play-trivia/99999999999999999999']) {
      const res = await fetch(baseUrl + address);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(tagWith(html, 'data-first-paint')).toMatch(/\sdata-first-paint hidden>/);
      expect(html).toMatch(/data-trivia-title><\/h1>/);
    }
  });
});
