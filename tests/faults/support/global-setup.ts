import path from 'node:path';
import { ensureWebBuild } from '../../../api/platform/web-build';
import { ROOT } from './api-process';

/** Builds the web app once, when stale, so no API start inside a test waits for a build. */
export default function setup() {
  ensureWebBuild(ROOT, path.join(ROOT, 'dist'), (line) => console.log(line));
}
