/**
 * The import worker's entry when the server runs from its TypeScript sources (tests, `npm run
 * dev`): a worker thread does not inherit the TypeScript loader, so it compiles read-job.ts with
 * tsx. The built server runs dist-server/import-read-job.js instead (scripts/server-build.mjs).
 */
import { tsImport } from 'tsx/esm/api';

const job = await tsImport('./read-job.ts', import.meta.url);
export default job.default;
