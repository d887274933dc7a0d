import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { afterBuild } from './after-build';
import { filesUnder } from './files';

/** Where the player build writes its scripts and styles; only these (with play.html) are precached. */
export const PLAYER_ASSETS_DIR = 'assets/play';

/** What the service worker precaches: the player shell alone (admin chunks are cached at run time). */
export const PLAYER_SHELL_GLOBS = ['play.html', `${PLAYER_ASSETS_DIR}/**/*.{js,css}`, 'favicon.png', 'apple-touch-icon.png', 'icons/icon-192.png'];

/** The URLs listed in the precache manifest injected into the built service worker. */
export function precachedUrls(serviceWorkerSource: string): Set<string> {
  const urls = new Set<string>();
  for (const match of serviceWorkerSource.matchAll(/["']?url["']?\s*:\s*["']([^"']+)["']/g)) urls.add(match[1]!.replace(/^\//, ''));
  return urls;
}

/** The same-origin files an HTML page loads by itself: scripts, module preloads, stylesheets, icons. */
export function filesLoadedBy(html: string): string[] {
  const files = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)=["'](\/[^"'?#]*)["'][^>]*>/g)) {
    const tag = match[0];
    if (/rel=["']manifest["']/.test(tag)) continue;
    files.add(match[1]!.replace(/^\//, ''));
  }
  return [...files];
}

/**
 * Player shell files that are not in dist/sw.js: play.html and whatever it loads. Workbox leaves
 * out files over maximumFileSizeToCacheInBytes with only a warning, and a kiosk would then miss
 * them offline.
 */
export function precacheGaps(distDir: string, serviceWorkerFile = 'sw.js', shellPage = 'play.html'): string[] {
  const listed = precachedUrls(readFileSync(path.join(distDir, serviceWorkerFile), 'utf8'));
  const shell = [shellPage, ...filesLoadedBy(readFileSync(path.join(distDir, shellPage), 'utf8'))];
  const chunks = existsSync(path.join(distDir, PLAYER_ASSETS_DIR))
    ? filesUnder(path.join(distDir, PLAYER_ASSETS_DIR)).filter((file) => /\.(?:js|css)$/.test(file)).map((file) => `${PLAYER_ASSETS_DIR}/${file}`)
    : [];
  return [...new Set([...shell, ...chunks])].filter((file) => !listed.has(file));
}

/** A player shell file left out of the service worker's precache fails the build. */
export function failOnSkippedPrecache(outDir: string): Plugin {
  return afterBuild('fail-on-skipped-precache', () => {
    const gaps = precacheGaps(outDir);
    if (gaps.length) {
      throw new Error(`The service worker does not precache ${gaps.join(', ')} (too large for maximumFileSizeToCacheInBytes?). A kiosk would miss them offline.`);
    }
  });
}

