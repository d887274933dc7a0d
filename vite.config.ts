import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import path from 'node:path';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// Kept in this file: the config loader wants no local TypeScript imports.

/**
 * Two builds into one dist (aliases are global to a build): `vite build` makes the admin app
 * (index.html, React), then `vite build --mode player` makes the player screen (play.html, Preact
 * behind the React API), its service worker, the compressed copies of every file, and checks the
 * player's JavaScript budget. `npm run build` and the server's build run both, in that order.
 */
export const PLAYER_MODE = 'player';

/** Most JavaScript the player route may send on a first visit, brotli-compressed, in bytes. */
export const PLAYER_JS_BUDGET_BYTES = 100_000;

/** Where the player build writes its scripts and styles; only these (with play.html) are precached. */
const PLAYER_ASSETS_DIR = 'assets/play';
/** Font files: cached by the service worker when a theme uses them, never precached. */
const FONT_ASSETS_DIR = 'assets/fonts';

/** What the service worker precaches: the player shell alone (admin chunks are cached at run time). */
export const PLAYER_SHELL_GLOBS = ['play.html', `${PLAYER_ASSETS_DIR}/**/*.{js,css}`, 'favicon.png', 'apple-touch-icon.png', 'icons/icon-192.png'];

function filesUnder(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full, base) : [path.relative(base, full).split(path.sep).join('/')];
  });
}

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

const outDir = path.resolve(import.meta.dirname, 'dist');

/** A step run once a build has written everything (vite-plugin-pwa's dist/sw.js included). */
function afterBuild(name: string, handler: () => void): Plugin {
  return { name, apply: 'build', enforce: 'post', closeBundle: { sequential: true, order: 'post', handler } };
}

/** A player shell file left out of the service worker's precache fails the build. */
function failOnSkippedPrecache(): Plugin {
  return afterBuild('fail-on-skipped-precache', () => {
    const gaps = precacheGaps(outDir);
    if (gaps.length) {
      throw new Error(`The service worker does not precache ${gaps.join(', ')} (too large for maximumFileSizeToCacheInBytes?). A kiosk would miss them offline.`);
    }
  });
}

/** A built script as the budget sees it: its code and the chunks it imports. */
export interface BudgetChunk {
  code: string;
  imports: readonly string[];
  dynamicImports: readonly string[];
}

/**
 * The scripts a page's entry can load, with each one's brotli size: the entry, its static imports
 * and every dynamic import reachable from them (counted too: a first visit may fetch them).
 */
export function scriptBudget(chunks: Record<string, BudgetChunk>, entry: string): { files: { file: string; brotli: number }[]; total: number } {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    const chunk = chunks[file];
    if (seen.has(file) || !chunk) continue;
    seen.add(file);
    queue.push(...chunk.imports, ...chunk.dynamicImports);
  }
  const files = [...seen].map((file) => ({ file, brotli: brotliSize(chunks[file]!.code) }));
  return { files, total: files.reduce((sum, file) => sum + file.brotli, 0) };
}

function brotliSize(content: string | Uint8Array): number {
  return brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

/** Fails the player build when play.html's JavaScript is over PLAYER_JS_BUDGET_BYTES, and prints it. */
function playerScriptBudget(): Plugin {
  return {
    name: 'player-script-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, BudgetChunk> = {};
      let entry: string | undefined;
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = { code: output.code, imports: output.imports, dynamicImports: output.dynamicImports };
        if (output.isEntry && output.facadeModuleId?.endsWith('play.html')) entry = output.fileName;
        if (output.isEntry && !entry) entry = output.fileName;
      }
      if (!entry) throw new Error('The player build has no entry script.');
      const { files, total } = scriptBudget(chunks, entry);
      const lines = files.sort((a, b) => b.brotli - a.brotli).map(({ file, brotli }) => `  ${(brotli / 1000).toFixed(1).padStart(6)} kB  ${file}`);
      const summary = `Player route JavaScript: ${(total / 1000).toFixed(1)} kB brotli (budget ${PLAYER_JS_BUDGET_BYTES / 1000} kB)`;
      this.info(`${summary}\n${lines.join('\n')}`);
      console.log(`${summary}\n${lines.join('\n')}`);
      if (total > PLAYER_JS_BUDGET_BYTES) {
        this.error(`${summary}: over budget. Something heavy entered the player graph (web/player/main.tsx).`);
      }
    },
  };
}

