/**
 * npm start: the API server run compiled (dist-server/server.js, rebuilt first when the sources
 * are newer), in this same process so Ctrl-C and SIGTERM reach it directly. `npm run dev` and the
 * tests run the TypeScript with tsx instead.
 */
import path from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { buildServer, ROOT, SERVER_BUNDLE, serverBuildIsStale } from './server-build.mjs';

if (serverBuildIsStale()) {
  process.stdout.write('Building the server (esbuild)…\n');
  buildServer();
}
await import(pathToFileURL(path.join(ROOT, SERVER_BUNDLE)).href);
