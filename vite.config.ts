import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// Kept in this file: the config loader wants no local TypeScript imports.
/** Built files the service worker must precache (the same extensions as the injectManifest glob). */
export const PRECACHE_EXTENSIONS = ['js', 'css', 'html', 'png', 'woff2', 'ico'];

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

/**
 * Built files that should be precached but are not in dist/sw.js: Workbox leaves out files over
 * maximumFileSizeToCacheInBytes with only a warning, and a kiosk would then miss them offline.
 */
export function precacheGaps(distDir: string, serviceWorkerFile = 'sw.js'): string[] {
  const listed = precachedUrls(readFileSync(path.join(distDir, serviceWorkerFile), 'utf8'));
  return filesUnder(distDir)
    .filter((file) => PRECACHE_EXTENSIONS.includes(path.extname(file).slice(1)))
    .filter((file) => file !== serviceWorkerFile && !/^workbox-[\w-]+\.js$/.test(file))
    .filter((file) => !listed.has(file));
}

const outDir = path.resolve(import.meta.dirname, 'dist');

/** Runs after vite-plugin-pwa wrote dist/sw.js: a built file left out of the precache fails the build. */
function failOnSkippedPrecache(): Plugin {
  return {
    name: 'fail-on-skipped-precache',
    apply: 'build',
    enforce: 'post',
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        const gaps = precacheGaps(outDir);
        if (gaps.length) {
          throw new Error(`The service worker does not precache ${gaps.join(', ')} (too large for maximumFileSizeToCacheInBytes?). A kiosk would miss them offline.`);
        }
      },
    },
  };
}

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    sourcemap: false,
    // Screens are split per route (web/routes.tsx); the shared entry stays under this.
    chunkSizeWarningLimit: 400,
  },
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '../sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        name: 'Triviando',
        short_name: 'Triviando',
        description: 'Trivias para stands de eventos, con o sin conexión',
        lang: 'es',
        theme_color: '#6d28d9',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: [`**/*.{${PRECACHE_EXTENSIONS.join(',')}}`],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    failOnSkippedPrecache(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
