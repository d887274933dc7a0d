import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesLoadedBy, precacheGaps } from '../../build/precache';

function dist(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'dist-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

const PLAY_HTML =
  '<link rel="icon" href="/favicon.png"><script type="module" crossorigin src="/assets/play/play-1.js"></script>' +
  '<link rel="modulepreload" href="/assets/play/vendor-1.js"><link rel="stylesheet" href="/assets/play/play-1.css"><link rel="manifest" href="/x.webmanifest">';

describe('filesLoadedBy', () => {
  it('lists the scripts, preloads, styles and icons a page loads, not its manifest', () => {
    expect(filesLoadedBy(PLAY_HTML).sort()).toEqual(['assets/play/play-1.css', 'assets/play/play-1.js', 'assets/play/vendor-1.js', 'favicon.png']);
  });
});

describe('precacheGaps', () => {
  it('names a player shell file the injected manifest left out, and ignores admin chunks and fonts', () => {
    const dir = dist({
      'sw.js': 'precacheAndRoute([{url:"play.html",revision:"1"},{"revision":null,"url":"assets/play/play-1.js"},{url:"favicon.png"}])',
      'play.html': PLAY_HTML,
      'favicon.png': '',
      'assets/play/play-1.js': '',
      'assets/play/vendor-1.js': '',
      'assets/play/play-1.css': '',
      'assets/play/lazy-step-1.js': '',
      'assets/admin-page-1.js': '',
      'assets/fonts/inter-1.woff2': '',
      'index.html': '',
    });
    expect(precacheGaps(dir).sort()).toEqual(['assets/play/lazy-step-1.js', 'assets/play/play-1.css', 'assets/play/vendor-1.js']);
  });

  it('is empty when the whole player shell is listed', () => {
    const dir = dist({
      'sw.js': '[{url:"play.html"},{url:"assets/play/play-1.js"},{url:"assets/play/vendor-1.js"},{url:"assets/play/play-1.css"},{url:"favicon.png"}]',
      'play.html': PLAY_HTML,
      'assets/play/play-1.js': '',
      'assets/play/vendor-1.js': '',
      'assets/play/play-1.css': '',
      'assets/admin-1.js': '',
    });
    expect(precacheGaps(dir)).toEqual([]);
  });
});
