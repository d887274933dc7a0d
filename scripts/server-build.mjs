/**
 * The API server compiled ahead of time: api/server.ts bundled by esbuild into dist-server/server.js
 * (one ES module, TypeScript stripped, npm packages left as imports of node_modules). Run compiled,
 * the server skips compiling TypeScript at load, which costs a `tsx` start about 80 MB of resident
 * memory and seconds of CPU. `npm run build` writes it; `npm start` rebuilds it when it is stale.
 * Usage: node scripts/server-build.mjs [entry.ts out.js]   (default api/server.ts → dist-server/server.js)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_ENTRY = 'api/server.ts';
export const SERVER_BUNDLE = 'dist-server/server.js';
/** Modules the server loads by file name in worker threads, built next to the bundle: [source, file name]. */
const WORKER_ENTRIES = [['api/content/question-import/read-job.ts', 'import-read-job.js']];
/** What the server is built from: a change to any of them makes the bundle stale. */
const SOURCES = ['api', 'db', 'contract', 'package.json', 'package-lock.json', 'tsconfig.json'];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

/** True when the bundle is missing or older than any of the server's sources. */
export function serverBuildIsStale(root = ROOT, bundle = SERVER_BUNDLE) {
  const out = path.join(root, bundle);
  if (!existsSync(out)) return true;
  const builtAt = statSync(out).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > builtAt);
}

function bundle(root, entry, outfile) {
  const esbuild = path.join(root, 'node_modules', '.bin', 'esbuild');
  const args = [entry, '--bundle', '--platform=node', '--format=esm', '--target=node20', '--packages=external', '--sourcemap', '--log-level=warning', `--outfile=${outfile}`];
  const result = spawnSync(esbuild, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`esbuild ${entry} failed`);
}

/** Bundles `entry` into `out` (both relative to the repository), and the worker modules next to it; throws when esbuild fails. */
export function buildServer(root = ROOT, entry = SERVER_ENTRY, out = SERVER_BUNDLE) {
  bundle(root, entry, out);
  for (const [source, file] of WORKER_ENTRIES) bundle(root, source, path.join(path.dirname(out), file));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--help')) {
    process.stdout.write(`node scripts/server-build.mjs [entry.ts out.js]: bundles the API server (default ${SERVER_ENTRY} into ${SERVER_BUNDLE}).\n`);
    process.exit(0);
  }
  const [entry = SERVER_ENTRY, bundle = SERVER_BUNDLE] = process.argv.slice(2);
  buildServer(ROOT, entry, bundle);
}