/** Files served compressed: text formats over this size get .br and .gz copies next to them. */
export const COMPRESSED_EXTENSIONS = ['js', 'css', 'html', 'svg', 'webmanifest', 'json'];
export const COMPRESS_MIN_BYTES = 1024;

/** Writes name.br and name.gz beside every compressible file of dir (after the service worker exists). */
export function writeCompressedCopies(dir: string): number {
  let written = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSED_EXTENSIONS.includes(path.extname(file).slice(1))) continue;
    const full = path.join(dir, file);
    const content = readFileSync(full);
    if (content.length < COMPRESS_MIN_BYTES) continue;
    writeFileSync(`${full}.br`, brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
    writeFileSync(`${full}.gz`, gzipSync(content, { level: 9 }));
    written++;
  }
  return written;
}

/** Last step of the player build (so both builds' files and sw.js are there): pre-compressed copies. */
function precompress(): Plugin {
  return afterBuild('precompress', () => {
    writeCompressedCopies(outDir);
  });
}

/** Fonts in their own folder (never precached), player scripts and styles in theirs. */
function playerAssetFileName(asset: { names?: readonly string[]; name?: string }): string {
  const name = asset.names?.[0] ?? asset.name ?? '';
  return /\.(?:woff2?|ttf|otf)$/.test(name) ? `${FONT_ASSETS_DIR}/[name]-[hash][extname]` : `${PLAYER_ASSETS_DIR}/[name]-[hash][extname]`;
}

/** The version staff read in their panel and send to support: package.json's, plus the commit when built from a git checkout. */
function appVersion(): string {
  const { version } = JSON.parse(readFileSync(path.resolve(import.meta.dirname, 'package.json'), 'utf8')) as { version: string };
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: import.meta.dirname, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    return commit ? `${version}+${commit}` : version;
  } catch {
    return version;
  }
}

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/** In `npm run dev` (one React build), /play-trivia/* gets play.html as the server does. */
function playerPageInDev(): Plugin {
  return {
    name: 'player-page-in-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/play-trivia\/[^/?]+\/?(?:\?|$)/.test(req.url) && req.headers.accept?.includes('text/html')) req.url = '/play.html';
        next();
      });
    },
  };
}

/** The admin app: React 19, index.html, every admin screen (cached by the service worker at run time). */
function adminConfig(): UserConfig {
  return {
    root: 'web',
    publicDir: 'public',
    build: {
      outDir: '../dist',
      emptyOutDir: true,
      sourcemap: false,
      // Screens are split per route (web/routes.tsx); the shared entry stays under this.
      chunkSizeWarningLimit: 400,
      rollupOptions: { input: { index: path.resolve(import.meta.dirname, 'web/index.html') } },
    },
    plugins: [react(), tailwindcss(), playerPageInDev()],
    server: {
      port: 5173,
      proxy: { '/api': { target: apiTarget, changeOrigin: false } },
    },
  };
}

/**
 * The player screen: play.html and web/player/main.tsx with Preact standing in for React (the
 * player code is written against the React API, so the admin's theme editor renders it with
 * React), the service worker precaching it, and the budget check.
 */
function playerConfig(): UserConfig {
  return {
    root: 'web',
    publicDir: false,
    define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(appVersion()) },
    resolve: {
      alias: [
        { find: /^react$/, replacement: 'preact/compat' },
        { find: /^react-dom$/, replacement: 'preact/compat' },
        { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
        { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
        { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
      ],
    },
    build: {
      outDir: '../dist',
      emptyOutDir: false,
      sourcemap: false,
      assetsDir: PLAYER_ASSETS_DIR,
      rollupOptions: {
        input: { play: path.resolve(import.meta.dirname, 'web/play.html') },
        // One script: every extra file is one more request before the first paint on a slow link,
        // and the entry's top-level await already splits its evaluation into two tasks.
        output: { assetFileNames: playerAssetFileName, codeSplitting: false },
      },
    },
    plugins: [
      react(),
      tailwindcss(),
      playerScriptBudget(),
      VitePWA({
        strategies: 'injectManifest',
        srcDir: '../sw',
        filename: 'sw.ts',
        injectRegister: false,
        registerType: 'prompt',
        // The admin app's manifest is web/public/manifest.webmanifest; a trivia's is served by the API.
        manifest: false,
        injectManifest: {
          globPatterns: PLAYER_SHELL_GLOBS,
          maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        },
        devOptions: { enabled: false },
      }),
      failOnSkippedPrecache(),
      precompress(),
    ],
  };
}

export default defineConfig(({ mode }) => (mode === PLAYER_MODE ? playerConfig() : adminConfig()));
