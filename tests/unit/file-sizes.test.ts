import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * No source file is over 300 lines: a file that long holds more than one job, and is split by
 * subject (docs/decisions.md, "Files of one job"). Source is every tracked TypeScript, JavaScript
 * and CSS file: api, contract, db, web, sw, scripts and tests, and build/ and the root's configs.
 */
const MAX_LINES = 300;
const SOURCE = ['*.ts', '*.tsx', '*.js', '*.mjs', '*.cjs', '*.css'];

/**
 * Data, not code, may be longer; each entry says why it is data. None is today. What could be: a
 * generated table (colours, a font's metrics) or a migration `npm run migration:create` wrote
 * (TypeORM's SQL for the entities, not written by hand). The migrations in db/migrations are all
 * under the limit; the longest (analysis-logs, 266 lines) is written by hand, so it is code and counts.
 */
const DATA_FILES: { file: string; why: string }[] = [];

/** Lines as an editor numbers them: a last line without its newline counts, an empty file has none. */
function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** The files of `files` over the limit, with their counts. */
function overLimit(files: string[], root = '.'): { file: string; lines: number }[] {
  return files.map((file) => ({ file, lines: lineCount(readFileSync(path.join(root, file), 'utf8')) })).filter(({ lines }) => lines > MAX_LINES);
}

const tracked = () => execFileSync('git', ['ls-files', '--', ...SOURCE], { encoding: 'utf8' }).split('\n').filter(Boolean);

describe('file sizes', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'file-sizes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const lines = (count: number, last = '\n') => Array.from({ length: count }, (_, i) => `line ${i + 1}`).join('\n') + (count ? last : '');

  it('counts lines as an editor numbers them, with or without the last newline', () => {
    expect([lineCount(''), lineCount('a'), lineCount('a\n'), lineCount('a\nb'), lineCount('a\n\n')]).toEqual([0, 1, 1, 2, 2]);
    expect(lineCount(lines(301))).toBe(301);
    expect(lineCount(lines(301, ''))).toBe(301);
  });

  it('flags a made-up file of 301 lines and passes one of 300', () => {
    writeFileSync(path.join(dir, 'long.ts'), lines(MAX_LINES + 1));
    writeFileSync(path.join(dir, 'fits.css'), lines(MAX_LINES, ''));
    expect(overLimit(['long.ts', 'fits.css'], dir)).toEqual([{ file: 'long.ts', lines: 301 }]);
  });

  it(`finds no tracked source file over ${MAX_LINES} lines but the listed data files`, () => {
    const files = tracked();
    // The listing reached the sources (a wrong pathspec would pass on nothing).
    expect(files).toEqual(expect.arrayContaining(['api/app.ts', 'web/player/player.css', 'tests/unit/file-sizes.test.ts']));
    const allowed = DATA_FILES.map(({ file }) => file);
    const long = overLimit(files).filter(({ file }) => !allowed.includes(file));
    expect(long.map(({ file, lines: count }) => `${file} (${count} lines)`), 'split these by subject').toEqual([]);
    // Each listed data file is still there and still over the limit: the list holds nothing stale.
    expect(overLimit(allowed).map(({ file }) => file)).toEqual(allowed);
  });
});
