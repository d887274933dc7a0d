import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ensureWebBuild } from '../../api/platform/web-build';
import { startFakeOpenAi } from '../support/fake-openai';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Before the workers start their servers (tests/e2e/fixtures.ts): builds the web app (when stale)
 * and the server once, so that no two workers build at the same time, and starts the fake
 * OpenAI-compatible service every server generates questions with; stops it after the run.
 */
export default async function globalSetup() {
  ensureWebBuild(ROOT, path.join(ROOT, 'dist'), (line) => console.log(line));
  execFileSync(process.execPath, ['scripts/server-build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  const fake = await startFakeOpenAi(Number(process.env.E2E_OPENAI_PORT));
  return () => fake.close();
}
