import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The version staff read in their panel and send to support: package.json's, plus the commit when built from a git checkout. */
export function appVersion(root: string): string {
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    return commit ? `${version}+${commit}` : version;
  } catch {
    return version;
  }
}

