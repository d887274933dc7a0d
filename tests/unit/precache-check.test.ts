import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { precacheGaps } from '../../vite.config';

function dist(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'dist-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

describe('precacheGaps', () => {
  it('names a built asset the injected manifest left out', () => {
    const dir = dist({
      'sw.js': 'precacheAndRoute([{url:"index.html",revision:"1"},{"revision":null,"url":"assets/app.js"}])',
      'index.html': '',
      'assets/app.js': '',
      'assets/huge.js': '',
      'assets/font.woff2': '',
      'manifest.webmanifest': '',
    });
    expect(precacheGaps(dir).sort()).toEqual(['assets/font.woff2', 'assets/huge.js']);
  });

  it('is empty when every asset is listed', () => {
    const dir = dist({ 'sw.js': '[{url:"index.html"},{url:"icons/a.png"}]', 'index.html': '', 'icons/a.png': '' });
    expect(precacheGaps(dir)).toEqual([]);
  });
});
