import path from 'node:path';
import { ensureWebBuild } from '../../../api/web-build';
import { ROOT } from './api-process';

/**
 * Builds the web app once, when stale, so no API start inside a test waits for a build. Vitest
 * sets NODE_ENV=test, and Vite would then make a development build (React's development bundle,
 * no service worker registration): the build gets NODE_ENV=production, as `npm start` gives it.
 */
export default function setup() {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    ensureWebBuild(ROOT, path.join(ROOT, 'dist'), (line) => console.log(line));
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
