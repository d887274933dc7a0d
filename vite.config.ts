import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appVersion } from './build/app-version';
import { playerPageInDev } from './build/dev-player-page';
import { kioskApart, playerChunkFileName } from './build/kiosk-chunks';
import { playerScriptBudget } from './build/player-budget';
import { failOnSkippedPrecache, PLAYER_ASSETS_DIR, PLAYER_SHELL_GLOBS } from './build/precache';
import { precompress } from './build/precompress';

/**
 * Two builds into one dist (aliases are global to a build): `vite build` makes the admin app
 * (index.html, React), then `vite build --mode player` makes the player screen (play.html, Preact
 * behind the React API), its service worker, the compressed copies of every file, and checks the
 * player's JavaScript budget. `npm run build` and the server's build run both, in that order. The
 * plugins and the checks they run live in build/.
 */
export const PLAYER_MODE = 'player';

/** Font files: cached by the service worker when a theme uses them, never precached. */
const FONT_ASSETS_DIR = 'assets/fonts';

const outDir = path.resolve(import.meta.dirname, 'dist');

/** Fonts in their own folder (never precached), player scripts and styles in theirs. */
function playerAssetFileName(asset: { names?: readonly string[]; name?: string }): string {
  const name = asset.names?.[0] ?? asset.name ?? '';
  return /\.(?:woff2?|ttf|otf)$/.test(name) ? `${FONT_ASSETS_DIR}/[name]-[hash][extname]` : `${PLAYER_ASSETS_DIR}/[name]-[hash][extname]`;
}

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

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
  const split = kioskApart();
  return {
    root: 'web',
    publicDir: false,
    define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(appVersion(import.meta.dirname)) },
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
      // One stylesheet, linked by play.html (the first paint needs it before any script).
      cssCodeSplit: false,
      rollupOptions: {
        input: { play: path.resolve(import.meta.dirname, 'web/play.html') },
        preserveEntrySignatures: false,
        // play.html's script (web/player/boot.ts) is small and imports the screen after the first
        // paint; the kiosk's own code is in chunks of its own that a phone never loads
        // (build/kiosk-chunks.ts).
        output: { assetFileNames: playerAssetFileName, chunkFileNames: playerChunkFileName, codeSplitting: { groups: split.groups } },
      },
    },
    plugins: [
      react(),
      tailwindcss(),
      split.plugin,
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
      failOnSkippedPrecache(outDir),
      precompress(outDir),
    ],
  };
}

export default defineConfig(({ mode }) => (mode === PLAYER_MODE ? playerConfig() : adminConfig()));
