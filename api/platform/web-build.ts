import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = ['web', 'sw', 'contract', 'build', 'vite.config.ts', 'package.json'];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

/** The build's last output (the player build writes it after the admin build): its age is the build's. */
const LAST_BUILT = 'sw.js';

/** True when dist is missing or older than any source of the web app. */
export function webBuildIsStale(root: string, distDir: string): boolean {
  const built = path.join(distDir, LAST_BUILT);
  if (!existsSync(path.join(distDir, 'index.html')) || !existsSync(path.join(distDir, 'play.html'))) return true;
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > builtAt);
}

/**
 * Builds the PWA with Vite when it is missing or stale: the admin app, then the player screen (its
 * own build, with the service worker, the compressed copies and the script budget). Always a production bundle: with the
 * server's NODE_ENV (test, development) Vite would make a development build whose service worker
 * never registers, so the player screen would silently lose its offline mode.
 */
export function ensureWebBuild(root: string, distDir: string, log: (line: string) => void): void {
  if (!webBuildIsStale(root, distDir)) return;
  log('Building the web app (vite build)…');
  const vite = path.join(root, 'node_modules', '.bin', 'vite');
  for (const mode of ['production', 'player']) {
    const result = spawnSync(vite, ['build', '--mode', mode, '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    if (result.status !== 0) throw new Error(`vite build (${mode}) failed`);
  }
}
