import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const scripts: Record<string, string> = JSON.parse(readFileSync('package.json', 'utf8')).scripts;

/**
 * The commands one script runs (`a && b`), each as what to start with `--help` instead of its
 * real work: a tsx or node entry point is started with its file (each prints its usage and stops), any
 * other tool is asked for its own help. Starting the real code is the point: a missing file, a
 * broken import or an unknown binary fails here.
 */
function helpCommands(script: string): string[][] {
  return script.split('&&').map((part) => {
    const [bin, ...args] = part.trim().split(/\s+/);
    if (bin === 'tsx') return ['tsx', args.find((arg) => arg.endsWith('.ts'))!, '--help'];
    if (bin === 'node') return ['node', args.find((arg) => arg.endsWith('.mjs'))!, '--help'];
    return [bin!, '--help'];
  });
}

describe.concurrent('every npm run script starts', () => {
  it.each(Object.keys(scripts))('%s', { timeout: 120_000 }, async (name) => {
    for (const [bin, ...args] of helpCommands(scripts[name]!)) {
      const { stdout } = await run(bin === 'node' ? process.execPath : `node_modules/.bin/${bin}`, args, { env: { ...process.env, NODE_ENV: 'test' }, timeout: 110_000 });
      expect(stdout.trim(), `${name}: ${bin} ${args.join(' ')} printed nothing`).not.toBe('');
    }
  });
});
